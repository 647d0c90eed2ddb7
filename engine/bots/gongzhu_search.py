"""A 拱猪 bot that searches (issue 18): determinized Monte-Carlo (PIMC). For each of a number of
deals consistent with everything its seat may know (engine.gongzhu.simulation), every legal play
is tried and the deal played out by the heuristic bot in every seat; the play with the best mean
score for the seat (its side's, where sides share scores) is chosen. Decisions other than
plays, and plays with no choice, are the heuristic bot's.

The budget is a number of sampled deals, not a time: the same deal, seat and random stream give
the same move on any machine.
"""

from __future__ import annotations

import random

from engine.bots import gongzhu as heuristic
from engine.gongzhu.deal import Deal
from engine.gongzhu.moves import Move, Play
from engine.gongzhu.simulation import determinized

SAMPLES = 48  # deals sampled per decision: 28 ms of thinking mean on one core, compiled


def choose(deal: Deal, seat: int, rand: random.Random, samples: int = SAMPLES) -> Move:
    plays = [m for m in deal.legal_moves(seat) if isinstance(m, Play)] if deal.phase == "play" else []
    if len(plays) <= 1:
        return heuristic.choose(deal, seat, rand)
    totals = dict.fromkeys(plays, 0)
    for _ in range(samples):
        world = determinized(deal, seat, rand)
        for move in plays:
            position = world.clone()
            position.apply(seat, move)
            totals[move] += playout(position, rand)[seat]
    return max(plays, key=lambda m: totals[m])


def playout(deal: Deal, rand: random.Random) -> tuple[int, ...]:
    """Plays the deal out as the heuristic bot would, for every seat; its scores. (Uniformly
    random play dumps points where no player would, and misjudges the plays it compares.)"""
    while deal.phase == "play":
        seat = deal.turn
        deal.apply(seat, heuristic.choose(deal, seat, rand))
    while not deal.is_over:  # 猪羊变色 chosen by the taker: its better choice
        seat = deal.to_act[0]
        deal.apply(seat, deal.default_move(seat))
    scores = deal.scores
    assert scores is not None
    return scores
