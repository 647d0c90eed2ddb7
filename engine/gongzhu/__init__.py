"""拱猪 (Gongzhu): the complete rules of docs/rules/gongzhu.md as a pure library.

g = gongzhu.new_game(seed=7)               # the first deal of a new match, in its exposure phase
g = gongzhu.from_hands([...four hands...], leader=0, exposed=["SQ"])
m = gongzhu.new_match(seed=7)              # deals one after another, with totals
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from engine.errors import IllegalMove
from engine.gongzhu import events
from engine.gongzhu.cards import DECK, Card, parse_card
from engine.gongzhu.deal import Deal
from engine.gongzhu.match import Match
from engine.gongzhu.moves import PASS, Decision, Move, Play, parse_move
from engine.gongzhu.rules import Rules


def new_match(seed: int | str = 0, rules: Rules | None = None) -> Match:
    return Match(seed, rules)


def new_game(seed: int | str = 0, rules: Rules | None = None) -> Deal:
    """The first deal of a new match: dealt, waiting for the exposure decisions (or the lead)."""
    return new_match(seed, rules).deal


def from_hands(
    hands: Sequence[str], leader: int = 0, exposed: Iterable[str] = (), rules: Rules | None = None
) -> Deal:
    """A position in play (no exposure phase, no ♣2 obligation) with these cards exposed."""
    return Deal(rules or Rules(), "position", 1, leader, hands, exposed, exposure=False, lead_reason="given")


def deal_from(
    hands: Sequence[str], deal_no: int = 1, leader: int | None = None, rules: Rules | None = None
) -> Deal:
    """A deal dealt exactly these hands that runs the exposure phase and the first-lead rule
    (the ♣2 on deal 1 unless a leader is given). For tests and teaching positions."""
    return Deal(rules or Rules(), "position", deal_no, leader, hands, lead_reason="given")


__all__ = [
    "DECK",
    "PASS",
    "Card",
    "Deal",
    "Decision",
    "IllegalMove",
    "Match",
    "Move",
    "Play",
    "Rules",
    "deal_from",
    "events",
    "from_hands",
    "new_game",
    "new_match",
    "parse_card",
    "parse_move",
]
