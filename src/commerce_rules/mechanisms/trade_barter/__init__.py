"""Trade and barter (Foster's Commerce): buy a card from the dealer, or barter one with the next seat.

One class per role, registered together as :data:`TRADE_BARTER`: the play
(:class:`TradeBarter`), the turn record's JSON and checks
(:class:`TradeBarterDocument`), the words (:class:`TradeBarterWords`) and the
learning role (:class:`TradeBarterLearning`).
"""

from typing import Final

from ...parts.spec import MechanismSpec
from .mechanism import TradeBarter
from .record import BUY_PRICE, TradeBarterDocument, TradeTurn
from .sampling import TradeBarterLearning
from .words import TradeBarterWords

TRADE_BARTER: Final = MechanismSpec(
    play=TradeBarter(), document=TradeBarterDocument(), words=TradeBarterWords(), learning=TradeBarterLearning()
)
"""Trade and barter as the registry holds it."""

__all__ = ["BUY_PRICE", "TRADE_BARTER", "TradeBarter", "TradeBarterDocument", "TradeBarterLearning", "TradeBarterWords", "TradeTurn"]
