"""The vocabulary every layer speaks: cards, decks, rules, errors, actions, events and states.

Nothing here knows a particular mechanism, scoring or ranking; every other
package of :mod:`commerce_rules` may import from here, and this package
imports from none of them.
"""
