"""``python -m commerce_rules``: the same program as the ``commerce-rules`` command."""

from __future__ import annotations

from .cli import main

if __name__ == "__main__":
    raise SystemExit(main())
