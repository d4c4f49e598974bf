"""Mechanisms: who acts, what they may do, how cards move, and when the exchanges end.

Each mechanism is a class in its own module with the methods of
:class:`commerce_rules.parts.play.MechanismPart`, its own turn record, its JSON
for that record, its checks and its words; :mod:`commerce_rules.engine.variant`
registers them.
"""
