"""For bot authors and learning code: integer actions, tensors, returns, and the adapters' shared pieces.

None of it needs NumPy or a framework: the adapters (:mod:`commerce_rules.openspiel`,
:mod:`commerce_rules.pettingzoo`, :mod:`commerce_rules.gym`) build on it.
"""
