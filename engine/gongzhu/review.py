"""How 拱猪 weighs a person's decision for a review (issue 53): every legal play — or, in the
exposure phase (明牌), every exposure choice — in sampled deals dealt from the player's view
(`simulation.determinized`: their hand, the cards played, the exposed cards, the suits each seat
showed it lacks; in the exposure, who else is asked stays secret as in the search's
`exposure_world`), played on by the heuristic in every seat as the strong bot's search does
(`search`: the kernel on one deck, and while the hearts are open each choice also played racing
for them, the better plan counting). Claims and 猪羊变色 are not reviewed."""

from __future__ import annotations

import random
from collections.abc import Callable

from engine.gongzhu import bot as heuristic
from engine.gongzhu.deal import Deal
from engine.gongzhu.kernel import Kernel
from engine.gongzhu.moves import Move, Play, parse_move
from engine.gongzhu.search import exposure_world, heart_takers, playout
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
    choices = _choices(deal, seat)
    chosen = parse_move(made)
    if len(choices) <= 1 or chosen not in choices:
        return None
    plans = [False, True] if len(heart_takers(deal)) <= 1 else [False]
    # results[plan][sample][candidate]: the seat's score
    results: list[list[list[float]]] = [[] for _ in plans]
    for _ in range(samples):
        score = _scorer(deal, seat, rand)
        for plan, racing in enumerate(plans):
            results[plan].append([score(move, racing) for move in choices])
    # each candidate counts its better plan (as the search chooses), compared with the move
    # made under the move made's better plan, paired sample by sample
    means = [[sum(r[c] for r in rows) / samples for c in range(len(choices))] for rows in results]
    plan_of = [_better_plan([means[p][c] for p in range(len(plans))]) for c in range(len(choices))]
    made_at = choices.index(chosen)
    table = [
        [results[plan_of[c]][s][c] for c in range(len(choices))] + [results[plan_of[made_at]][s][made_at]]
        for s in range(samples)
    ]
    gains = paired(table, len(choices))
    return [Weighed(move.text, gain, noise) for move, (gain, noise) in zip(choices, gains[:-1], strict=True)]


def _choices(deal: Deal, seat: int) -> list[Move]:
    """The decision's candidates: the plays, or the exposure choices; none for anything else."""
    if deal.phase == "play" and deal.turn == seat:
        return [m for m in deal.legal_moves(seat) if isinstance(m, Play)]
    if deal.phase == "expose" and seat in deal.to_act:
        return list(deal.legal_moves(seat))
    return []


def _scorer(deal: Deal, seat: int, rand: random.Random) -> Callable[[Move, bool], float]:
    """One sampled deal: each candidate's score for the seat, played on (racing or not)."""
    if deal.phase == "expose":
        world = exposure_world(determinized(deal, seat, rand), seat)

        def exposed(move: Move, racing: bool) -> float:
            position = world.clone()
            position.apply(seat, move)
            while position.phase == "expose":  # the others decide as the heuristic would
                other = position.to_act[0]
                position.apply(other, heuristic.choose(position, other, rand))
            return _played_on(position, seat, racing, rand)

        return exposed
    world = determinized(deal, seat, rand)
    start = Kernel.from_deal(world) if deal.rules.decks == 1 else None

    def played(move: Move, racing: bool) -> float:
        assert isinstance(move, Play)
        if start is not None:
            line = start.copy()
            line.play(move.cards[0].index)
            return float(line.playout(seat if racing else -1)[seat])
        position = world.clone()
        position.apply(seat, move)
        return _played_on(position, seat, racing, rand)

    return played


def _played_on(position: Deal, seat: int, racing: bool, rand: random.Random) -> float:
    if position.rules.decks == 1 and position.phase == "play":
        return float(Kernel.from_deal(position).playout(seat if racing else -1)[seat])
    return float(playout(position, rand, seat if racing else None)[seat])


def _better_plan(means: list[float]) -> int:
    """The plan with the higher mean (the first on a tie, as the search's max)."""
    return max(range(len(means)), key=means.__getitem__)


REVIEWER = Reviewer(weigh, MARKS, SAMPLES)
