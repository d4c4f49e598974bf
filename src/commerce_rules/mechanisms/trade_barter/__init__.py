"""Trade and barter (Foster's Commerce): buy a card from the dealer, or barter one with the next seat."""

from .mechanism import BUY_PRICE, TradeBarter, TradeTurn

__all__ = ["BUY_PRICE", "TradeBarter", "TradeTurn"]
