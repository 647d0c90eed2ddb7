"""The review's exact values (engine/gongzhu/solver.py) against a plain minimax written here
from the rules engine alone: every legal card of every seat tried, no pruning, no table, no
cards taken as alike — on random endings of real deals. Claims (声称) are no card play: the
judge weighs cards only."""

from __future__ import annotations

import pytest

from engine import gongzhu
from engine.gongzhu import bot as heuristic
from engine.gongzhu import solver
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
        assert solver.value(Kernel.from_deal(deal), seat) == plain_value(deal.clone(), seat, friends), number
        checked += 1
    assert checked >= 20


def test_a_defender_stops_a_lone_run_for_all_the_hearts() -> None:
    """Seat 0 has taken every heart so far and leads ♥: seat 1 wins the trick with ♥A rather
    than duck under it, as the heuristic alone would."""
    deal = gongzhu.from_hands(
        ["HK H3 D2", "HA H4 D3", "C5 C6 C7", "S5 S6 S7"], leader=0, rules=gongzhu.Rules(auto_claim=False)
    )
    deal.taken[0].append((gongzhu.parse_card("H2"), 1))  # seat 0 alone has a heart
    deal.apply(0, "HK")
    kernel = Kernel.from_deal(deal)
    assert str(heuristic.choose(deal, 1, rng("run"))) != "HA"
    assert solver.defended_play(kernel) == gongzhu.parse_card("HA").index
