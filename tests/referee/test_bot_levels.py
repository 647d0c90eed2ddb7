"""The table's `bots` level (issue 18): which player fills a seat, and a searching bot that
thinks off the event loop, the heuristic answering when searches already run."""

from __future__ import annotations

import random

import pytest

from engine import gongzhu, gouji
from engine.bots import LEVELS, bot_move, searches
from tests.referee.world import World


def test_each_level_is_its_own_player() -> None:
    deal = gongzhu.new_game(seed=3)
    while deal.phase != "play":
        deal.apply(deal.to_act[0], "pass")
    for _ in range(8):
        deal.apply(deal.turn, deal.legal_moves(deal.turn)[0])
    seat = deal.turn
    normal = LEVELS[("gongzhu", "normal")]
    assert bot_move("gongzhu", deal, seat, 0, "strong") in deal.legal_moves(seat)
    easy = {str(bot_move("gongzhu", deal, seat, ply, "easy")) for ply in range(40)}
    heuristic = str(normal(deal, seat, random.Random(0)))
    assert heuristic in easy and len(easy) > 1  # the easy bot slips now and then
    assert searches("gongzhu", gongzhu.Rules(bots="strong")) and not searches("gongzhu", gongzhu.Rules())


def test_a_strong_gouji_table_searches() -> None:
    assert gouji.Rules.from_options({"bots": "strong"}).bots == "strong"
    assert searches("gouji", gouji.Rules(bots="strong")) and not searches("gouji", gouji.Rules())
    hand = gouji.new_game(seed="levels", rules=gouji.Rules(bots="strong"))
    for ply in range(30):
        seat = hand.to_act[0]
        move = bot_move("gouji", hand, seat, ply)
        assert move in hand.legal_moves(seat)
        hand.apply(seat, move)


async def test_a_searching_bot_thinks_in_a_worker_process_and_when_all_are_busy_the_heuristic_answers(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = await world.table_with_bots("gongzhu", bots="strong", expose_mode="none")
    match = table.match
    assert match is not None and table.status == "running"
    seat, ply = match.to_act[0], table.ply
    expected = bot_move("gongzhu", match.current, seat, ply, "strong")

    def not_here(round_: object, seat: int, rand: random.Random) -> object:
        raise AssertionError("the search ran on the event loop's process")

    monkeypatch.setitem(LEVELS, ("gongzhu", "strong"), not_here)  # this process only
    thinkers = world.referee.core.thinkers
    try:
        # the worker's search, and the very (interned) play the engine expects
        assert await world.referee.core.bot_move(table, seat, ply) is expected
        thinkers.busy = thinkers.workers  # every worker searching
        answered = await world.referee.core.bot_move(table, seat, ply)
        assert answered is bot_move("gongzhu", match.current, seat, ply, "normal")
    finally:
        thinkers.busy = 0
        thinkers.close()
