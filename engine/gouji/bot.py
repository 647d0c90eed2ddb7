"""A 够级 bot that plays like a sensible club player, from public information and its
own hand only: it keeps 2s and jokers for 够级 sets, burns and its last set, leads its low sets
first, answers the opposite side when it is cheap or when it matters, tries to open point, finishes
on a strong set so it is not smothered, and lets its teammates' sets stand."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Final

from engine.gouji.cards import ACE, BIG_JOKER, FOUR, KING, SMALL_JOKER, TWO, cards_but_threes
from engine.gouji.hand import Hand
from engine.gouji.scoring import opposite, team
from engine.gouji.sets import PASS, WILD_ONLY, YIELD, CardSet, Move, natural_set

# What a wildcard is worth keeping: a 2 is useful, a small joker more, a big joker most.
TWO_COST: Final = 3
SMALL_COST: Final = 7
BIG_COST: Final = 10
CHEAP: Final = 0  # answers that spend no wildcard and split no rank are always worth playing
THREAT: Final = 8  # spent on a 够级 set or on a player close to finishing
URGENT: Final = 16  # spent when the other side is about to finish, or its 够级 set would open point
ONE_TWO: Final = 5  # one wildcard 2 (and a split rank): the opposite's 够级 set that opens nothing
SPLIT_COST: Final = 2  # an answer that splits a rank leaves the rest of it weaker
NEAR_FINISH: Final = 6  # cards left that make a player dangerous
TEAMMATES: Final = -1  # the budget for a teammate's set: nothing (every answer costs 0 or more)
# 明点 (docs/rules/gouji-variants.md A.6, B.6) only with a clear reason: this many jokers answer the
# opposite's 够级 sets first (only the opposite may, unburnt) and keep it from opening point
DECLARING_JOKERS: Final = 4


def wild_cost(move: CardSet) -> int:
    return move.twos * TWO_COST + move.small * SMALL_COST + move.big * BIG_COST


def choose(hand: Hand, seat: int, rand: random.Random) -> Move:
    moves = hand.legal_moves(seat)
    if len(moves) == 1:
        return moves[0]
    if hand.phase != "play":
        return _preplay(hand, seat, moves)
    sets = [m for m in moves if isinstance(m, CardSet)]
    if hand.table is None:
        return _lead(hand, seat, sets)
    chosen = _answer(hand, seat, sets)
    if chosen is PASS and YIELD in moves:
        return YIELD  # 让牌 costs nothing: the next two (a teammate among them) answer first
    return chosen


def _preplay(hand: Hand, seat: int, moves: list[Move]) -> Move:
    sets = [m for m in moves if isinstance(m, CardSet)]
    names = {m.text: m for m in moves}
    if hand.phase == "revolution":
        return names["revolt"]  # no 2 and no joker: sitting out as 四科 beats playing that hand
    if hand.phase == "charge":  # 冲点 with the strongest point set
        return max(sets, key=lambda m: (m.value, m.size)) if sets else PASS
    if hand.phase in ("charge_answer", "uncontested"):
        return min(sets, key=lambda m: (m.value, m.size)) if sets else PASS
    if hand.phase == "resist":
        return names["resist"]  # four identical jokers are worth more than a tribute
    if hand.phase == "declare":  # 明点 with cards seen; never 预点 / 太空 blind
        counts = hand.cards[seat].counts
        confident = counts[BIG_JOKER] + counts[SMALL_JOKER] >= DECLARING_JOKERS
        return names["declare"] if confident else PASS
    if hand.phase == "claim_answer":  # 挑牌: a teammate's claim helps the team, an enemy's not
        claimant = hand.claimant
        return names["accept" if claimant is not None and team(claimant) == team(seat) else "reject"]
    if hand.phase == "dead_levels":
        return names["deadlevels"]  # three protected rounds cost the opposite nothing to choose
    return hand.default_move(seat)  # a teammate's tribute: take it all


def _lead(hand: Hand, seat: int, sets: list[CardSet]) -> Move:
    wants_point = hand.rules.kaidian and not hand.opened[seat] and not hand.played_four[seat]
    return lead_choice(sets, hand.cards[seat].counts, wants_point, hand.opens_point)


def lead_choice(
    sets: list[CardSet], counts: list[int], wants_point: bool, opens_point: Callable[[CardSet], bool]
) -> CardSet:
    """The lead of a hand of these cards among its legal `sets` (the hand's and the playout
    kernel's): going out if it can, else a strong point set while point is wanted, else its
    lowest whole rank, else its cheapest set."""
    rest = cards_but_threes(counts)
    whole = [m for m in sets if m.size == rest]  # the rest in one set: finish now
    if whole:
        return max(whole, key=lambda m: (m.big, m.small, m.value))
    plain = [m for m in sets if not (m.twos or m.jokers) and not m.is_threes and m.naturals == counts[m.rank]]
    if plain:
        return plain_lead(plain, wants_point, opens_point)
    # only wildcards (and 3s) beside split ranks: the cheapest set, wildcards spent last
    return min(sets, key=lambda m: (wild_cost(m), m.value, -m.size))


def plain_lead(plain: list[CardSet], wants_point: bool, opens_point: Callable[[CardSet], bool]) -> CardSet:
    """Of the whole ranks a hand may lead without wildcards (at least one), lowest first: a
    strong point set while point is wanted, else the lowest rank but a 4 that gives the point up."""
    if wants_point:
        points = [m for m in plain if opens_point(m) and m.value >= KING]
        if points:  # a strong point set wins its round more often than not; the smallest will do
            return min(points, key=lambda m: (m.size, m.value))
        plain = [m for m in plain if m.rank != FOUR] or plain  # a 4 would give the point up
    return min(plain, key=lambda m: (m.value, -m.size))


def _answer(hand: Hand, seat: int, sets: list[CardSet]) -> Move:
    if not sets:
        return PASS  # (before the questions below: most answers in a playout are passes)
    owner, table = hand.owner, hand.table
    assert table is not None
    if team(owner) == team(seat):
        return answer_within(sets, hand.cards[seat].counts, TEAMMATES)  # a teammate's set stands
    gouji = hand.is_gouji(table)
    point_threat = gouji and hand.opens_point(table) and hand.point_open_to(owner)  # (only 够级 sets ask)
    budget = answer_budget(seat, owner, hand.left[owner], gouji, point_threat)
    return answer_within(sets, hand.cards[seat].counts, budget)


def answer_within(sets: list[CardSet], counts: list[int], budget: int) -> Move:
    """The answer of a hand of these cards: going out if it can (a teammate's set too: the round
    is then ours), else its cheapest set if that costs no more than `budget`, else a pass."""
    rest = cards_but_threes(counts)
    whole = [m for m in sets if m.size == rest]
    if whole:  # the answer leaves only the 3s
        return whole[0]
    if not sets:
        return PASS
    cost = answer_cost(counts)
    best = min(sets, key=cost)
    return best if cost(best)[0] <= budget else PASS


def quick_answer(counts: list[int], table: CardSet, budget: int, low: int, rank_compare: bool) -> Move | None:
    """`answer_within`'s choice among every legal answer of these cards to `table` (a seat free
    to play any of them), found without listing them where it is plain: a pass when the budget
    buys nothing, the lowest whole rank of the table's size when the budget is nothing (whole
    ranks alone cost nothing). None where the list is needed: the seat may go out (an answer
    holds the table's cards, or one more under B.3) or may spend on its answer."""
    rest = cards_but_threes(counts)
    if 0 <= rest - table.size <= 1:
        return None
    if budget < CHEAP:  # every answer costs something
        return PASS
    if budget > CHEAP:
        return None
    by_rank = rank_compare and table.rank != WILD_ONLY  # the outline's comparison (A.1)
    if table.jokers and not by_rank:  # card by card, beating a joker takes a joker
        return PASS
    size = table.size
    for rank in range(max(table.rank + 1 if by_rank else table.value + 1, low), ACE + 1):
        if counts[rank] == size:
            return natural_set(rank, size)
    return PASS


def answer_budget(seat: int, owner: int, owner_left: int, gouji: bool, point_threat: bool) -> int:
    """What an answer to the other team's set may cost (`answer_cost`): more on a 够级 set, on a
    player close to finishing, on a set that would open point."""
    budget = CHEAP
    if gouji or owner_left <= NEAR_FINISH:
        budget = THREAT
    if owner == opposite(seat) and gouji:
        # only the opposite may answer a 够级 set unburnt: worth much if it would open point
        budget = URGENT if point_threat else ONE_TWO
    if owner_left <= 2:
        budget = URGENT
    return budget


def answer_cost(counts: list[int]) -> Callable[[CardSet], tuple[int, int]]:
    """What an answer costs a hand of these cards: its wildcards, a split rank, and the last
    joker (keep at least one big set in reserve, so the last set is not smothered)."""
    rest = cards_but_threes(counts)
    reserve = counts[BIG_JOKER] + counts[SMALL_JOKER] + counts[TWO]

    def cost(m: CardSet) -> tuple[int, int]:
        split = 1 if m.rank >= 0 and m.naturals < counts[m.rank] else 0
        spent = wild_cost(m) + split * SPLIT_COST
        if m.jokers and m.jokers >= reserve and rest > m.size:
            spent += 6  # the last joker leaves the hand defenceless
        return spent, m.value

    return cost


def wastes_wildcards(hand: Hand, seat: int, move: CardSet) -> bool:
    """Two wildcards or more on the opposite's 够级 set that would not open point: a mistake issue
    18 lists (the heuristic spends them only when that opposite is about to go out)."""
    table = hand.table
    return (
        table is not None
        and move.twos + move.jokers >= 2
        and hand.owner == opposite(seat)
        and hand.is_gouji(table)
        and not (hand.opens_point(table) and hand.point_open_to(hand.owner))
    )


def lead_order(counts: list[int], sets: list[CardSet]) -> list[CardSet]:
    """Leads as the heuristic ranks them: whole low ranks first, then the cheapest others."""

    def key(m: CardSet) -> tuple[int, int, int, int]:
        whole = not (m.twos or m.jokers) and not m.is_threes and m.naturals == counts[m.rank]
        return (0 if whole else 1, wild_cost(m), m.value, -m.size)

    return sorted(sets, key=key)
