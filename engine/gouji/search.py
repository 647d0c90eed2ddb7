"""A 够级 bot that searches: determinized Monte-Carlo (PIMC) over the heuristic's best
few candidates. For each of a number of hands consistent with what its seat may know
(engine.gouji.simulation), each candidate is played and the hand played out by the heuristic in
every seat; a candidate replaces the heuristic's own choice only when it does clearly better
for the seat's team (`confident_gain`), and a close call gets more samples (`wants_more`). A
playout counts the hand's points and, where the scoring counts no tribute, the tribute cards it
leaves owed at what they are worth in the next hand (`TRIBUTE_WORTH`): else a 闷 costs nothing.
Most decisions before play are searched the same way, each of their few choices a candidate
; plays with one sensible candidate are the heuristic's.

A play has hundreds of legal sets (every mix of 2s and jokers), too many to try: the heuristic
ranks them (`gouji.answer_cost`, `gouji.lead_order`) and the search compares its choice with the
next few and with passing. The budget is a number of sampled hands, not a time: the same hand,
seat and random stream give the same move on any machine.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import Final

from engine.gouji import bot as heuristic
from engine.gouji.cards import cards_but_threes
from engine.gouji.hand import Hand
from engine.gouji.kernel import Kernel
from engine.gouji.phase import Phase
from engine.gouji.reading import read
from engine.gouji.rules import Rules
from engine.gouji.scoring import net_tributes, team, team_margin
from engine.gouji.sets import PASS, CardSet, Move
from engine.gouji.simulation import Known, determinized

IN_PLAY: Final = (Phase.PLAY, Phase.CLAIM_ANSWER)  # what the kernel plays
# (hand, seat, stream, what is read) → a sample: a fresh copy the search owns (its playouts end it)
Sampler = Callable[[Hand, int, random.Random, Known | None], Hand]

SAMPLES = 20  # hands sampled per decision at first
MORE = 4  # up to MORE × SAMPLES while a candidate looks better but not yet surely (see wants_more)
BEFORE_PLAY_SAMPLES = 3  # × SAMPLES for a decision before play
LAST_SET_SAMPLES = 3  # × SAMPLES for a play that would go out
WIN_BONUS = 0  # points a playout's win is worth beside its points (see docs/bots.md: measured, not taken)
# what one tribute card a hand leaves owed is worth in the next hand to the receiver's team, in
# team-minus-team points, where the scoring counts no tribute (`scoring=outline`, A.8): without
# it the search there counts a 闷 as nothing and walks into it. Measured by
# benchmarks.gouji_tribute_worth (3,000 hands each, the heuristic in every seat): 5.9 ± 0.6 with
# four decks, 3.7 ± 0.5 with 后水湾's six
TRIBUTE_WORTH: Final = {"four_decks": 6, "six_decks": 4}
WIDTH = 4  # candidates compared: the heuristic's choice and its next best
CONFIDENCE = 2.0  # standard errors a candidate's gain must clear to replace the heuristic's choice
# the decisions before play that are searched. Not the blind declaration (no card is
# seen yet) nor the answer to a 挑牌 (the heuristic's accept-a-teammate, reject-an-enemy: one
# rejection ends the claim, so an enemy's answer decides it whatever the seat chooses)
SEARCHED_BEFORE_PLAY = frozenset(
    {
        Phase.REVOLUTION,
        Phase.CHARGE,
        Phase.CHARGE_ANSWER,
        Phase.UNCONTESTED,
        Phase.RESIST,
        Phase.TRIBUTE,
        Phase.RETURN,
        Phase.DEAD_LEVELS,
        Phase.DECLARE,
        Phase.MERGE,
    }
)


def choose(
    hand: Hand,
    seat: int,
    rand: random.Random,
    samples: int = SAMPLES,
    more: int = MORE,
    width: int = WIDTH,
    sample: Sampler = determinized,
    kernel: bool = True,
) -> Move:
    """The searched move. `sample` deals the hidden cards (a benchmark may give the real ones,
    to measure what knowing them would be worth); `kernel`: playouts in the playout kernel (the
    same moves), or in `Hand` (for comparison)."""
    chosen = heuristic.choose(hand, seat, rand)
    options = options_of(hand, seat, chosen, width)
    if hand.phase == "play" and goes_out(hand, seat, chosen):
        samples *= LAST_SET_SAMPLES  # where 闷 comes from, a few times a hand
    elif hand.phase in SEARCHED_BEFORE_PLAY:
        samples *= BEFORE_PLAY_SAMPLES  # once a hand at most: it can afford more
    if len(options) <= 1 or samples < 1:
        return chosen
    # per sample, how much better each candidate did than the heuristic's choice (the same
    # sampled hand for all: the cards' luck cancels out of the difference)
    gains: dict[Move, list[int]] = {move: [] for move in options[1:]}
    known = read(hand, seat) if hand.phase == "play" else None  # what the play so far tells
    drawn = 0
    while wants_more(gains, drawn, samples, more):
        drawn += 1
        results = margins(sample(hand, seat, rand, known), seat, options, rand, kernel)
        for move, result in zip(options[1:], results[1:], strict=True):
            gains[move].append(result - results[0])
    best = max(gains, key=lambda move: confident_gain(gains[move]))
    return best if confident_gain(gains[best]) > 0 else chosen


def options_of(hand: Hand, seat: int, chosen: Move, width: int = WIDTH) -> list[Move]:
    """The moves the search compares, the heuristic's `chosen` first: a play's candidates, or a
    searched decision before play's; none for any other decision (the heuristic's alone)."""
    if hand.phase == "play":
        return candidates(hand, seat, chosen, width)
    if hand.phase in SEARCHED_BEFORE_PLAY:
        return preplay_candidates(hand, seat, chosen, width)
    return []


def margins(
    world: Hand, seat: int, options: list[Move], rand: random.Random, kernel: bool = True
) -> list[int]:
    """In one sampled hand (the search's own copy, which the playouts end in turn), what each
    option is worth to the seat's team: made, then the hand played out by the heuristic in every
    seat (`margin`). In play each option is made in a kernel of its own, the sample untouched
    until the end is scored on it."""
    if kernel and world.phase in IN_PLAY:
        kernels = [Kernel(world) for _ in options]  # (before the first end is scored on it)
        results = []
        for move, played in zip(options, kernels, strict=True):
            played.apply(seat, move)
            played.heuristic_playout()
            results.append(margin(played.finish(world, cards=False), seat))
        return results
    return [margin(playout(_made(world, seat, move), rand, kernel), seat) for move in options]


def _made(world: Hand, seat: int, move: Move) -> Hand:
    position = world.clone()
    position.apply(seat, move)
    return position


def wants_more(gains: dict[Move, list[int]], drawn: int, samples: int, more: int = MORE) -> bool:
    """Another sample? Always for the first `samples`; then, up to `more` times as many, while the
    most promising candidate gains on average but not yet clearly. Close calls get the thinking
    (duplicate play, deals 0–99: 70 % of hands won, against 63.5 % with 16 samples flat; deals
    0–199 with the checks: 76.2 % with 20 up to 80, against 72.5 % with 16 up to 48)."""
    if drawn < samples:
        return True
    if drawn >= more * samples:
        return False
    best = max(gains.values(), key=confident_gain)
    return confident_gain(best) <= 0 < sum(best)


def confident_gain(gains: list[int]) -> float:
    """How much better a candidate surely is (the lower end of a one-sided interval of its mean
    gain): a 够级 hand's points swing by a hundred with the hidden cards, so a handful of samples
    often favours a worse move by luck; the heuristic's choice stands unless the gain is clear."""
    n = len(gains)
    mean = sum(gains) / n
    spread = math.sqrt(sum((g - mean) ** 2 for g in gains) / (n - 1)) if n > 1 else math.inf
    return mean - CONFIDENCE * spread / math.sqrt(n)


def candidates(hand: Hand, seat: int, chosen: Move, width: int = WIDTH) -> list[Move]:
    """The heuristic's choice first, then passing (when allowed), then its next best sets; never
    wildcards wasted on a 够级 set. Going out over any set is weighed against passing:
    the set may be beaten (闷), and passing keeps it."""
    if goes_out(hand, seat, chosen) and (hand.table is None or team(hand.owner) == team(seat)):
        return last_set_candidates(hand, seat, chosen, width)
    counts = hand.cards[seat].counts
    sets = [
        m
        for m in hand.legal_moves(seat)
        if isinstance(m, CardSet) and not heuristic.wastes_wildcards(hand, seat, m)
    ]
    if hand.table is None:
        ranked: list[Move] = list(heuristic.lead_order(counts, sets))
    else:
        ranked = [PASS, *sorted(sets, key=heuristic.answer_cost(counts))]  # (the heuristic yields
        # where it would pass: 让牌 is then compared with passing)
    return list(dict.fromkeys([chosen, *ranked]))[:width]  # the first `width` distinct, in order


def last_set_candidates(hand: Hand, seat: int, chosen: Move, width: int = WIDTH) -> list[Move]:
    """Going out on a lead, or over a teammate's set. Over a teammate's set it is weighed against
    passing (made it a rule to go out: the other team may still beat the set, 闷, while
    the teammate's set may win the round; measured, passing where it gains does better). A lead
    of one rank is weighed against leading part of it: the rank alone, when it goes out with
    wildcards (4 4 2 2 is four 4s, easily beaten: 闷; 4 4 first keeps 2 2 for a last set only
    jokers beat), or else fewer of the rank, the most first."""
    assert isinstance(chosen, CardSet)
    if hand.table is not None:
        return [chosen, PASS]
    if not chosen.naturals:
        return [chosen]
    moves = hand.legal_moves(seat)
    if chosen.twos + chosen.jokers:
        counts = hand.cards[seat].counts
        return [chosen, *(m for m in moves if is_rank_alone(m, chosen, counts))]
    parts = sorted(
        (m for m in moves if isinstance(m, CardSet) and is_part_of_rank(m, chosen)), key=lambda m: -m.size
    )
    split: list[Move] = [chosen, *parts]
    return split[:width]


def goes_out(hand: Hand, seat: int, move: Move) -> bool:
    """Whether the move leaves the seat only its 3s."""
    counts = hand.cards[seat].counts
    return isinstance(move, CardSet) and move.size == cards_but_threes(counts)


def is_rank_alone(move: Move, whole: CardSet, counts: list[int]) -> bool:
    """Whether the move is the whole set's rank without its wildcards."""
    return (
        isinstance(move, CardSet)
        and move.rank == whole.rank
        and not (move.twos or move.jokers)
        and move.naturals == counts[whole.rank]
    )


def is_part_of_rank(move: CardSet, whole: CardSet) -> bool:
    """Whether the move leads fewer of the whole set's rank, without wildcards."""
    return move.rank == whole.rank and not (move.twos or move.jokers) and move.naturals < whole.naturals


def preplay_candidates(hand: Hand, seat: int, chosen: Move, width: int = WIDTH) -> list[Move]:
    """A decision before play: the heuristic's first, then the other choices (吃 / 不吃 / 反抽,
    革命 or not …); of a 冲点's sets the strongest (the heuristic's way), of its answers the
    cheapest."""
    moves = hand.legal_moves(seat)
    decisions = [m for m in moves if not isinstance(m, CardSet)]
    sets = sorted((m for m in moves if isinstance(m, CardSet)), key=lambda m: (m.value, m.size))
    if hand.phase == "charge":
        sets.reverse()
    return list(dict.fromkeys([chosen, *decisions, *sets]))[:width]


def playout(hand: Hand, rand: random.Random, kernel: bool = True) -> Hand:
    """Plays the hand out as the heuristic would, in every seat; the hand, over. Its play goes
    on in the playout kernel (the same moves), unless `kernel` is False."""
    while not hand.is_over and (not kernel or hand.phase not in IN_PLAY):
        seat = hand.to_act[0]
        hand.apply(seat, heuristic.choose(hand, seat, rand))
    if hand.is_over:
        return hand
    played = Kernel(hand)
    played.heuristic_playout()
    return played.finish(hand)  # (the hand is the playout's own copy)


def margin(hand: Hand, seat: int) -> int:
    """The seat's team's points less the other team's, and WIN_BONUS more for winning the hand
    (less for losing it); where the scoring counts no tribute, the tributes the hand leaves owed
    to the match's next hand at what they are worth there."""
    side = team(seat)
    assert hand.scores is not None
    points = team_margin(hand.scores, side)
    # the match's last hand leaves nothing to pay (and outline scoring has no 补偿积分)
    owed = tribute_margin(hand, side) if hand.hand_no < hand.rules.max_hands else 0
    return points + owed + WIN_BONUS * ((points > 0) - (points < 0))


def tribute_worth(rules: Rules) -> int:
    """What one tribute card owed into the next hand is worth to the search: TRIBUTE_WORTH where
    the scoring counts no tribute (`scoring=outline`, A.8); nothing under club scoring, which
    scores the tributes in their own hand."""
    return TRIBUTE_WORTH[rules.deck] if rules.scoring == "outline" else 0


def tribute_margin(hand: Hand, side: int) -> int:
    """The tribute cards the finished hand leaves owed between the teams, net to the team `side`,
    at `tribute_worth` each."""
    worth = tribute_worth(hand.rules)
    return worth * net_tributes(hand.debts, side) if worth else 0
