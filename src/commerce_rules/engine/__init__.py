"""The engine: the registry of parts, ``apply`` and what it calls (deal, start, showdown), and ``observe``.

It is the one layer that knows every registered part; the parts below it
never import it.
"""

from .reducer import apply, legal_actions, replay

__all__ = ["apply", "legal_actions", "replay"]
