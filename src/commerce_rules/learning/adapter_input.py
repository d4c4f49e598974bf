"""What the NumPy-based adapters (PettingZoo, Gymnasium) accept as an action: an integer, never anything rounded to one.

Apart from both adapters so that neither needs the other's framework.
"""

from __future__ import annotations

import numpy as np

from ..core.errors import ArgumentTypeError
from ..core.quoting import shown

__all__ = ["action_index_argument"]


def action_index_argument(action: object) -> int:
    """``action`` as an index: a Python or NumPy integer; a float, string, bool or array is refused, never rounded.

    :raises ArgumentTypeError: ``action`` is no integer (``step("4")`` or ``step(4.9)`` would otherwise play 4).
    """
    if isinstance(action, (bool, np.bool_)) or not isinstance(action, (int, np.integer)):
        raise ArgumentTypeError(f"an action is an int index of the action space, not {shown(action)}")
    return int(action)
