"""够级 (Gouji): the complete rules of docs/rules/gouji.md as a pure library.

g = gouji.new_game(seed=7)                # the first hand of a new match
g = gouji.from_hands([...six hands...], leader=0)
m = gouji.new_match(seed=7)               # hands one after another, with totals
"""

from __future__ import annotations

from engine.errors import IllegalMove
from engine.gouji import events
from engine.gouji.cards import RANKS, Card
from engine.gouji.hand import Hand, deal_from, from_hands
from engine.gouji.match import Match
from engine.gouji.rules import Rules
from engine.gouji.scoring import Debt
from engine.gouji.sets import PASS, CardSet, Decision, Move, parse_move


def new_match(seed: int | str = 0, rules: Rules | None = None) -> Match:
    return Match(seed, rules)


def new_game(seed: int | str = 0, rules: Rules | None = None) -> Hand:
    """The first hand of a new match: dealt, 买3 done, waiting for its first decision."""
    return new_match(seed, rules).hand


__all__ = [
    "PASS",
    "RANKS",
    "Card",
    "CardSet",
    "Debt",
    "Decision",
    "Hand",
    "IllegalMove",
    "Match",
    "Move",
    "Rules",
    "deal_from",
    "events",
    "from_hands",
    "new_game",
    "new_match",
    "parse_move",
]
