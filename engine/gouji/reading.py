"""Reading the other seats from the record of play, for the searching 够级 bot's
samples (`simulation.Known`).

A seat that led or answered tells what the heuristic (`engine.gouji.bot`) would have held to do
the same: it leads its lowest whole rank, so nothing lower was in its hand; it passes the other
team's set when no answer is cheap enough, so none was. A seat that plays otherwise makes some of
this wrong, and a sample bends what no deal can meet. (A pass made for a seat that cannot beat,
要不起, looks like any other: the table does not tell them apart, so neither does the reader.)

The record is read newest first. A turn tells of the seat's cards then, which are its cards now
and those it played since: a fact about then is a fact about now, less those cards. Most facts
are about one rank (caps, counts); what holds only of ranks together (a pass on a pair: no rank
above it that a 2 would pair) is kept as the decision itself, asked again of each sample's cards
(`AnswerCheck`, the seat's latest `CHECKED` answers and passes).
"""

from __future__ import annotations

from typing import Final

from engine.gouji import bot as heuristic
from engine.gouji.cards import (
    ACE,
    BIG_JOKER,
    FOUR,
    KING,
    NRANKS,
    SEATS,
    SMALL_JOKER,
    TWO,
    cards_but_threes,
)
from engine.gouji.hand import Hand
from engine.gouji.scoring import team
from engine.gouji.sets import PASS, WILD_ONLY, YIELD, CardSet, Spend
from engine.gouji.simulation import Known
from engine.gouji.turns import Turn

CHECKED: Final = 6  # a seat's latest answers and passes asked again of each sample's cards
SPLIT: Final = heuristic.SPLIT_COST  # what splitting a rank costs an answer (`answer_cost`)


class Reader:
    """The facts read so far (`known`), and per seat the cards it played after the turn being
    read: a fact about its cards then is one about its cards now, less those."""

    def __init__(self, hand: Hand, seat: int) -> None:
        self.known = Known()
        self.low = hand.low
        self.hidden = [s != seat and s != hand.claimant for s in range(SEATS)]
        self.since = [[0] * NRANKS for _ in range(SEATS)]  # per seat, the cards played since the turn read

    def then_at_most(self, seat: int, rank: int, most: int) -> None:
        self.known.cap(seat, rank, most - self.since[seat][rank])

    def then_not(self, seat: int, rank: int, count: int) -> None:
        self.known.exclude(seat, rank, count - self.since[seat][rank])

    def naturals(self) -> range:
        return range(max(self.low, FOUR), ACE + 1)  # 3s are never a lead before the last set


def read(hand: Hand, seat: int) -> Known:
    reader = Reader(hand, seat)
    turns = [] if hand.turns is None else hand.turns.history()
    for turn in turns:
        move, who = turn.move, turn.seat
        if isinstance(move, CardSet):
            _add(reader.since[who], move)  # then, before this set, the seat held it too
        if not reader.hidden[who] or not turn.free:
            continue
        if turn.table is None:
            _as_leader(reader, turn)
        elif team(turn.owner) != team(who):
            _as_answerer(reader, turn)
            if len(reader.known.checks[who]) < CHECKED:
                reader.known.check(who, AnswerCheck(turn, list(reader.since[who])))
    return reader.known


class AnswerCheck:
    """A seat's answer or pass on the other team's set, asked again of the cards a sample deals
    it: with those cards then (the sample's, and those it played since), the heuristic would
    have chosen the same, or a set that cost as much. It tells what caps on single ranks cannot:
    a pass on a pair worth spending on says no rank above it that one 2 would pair."""

    def __init__(self, turn: Turn, since: list[int]) -> None:
        assert turn.table is not None
        self.table, self.move, self.budget, self.since = turn.table, turn.move, budget(turn), since
        self.spend = (heuristic.TWO_COST, heuristic.SMALL_COST, heuristic.BIG_COST, self.budget)

    def __call__(self, world: Hand, counts: list[int]) -> bool:
        """Whether the cards would have decided otherwise."""
        return self.otherwise(world, counts, self.spend)

    def otherwise(self, world: Hand, counts: list[int], spend: Spend | None) -> bool:
        """The same, asking only the answers whose wildcards `spend` allows (None: every one).
        One dearer than the budget is never chosen unless it goes out: only then are all asked
        for (an answer holds as many cards as the table, or one more under B.3)."""
        since = self.since
        then = [counts[rank] + since[rank] for rank in range(NRANKS)]
        rest = cards_but_threes(then)
        if 0 <= rest - self.table.size <= 1:
            spend = None
        expected = heuristic.quick_answer(then, self.table, self.budget, world.low, world.rank_compare)
        if expected is None:
            expected = heuristic.answer_within(world.answers_of(then, self.table, spend), then, self.budget)
        made = self.move
        if not isinstance(made, CardSet) or not isinstance(expected, CardSet):
            return isinstance(made, CardSet) != isinstance(expected, CardSet)
        if expected is made:
            return False
        if expected.size == rest:  # going out: any set that goes out will do
            return made.size != expected.size
        cost = heuristic.answer_cost(then)
        return cost(expected) != cost(made)


def _add(counts: list[int], move: CardSet) -> None:
    if move.rank != WILD_ONLY:
        counts[move.rank] += move.naturals
    counts[TWO] += move.twos
    counts[SMALL_JOKER] += move.small
    counts[BIG_JOKER] += move.big


def _beating_ranks(reader: Reader, table: CardSet) -> range:
    """The natural ranks whose cards alone beat a set without jokers."""
    return range(max(reader.low, table.value + 1), ACE + 1)


def _as_leader(reader: Reader, turn: Turn) -> None:
    """The heuristic leads its lowest rank whole (a 4 last while it may open point, and a strong
    point set first); with no natural rank left, its wildcards."""
    move = turn.move
    if not isinstance(move, CardSet) or move.is_threes:
        return
    if turn.wants_point and turn.opens_point and move.value >= KING and not (move.twos or move.jokers):
        return  # its smallest point set: nothing is told of the low ranks
    wild = bool(move.twos or move.jokers)
    if move.rank != WILD_ONLY:
        reader.then_at_most(turn.seat, move.rank, move.naturals)  # the whole rank
    for rank in reader.naturals():
        if rank == move.rank:
            continue
        lower = rank < move.value
        kept_four = rank == FOUR and turn.wants_point  # a 4 gives the point up: led last
        only_four = move.rank == FOUR and turn.wants_point  # so a 4 led says nothing else was left
        if wild or only_four or (lower and not kept_four):
            reader.then_at_most(turn.seat, rank, 0)


def _as_answerer(reader: Reader, turn: Turn) -> None:
    """The heuristic answers the other team with its cheapest set (`answer_cost`: a whole rank
    costs nothing, a split one `SPLIT`, each 2 `TWO_COST`, a joker more) when that costs
    no more than the moment is worth (`budget`), else passes."""
    table, move, seat = turn.table, turn.move, turn.seat
    if table is None or table.jokers or not table.plain:
        return
    size = table.size
    twos_cost = size * heuristic.TWO_COST  # the set of 2s alone, which beats any rank
    if move is PASS or move is YIELD:
        spend = budget(turn)
        if spend >= SPLIT:  # not even a split rank would do: fewer than `size` of each
            _fewer_than(reader, seat, table, size)
        else:  # no whole rank would do
            for rank in _beating_ranks(reader, table):
                reader.then_not(seat, rank, size)
        if twos_cost <= spend and table.value < TWO:  # nor the 2s alone
            reader.then_at_most(seat, TWO, size - 1)
    elif isinstance(move, CardSet) and (move.twos or move.jokers):
        _fewer_than(reader, seat, table, size)  # a rank alone would have been cheaper
        if move.jokers and twos_cost < heuristic.wild_cost(move) and table.value < TWO:
            reader.then_at_most(seat, TWO, size - 1)  # so would the 2s alone
    elif isinstance(move, CardSet) and move.rank != WILD_ONLY:
        for rank in _beating_ranks(reader, table):  # a lower whole rank would have been cheaper
            if rank < move.rank:
                reader.then_not(seat, rank, size)


def _fewer_than(reader: Reader, seat: int, table: CardSet, size: int) -> None:
    for rank in _beating_ranks(reader, table):
        reader.then_at_most(seat, rank, size - 1)


def budget(turn: Turn) -> int:
    """What the heuristic would have spent on an answer then (`heuristic.answer_budget`)."""
    return heuristic.answer_budget(turn.seat, turn.owner, turn.owner_left, turn.gouji, turn.point_threat)
