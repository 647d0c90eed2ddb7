"""How 拱猪 weighs a person's decision for a review (issue 53): exactly as the strong bot's
search weighs it (`search.choices_of`, `plans_of`, `scored_samples`) — every legal play, or
every exposure choice (明牌), in deals sampled from the player's view only, played on by the
heuristic, racing for the hearts where that is open, each choice counting its better plan — but
kept sample by sample, so that each gain over the move made is paired and has its noise. Claims
and 猪羊变色 are not reviewed."""

from __future__ import annotations

import random

from engine.gongzhu import solver
from engine.gongzhu.deal import Deal
from engine.gongzhu.kernel import Kernel
from engine.gongzhu.moves import Move, Play, parse_move
from engine.gongzhu.search import Plan, choices_of, plans_of, scored_samples
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
    choices = choices_of(deal, seat)
    chosen = parse_move(made)
    if len(choices) <= 1 or chosen not in choices:
        return None
    plans = plans_of(deal, choices)
    rows = list(scored_samples(deal, seat, plans, rand, samples))
    # each choice counts its better plan (as the search chooses): compared with the move made
    # under the move made's better plan, paired sample by sample
    column = {plan: i for i, plan in enumerate(plans)}
    best = [_better_plan([p for p in plans if p[0] is move], rows, column) for move in choices]
    made_at = column[best[choices.index(chosen)]]
    table = [[float(row[column[plan]]) for plan in best] + [float(row[made_at])] for row in rows]
    gains = paired(table, len(choices))
    return [Weighed(move.text, gain, noise) for move, (gain, noise) in zip(choices, gains[:-1], strict=True)]


def _better_plan(plans: list[Plan], rows: list[list[int]], column: dict[Plan, int]) -> Plan:
    """Of a choice's plans, the one with the higher total (the first on a tie, as the search's
    max)."""
    return max(plans, key=lambda plan: sum(row[column[plan]] for row in rows))


def opens_trick(deal: Deal) -> bool:
    return deal.phase == "play" and not deal.trick


PLAYOUT_REVIEWER = Reviewer("playout", weigh, MARKS, SAMPLES, opens_trick)

EXACT_CARDS = 16  # cards left in hands from which a sampled world is solved exactly
EXACT_SAMPLES = 32


def weigh_exact(deal: Deal, seat: int, made: str, rand: random.Random, samples: int) -> list[Weighed] | None:
    choices = choices_of(deal, seat)
    chosen = parse_move(made)
    if len(choices) <= 1 or chosen not in choices:
        return None
    if deal.phase != "play" or deal.rules.decks != 1:
        return None
    rows = []
    for _ in range(samples):
        start = Kernel.from_deal(determinized(deal, seat, rand))
        rows.append([float(_exact(start, seat, move)) for move in choices])
    gains = paired(rows, choices.index(chosen))
    return [Weighed(move.text, gain, noise) for move, (gain, noise) in zip(choices, gains, strict=True)]


def weigh_defended(deal: Deal, seat: int, made: str, rand: random.Random, samples: int) -> list[Weighed] | None:
    choices = choices_of(deal, seat)
    chosen = parse_move(made)
    if len(choices) <= 1 or chosen not in choices or deal.phase != "play" or deal.rules.decks != 1:
        return None
    rows = []
    for _ in range(samples):
        start = Kernel.from_deal(determinized(deal, seat, rand))
        rows.append([float(_defended(start, seat, move)) for move in choices])
    gains = paired(rows, choices.index(chosen))
    return [Weighed(move.text, gain, noise) for move, (gain, noise) in zip(choices, gains, strict=True)]


def _defended(start: Kernel, seat: int, move: Move) -> int:
    assert isinstance(move, Play)
    line = start.copy()
    line.play(move.cards[0].index)
    while not line.is_over:
        line.play(solver.defended_play(line))
    return line.scores()[seat]


def _exact(start: Kernel, seat: int, move: Move) -> int:
    assert isinstance(move, Play)
    line = start.copy()
    line.play(move.cards[0].index)
    while not line.is_over and line.in_hands.bit_count() > EXACT_CARDS:
        line.play(solver.defended_play(line))
    return solver.value(line, seat)


REVIEWER = Reviewer("exact", weigh_exact, MARKS, EXACT_SAMPLES, opens_trick)

DEFENDED_REVIEWER = Reviewer("defended", weigh_defended, MARKS, 96, opens_trick)
