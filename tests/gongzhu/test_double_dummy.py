"""Double-dummy values (benchmarks/yardstick/double_dummy.py, a judge the review's was measured
against) against a plain minimax written here
from the rules engine alone: every legal card of every seat tried, no pruning, no table, no
cards taken as alike — on random endings of real deals. Claims (声称) are no card play: the
judge weighs cards only."""

from __future__ import annotations

import pytest

from benchmarks.yardstick import double_dummy
from engine import gongzhu
from engine.gongzhu import bot as heuristic
from engine.gongzhu.deal import Deal
from engine.gongzhu.kernel import Kernel
from engine.gongzhu.moves import Play
from engine.seeding import rng


def plain_value(deal: Deal, seat: int, friends: set[int]) -> int:
    """The seat's score with its friends playing for it and the others against, by brute force
    over `Deal` itself."""
    if deal.phase != "play":
        while not deal.is_over:  # 猪羊变色 and the like: the rules' own default
            deal.apply(deal.to_act[0], deal.default_move(deal.to_act[0]))
        assert deal.scores is not None
        return deal.scores[seat]
    mover = deal.to_act[0]
    values = []
    for move in deal.legal_moves(mover):
        if not isinstance(move, Play):  # a claim (声称) is no card play: the judge plays cards
            continue
        line = deal.clone()
        line.apply(mover, move)
        values.append(plain_value(line, seat, friends))
    return max(values) if mover in friends else min(values)


def ending(number: int, cards: int, rules: gongzhu.Rules) -> Deal:
    """A real deal played by the heuristic until `cards` are left in hands."""
    deal = gongzhu.new_game(seed=f"solver/{number}", rules=rules)
    while not deal.is_over and (deal.phase != "play" or sum(len(r) for h in deal.hands for r in h) > cards):
        seat = deal.to_act[0]
        deal.apply(seat, heuristic.choose(deal, seat, rng("solver", number, seat)))
    return deal


@pytest.mark.parametrize(
    "rules",
    [gongzhu.Rules(auto_claim=False), gongzhu.Rules(auto_claim=False, partners=True)],
    ids=["alone", "partners"],
)
def test_the_exact_value_is_the_plain_minimax(rules: gongzhu.Rules) -> None:
    checked = 0
    for number in range(40):
        deal = ending(number, 8 + number % 3, rules)
        if deal.is_over or deal.phase != "play":
            continue
        seat = deal.turn
        friends = {seat, seat ^ 2} if rules.partners else {seat}
        assert double_dummy.value(Kernel.from_deal(deal), seat) == plain_value(deal.clone(), seat, friends), (
            number
        )
        checked += 1
    assert checked >= 20
