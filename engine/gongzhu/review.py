"""How 拱猪 weighs a person's play for a review (issue 53): every legal play, in sampled deals
dealt from the player's view (`simulation.determinized`: their hand, the cards played, the
exposed cards, the suits each seat showed it lacks), played on by the heuristic in every seat as
the strong bot's search does (`search`: the kernel on one deck, and while the hearts are open
each play also played racing for them, the better plan counting). Exposures, claims and 猪羊变色
are not reviewed: only plays with a choice."""

from __future__ import annotations

import random

from engine.gongzhu.deal import Deal
from engine.gongzhu.kernel import Kernel
from engine.gongzhu.moves import Play, parse_move
from engine.gongzhu.search import heart_takers, playout
from engine.gongzhu.simulation import determinized
from engine.review import Reviewer, Weighed, paired

# deals sampled a decision, twice when a better move shows (engine.review._judged). Measured by
# benchmarks.review (12 deals, two people, reviewed with two seeds): 32 samples changed 16 of 235
# marks, 96 changed 13, 192 change 8 and no better move, for 1.3 s of a core a deal
SAMPLES = 192
# losses in points from which a play is an inaccuracy, a mistake, a blunder: chosen from the
# losses the heuristic bot's own plays show (benchmarks.review: p75 11, p90 67, p95 136, p99 279),
# so that about one play in ten of a careful player is marked (docs/bots.md)
MARKS = (30.0, 60.0, 120.0)


def weigh(deal: Deal, seat: int, made: str, rand: random.Random, samples: int) -> list[Weighed] | None:
    if deal.phase != "play" or deal.turn != seat:
        return None
    plays = [m for m in deal.legal_moves(seat) if isinstance(m, Play)]
    chosen = parse_move(made)
    if len(plays) <= 1 or chosen not in plays:
        return None
    plans = [False, True] if len(heart_takers(deal)) <= 1 else [False]
    fast = deal.rules.decks == 1
    # results[plan][sample][candidate]: the seat's score
    results: list[list[list[float]]] = [[] for _ in plans]
    for _ in range(samples):
        world = determinized(deal, seat, rand)
        start = Kernel.from_deal(world) if fast else None
        for plan, racing in enumerate(plans):
            row = []
            for move in plays:
                row.append(float(_played_out(world, start, seat, move, racing, rand)))
            results[plan].append(row)
    # each candidate counts its better plan (as the search chooses), compared with the move
    # made under the move made's better plan, paired sample by sample
    means = [[sum(r[c] for r in rows) / samples for c in range(len(plays))] for rows in results]
    plan_of = [_better_plan([means[p][c] for p in range(len(plans))]) for c in range(len(plays))]
    made_at = plays.index(chosen)
    table = [
        [results[plan_of[c]][s][c] for c in range(len(plays))] + [results[plan_of[made_at]][s][made_at]]
        for s in range(samples)
    ]
    gains = paired(table, len(plays))
    return [Weighed(move.text, gain, noise) for move, (gain, noise) in zip(plays, gains[:-1], strict=True)]


def _played_out(
    world: Deal, start: Kernel | None, seat: int, move: Play, racing: bool, rand: random.Random
) -> int:
    if start is not None:
        line = start.copy()
        line.play(move.cards[0].index)
        return line.playout(seat if racing else -1)[seat]
    position = world.clone()
    position.apply(seat, move)
    return playout(position, rand, seat if racing else None)[seat]


def _better_plan(means: list[float]) -> int:
    """The plan with the higher mean (the first on a tie, as the search's max)."""
    return max(range(len(means)), key=means.__getitem__)


REVIEWER = Reviewer(weigh, MARKS, SAMPLES)
