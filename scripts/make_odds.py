"""Regenerate docs/rankings/odds.md from the library's hand tables.

Usage: python scripts/make_odds.py [PATH] [--check]
(the same as ``python -m commerce_rules.ranking.odds``).
"""

from __future__ import annotations

import sys

from commerce_rules.ranking.odds import main

if __name__ == "__main__":
    sys.exit(main())
