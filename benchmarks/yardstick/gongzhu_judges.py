"""The 拱猪 judges the review's was chosen against (docs/bots.md, "Reviews"), for
`benchmarks.review_duplicate --judge`:

- `search`: the strong bot's own search kept sample by sample — heuristic playouts, and while the
  hearts are open each play also racing for them, the better plan counting. It grades the
  strong bot by the very model that chose its moves.
- `exact`: the defended playout to the last `exact_cards` cards, then each sampled ending solved
  double dummy with the other seats playing against the seat (`double_dummy.value`).
"""

from __future__ import annotations

import random

from benchmarks.yardstick import double_dummy
from engine.gongzhu.deal import Deal
from engine.gongzhu.kernel import Kernel
from engine.gongzhu.moves import Move, Play, parse_move
from engine.gongzhu.review import MARKS, defended_play, opens_trick, weigh_by
from engine.gongzhu.search import Plan, choices_of, plans_of, scored_samples
from engine.review import Reviewer, Weighed, paired

SEARCH_SAMPLES = 192
EXACT_SAMPLES = 32


def weigh_search(deal: Deal, seat: int, made: str, rand: random.Random, samples: int) -> list[Weighed] | None:
    choices = choices_of(deal, seat)
    chosen = parse_move(made)
    if len(choices) <= 1 or chosen not in choices:
        return None
    plans = plans_of(deal, choices)
    rows = list(scored_samples(deal, seat, plans, rand, samples))
    column = {plan: i for i, plan in enumerate(plans)}
    best = [_better_plan([p for p in plans if p[0] is move], rows, column) for move in choices]
    made_at = column[best[choices.index(chosen)]]
    table = [[float(row[column[plan]]) for plan in best] + [float(row[made_at])] for row in rows]
    gains = paired(table, len(choices))
    return [Weighed(move.text, gain, noise) for move, (gain, noise) in zip(choices, gains[:-1], strict=True)]


def _better_plan(plans: list[Plan], rows: list[list[int]], column: dict[Plan, int]) -> Plan:
    return max(plans, key=lambda plan: sum(row[column[plan]] for row in rows))


def _exact(start: Kernel, seat: int, move: Move, exact_cards: int = 16) -> int:
    assert isinstance(move, Play)
    line = start.copy()
    line.play(move.cards[0].index)
    while not line.is_over and line.in_hands.bit_count() > exact_cards:
        line.play(defended_play(line))
    return double_dummy.value(line, seat)


JUDGES = {
    "search": Reviewer("search", weigh_search, MARKS, SEARCH_SAMPLES, opens_trick),
    "exact": Reviewer("exact", weigh_by(_exact), MARKS, EXACT_SAMPLES, opens_trick),
}
