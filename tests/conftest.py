"""Fixtures the tests share."""

from __future__ import annotations


import signal
from collections.abc import Iterator

import pytest


@pytest.fixture
def ctrl_c_armed() -> Iterator[None]:
    """SIGINT raises KeyboardInterrupt in this process during the test, whatever the test runner inherited.

    A command started in the background by a shell without job control (as
    CI may start the suite) has SIGINT ignored, and Python then keeps it
    ignored: a simulated Ctrl-C would do nothing. The tests of Ctrl-C arm it
    themselves, and restore what they found.
    """
    before = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, before)
