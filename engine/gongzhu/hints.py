"""Why the heuristic bot makes its play, in its own terms: the branch
of `bot._cost` that decided it, as a key and its values for the interface's words
(`hint.<key>` in the game's catalogue). Only what the seat may see is read."""

from __future__ import annotations

from engine.gongzhu.bot import HIGH_SPADES, _pig_out, _value
from engine.gongzhu.cards import HEARTS, PIG, SEATS, SHEEP, SPADES
from engine.gongzhu.deal import Deal
from engine.gongzhu.moves import Decision, Move, Play

HIGH_LEAD = 11  # a lead of a J or higher is made to win the trick, not to stay out of it


def explain(deal: Deal, seat: int, move: Move) -> tuple[str, dict[str, object]]:
    """(reason key, its values); ("", {}) when there is nothing to say beyond the move."""
    if len([m for m in deal.legal_moves(seat) if not (isinstance(m, Decision) and m.name == "claim")]) == 1:
        return "only", {}
    if isinstance(move, Decision):
        if deal.phase == "expose":
            return ("expose_protected", {}) if move.name == "expose" else ("expose_none", {})
        return "", {}
    assert isinstance(move, Play)
    card = move.cards[0]
    if not deal.trick:
        return _lead(deal, seat, move)
    led = deal.trick[0][1].suit
    if card.suit != led:
        return _discard(deal, seat, move)
    high = max(c.rank for _, m in deal.trick for c in m.cards if c.suit == led)
    on_table = sum(_value(deal, c) for _, m in deal.trick for c in m.cards)
    if card.rank < high:
        return ("duck_points", {"points": -on_table}) if on_table < 0 else ("duck", {})
    if SHEEP in [c for _, m in deal.trick for c in m.cards]:
        return "take_sheep", {}
    if len(deal.trick) == SEATS - 1:
        return "win_last", {}
    if on_table < 0:
        return "win_points", {"points": -on_table}
    return "win_cheap", {}


def _lead(deal: Deal, seat: int, move: Play) -> tuple[str, dict[str, object]]:
    card = move.cards[0]
    if card.suit == SPADES and _pig_out(deal, seat) and card.rank < PIG.rank:
        return "flush_pig", {}
    if card.rank >= HIGH_LEAD:
        return "lead_high", {}
    if card.suit == HEARTS:
        return "lead_heart", {}
    return "lead_low", {}


def _discard(deal: Deal, seat: int, move: Play) -> tuple[str, dict[str, object]]:
    card = move.cards[0]
    if card is PIG:
        return "shed_pig", {}
    if card.suit == SPADES and card.rank in HIGH_SPADES and _pig_out(deal, seat):
        return "shed_high_spade", {}
    if card.suit == HEARTS:
        return "shed_heart", {}
    return "shorten_suit", {}
