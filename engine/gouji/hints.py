"""Why the heuristic bot makes its move, in its own terms: the branch
of `bot._lead` / `bot._answer` that decided it, as a key and its values for the interface's
words (`hint.<key>` in the game's catalogue). Only what the seat may see is read."""

from __future__ import annotations

from engine.gouji.bot import NEAR_FINISH, answer_budget, answer_cost
from engine.gouji.cards import BIG_JOKER, SMALL_JOKER, TWO, cards_but_threes
from engine.gouji.hand import Hand
from engine.gouji.scoring import opposite, team
from engine.gouji.sets import PASS, WILD_ONLY, YIELD, CardSet, Move

Reason = tuple[str, dict[str, object]]
WILDCARDS = (TWO, SMALL_JOKER, BIG_JOKER)


def explain(hand: Hand, seat: int, move: Move) -> Reason:
    """(reason key, its values); ("", {}) when there is nothing to say beyond the move."""
    if len(hand.legal_moves(seat)) == 1:
        return "only", {}
    if hand.phase != "play":
        return "", {}
    if hand.table is None:
        return _lead(hand, seat, move)
    return _answer(hand, seat, move)


def _lead(hand: Hand, seat: int, move: Move) -> Reason:
    assert isinstance(move, CardSet)
    if move.size == cards_but_threes(hand.cards[seat].counts):
        return "goes_out", {}
    if hand.rules.kaidian and not hand.opened[seat] and hand.opens_point(move):
        return "opens_point", {}
    if move.rank != WILD_ONLY and move.naturals < hand.cards[seat].counts[move.rank]:
        return "lead_part", {"kept": hand.cards[seat].counts[move.rank] - move.naturals}
    if not (move.twos or move.jokers):
        kept = sum(hand.cards[seat].counts[rank] for rank in WILDCARDS)
        return ("keeps_wildcards", {"count": kept}) if kept else ("lead_small", {})
    return "wildcards_only", {}


def _answer(hand: Hand, seat: int, move: Move) -> Reason:
    owner, table = hand.owner, hand.table
    assert table is not None
    if move is YIELD:
        return "yield", {}
    if move is PASS:
        if team(owner) == team(seat):
            return "teammate_leads", {}
        if not [m for m in hand.legal_moves(seat) if isinstance(m, CardSet)]:
            return "nothing_beats", {}
        return "too_costly", {}
    assert isinstance(move, CardSet)
    if move.size == cards_but_threes(hand.cards[seat].counts):
        return "goes_out", {}
    gouji = hand.is_gouji(table)
    if owner == opposite(seat) and gouji and hand.opens_point(table) and hand.point_open_to(owner):
        return "stops_point", {}
    if hand.left[owner] <= NEAR_FINISH:
        return "stops_finish", {"left": hand.left[owner]}
    budget = answer_budget(seat, owner, hand.left[owner], gouji, False)
    if answer_cost(hand.cards[seat].counts)(move)[0] <= 0 <= budget:
        return "cheap_answer", {}
    return "worth_answering", {}
