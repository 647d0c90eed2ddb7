"""A 够级 bot that searches (issue 18): determinized Monte-Carlo (PIMC) over the heuristic's best
few candidates. For each of a number of hands consistent with what its seat may know
(engine.gouji.simulation), each candidate is played and the hand played out by the heuristic in
every seat; a candidate replaces the heuristic's own choice only when it does clearly better
for the seat's team (`confident_gain`), and a close call gets more samples (`wants_more`).
Decisions outside play, and plays with one sensible candidate, are the heuristic's.

A play has hundreds of legal sets (every mix of 2s and jokers), too many to try: the heuristic
ranks them (`gouji.answer_cost`, `gouji.lead_order`) and the search compares its choice with the
next few and with passing. The budget is a number of sampled hands, not a time: the same hand,
seat and random stream give the same move on any machine.
"""

from __future__ import annotations

import math
import random

from engine.bots import gouji as heuristic
from engine.gouji.cards import THREE
from engine.gouji.hand import Hand
from engine.gouji.scoring import team
from engine.gouji.sets import PASS, YIELD, CardSet, Move
from engine.gouji.simulation import determinized

SAMPLES = 16  # hands sampled per decision at first
MORE = 3  # up to MORE × SAMPLES while a candidate looks better but not yet surely (54 ms mean, compiled)
WIDTH = 4  # candidates compared: the heuristic's choice and its next best
CONFIDENCE = 2.0  # standard errors a candidate's gain must clear to replace the heuristic's choice


def choose(hand: Hand, seat: int, rand: random.Random, samples: int = SAMPLES, more: int = MORE) -> Move:
    chosen = heuristic.choose(hand, seat, rand)
    if hand.phase != "play":
        return chosen
    options = candidates(hand, seat, chosen)
    if len(options) <= 1 or samples < 1:
        return chosen
    # per sample, how much better each candidate did than the heuristic's choice (the same
    # sampled hand for all: the cards' luck cancels out of the difference)
    gains: dict[Move, list[int]] = {move: [] for move in options[1:]}
    drawn = 0
    while wants_more(gains, drawn, samples, more):
        drawn += 1
        world = determinized(hand, seat, rand)
        results = []
        for move in options:
            position = world.clone()
            position.apply(seat, move)
            results.append(margin(playout(position, rand), seat))
        for move, result in zip(options[1:], results[1:], strict=True):
            gains[move].append(result - results[0])
    best = max(gains, key=lambda move: confident_gain(gains[move]))
    return best if confident_gain(gains[best]) > 0 else chosen


def wants_more(gains: dict[Move, list[int]], drawn: int, samples: int, more: int = MORE) -> bool:
    """Another sample? Always for the first `samples`; then, up to `more` times as many, while the
    most promising candidate gains on average but not yet clearly. Close calls get the thinking
    (duplicate play, deals 0–99: 70 % of hands won, against 63.5 % with 16 samples flat)."""
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


def candidates(hand: Hand, seat: int, chosen: Move) -> list[Move]:
    """The heuristic's choice first, then passing (when allowed), then its next best sets; only
    the heuristic's choice when it goes out, and never a mistake issue 18 lists."""
    counts = hand.cards[seat].counts
    if isinstance(chosen, CardSet) and chosen.size == sum(counts) - counts[THREE]:
        return [chosen]  # it leaves only the 3s: going out now is never worth a gamble
    sets = [
        m
        for m in hand.legal_moves(seat)
        if isinstance(m, CardSet) and not heuristic.wastes_wildcards(hand, seat, m)
    ]
    if hand.table is None:
        ranked: list[Move] = list(heuristic.lead_order(counts, sets))
    else:
        ranked = [PASS, *sorted(sets, key=heuristic.answer_cost(counts))]
        if chosen is YIELD:  # the heuristic yields where it would pass
            ranked.remove(PASS)
    return list(dict.fromkeys([chosen, *ranked]))[:WIDTH]  # the first WIDTH distinct, in order


def playout(hand: Hand, rand: random.Random) -> tuple[int, ...]:
    """Plays the hand out as the heuristic would, in every seat; its scores."""
    while not hand.is_over:
        seat = hand.to_act[0]
        hand.apply(seat, heuristic.choose(hand, seat, rand))
    assert hand.scores is not None
    return hand.scores


def margin(scores: tuple[int, ...], seat: int) -> int:
    """The seat's team's points less the other team's."""
    side = team(seat)
    return sum(points if team(s) == side else -points for s, points in enumerate(scores))
