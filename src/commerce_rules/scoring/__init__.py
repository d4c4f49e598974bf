"""Scorings: what a deal costs and pays, when the match ends and who won.

Each scoring is a class in its own module with the methods of
:class:`commerce_rules.parts.play.ScoringPart`; :mod:`commerce_rules.engine.variant`
registers them.
"""
