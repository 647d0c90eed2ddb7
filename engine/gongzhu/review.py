"""How 拱猪 weighs a person's decision for a review: every legal play, in deals sampled from the
player's view only, each played out with every seat — the player's included — playing as a
careful player who defends: the heuristic's card, but a lone seat running for 全红 is stopped
(its trick carrying a heart won when it can be). Kept sample by sample, so that each gain over
the move made is paired and has its noise.

The judge is not the strong bot's search: no seat races for the hearts in its playouts, and the
other seats defend. Measured against duplicate play (`benchmarks.review_duplicate`, docs/bots.md)
beside the strong bot's own search and a double-dummy judge, it is the one whose marks follow the
players' real strength. Exposures (明牌), claims and 猪羊变色 are not reviewed: their worth rests
on the whole deal's play, which playouts estimate worst."""

from __future__ import annotations

import random
from collections.abc import Callable

from engine.gongzhu import bot as heuristic
from engine.gongzhu.deal import Deal
from engine.gongzhu.kernel import Kernel
from engine.gongzhu.moves import Move, Play, parse_move
from engine.gongzhu.search import block_play, choices_of, runner
from engine.gongzhu.simulation import determinized
from engine.review import Reviewer, Weigh, Weighed, paired

# deals sampled a decision, twice when a better move shows (engine.review._judged). Measured by
# benchmarks.review (6 deals, two people, two review seeds): 96 samples changed 10 of 121 marks,
# 192 change 4 (97 % kept), for 2.2 s of a core a deal
SAMPLES = 192
# losses in points from which a play is an inaccuracy, a mistake, a blunder (docs/bots.md)
MARKS = (30.0, 60.0, 120.0)


# (a sampled deal in play, the seat, its move) → the seat's score once the deal is played on
Valuation = Callable[[Kernel, int, Move], int]


def weigh_by(value: Valuation) -> Weigh:
    """A judge that tries every legal play in each sampled deal and scores it by `value`."""

    def weigh(deal: Deal, seat: int, made: str, rand: random.Random, samples: int) -> list[Weighed] | None:
        choices = choices_of(deal, seat)
        chosen = parse_move(made)
        if len(choices) <= 1 or chosen not in choices or deal.phase != "play" or deal.rules.decks != 1:
            return None
        rows, careful = [], -1
        for _ in range(samples):
            start = Kernel.from_deal(determinized(deal, seat, rand))
            if careful < 0:  # the same in every sample: it reads the seat's hand and the record only
                careful = defended_play(start)
            rows.append([float(value(start, seat, move)) for move in choices])
        gains = paired(rows, choices.index(chosen))
        return [
            Weighed(move.text, gain, noise, isinstance(move, Play) and move.cards[0].index == careful)
            for move, (gain, noise) in zip(choices, gains, strict=True)
        ]

    return weigh


def _played_out(start: Kernel, seat: int, move: Move) -> int:
    assert isinstance(move, Play)
    line = start.copy()
    line.play(move.cards[0].index)
    while not line.is_over:
        line.play(defended_play(line))
    return line.scores()[seat]


def defended_play(kernel: Kernel) -> int:
    """The card a careful player plays: the heuristic's, but a lone seat running for 全红 is
    stopped — its trick carrying a heart is won, when it can be."""
    takers = kernel.heart_takers()
    if takers and not takers & (takers - 1) and takers != 1 << kernel.turn:
        block = kernel._block_play()
        if block >= 0:
            return block
    return kernel.heuristic_play()


def careful_move(deal: Deal, seat: int, rand: random.Random) -> Move:
    """`defended_play` as a seat's policy over a `Deal`: the normal bot, but a lone seat running
    for 全红 is stopped. The review's estimates are measured against this player."""
    if deal.phase == "play" and deal.turn == seat and runner(deal, seat) is not None:
        block = block_play(deal, seat)
        if block is not None:
            return block
    return heuristic.choose(deal, seat, rand)


weigh = weigh_by(_played_out)


def opens_trick(deal: Deal) -> bool:
    return deal.phase == "play" and not deal.trick


REVIEWER = Reviewer("defended-careful", weigh, MARKS, SAMPLES, opens_trick)
