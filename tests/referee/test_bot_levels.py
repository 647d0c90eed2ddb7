"""The table's `bots` level: which player fills a seat, and a searching bot that
thinks off the event loop, the heuristic answering when searches already run."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable
from concurrent.futures import Executor, Future
from typing import Any

import pytest

from engine import gongzhu, gouji
from engine.bots import LEVELS, bot_move, searches
from engine.referee.thinking import Thinkers
from engine.seeding import rng
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


class StalledWorkers(Executor):
    """A pool whose searches end only when the test says so."""

    def __init__(self) -> None:
        self.searches: list[Future[Any]] = []

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        self.searches.append(Future())
        return self.searches[-1]


async def test_a_search_past_the_limit_is_answered_by_the_heuristic_and_its_worker_stays_busy() -> None:
    """Never more than 2 s a decision. A late search's worker is not handed another
    search until it ends (the pool would queue it behind the slow one)."""
    pool = StalledWorkers()
    thinkers = Thinkers(workers=1, pool=lambda workers: pool, limit=0)  # the limit already passed
    hand = gouji.new_game(seed="limit", rules=gouji.Rules(bots="strong"))
    # (a bound for the test itself, were the limit ignored: it would wait for ever)
    assert await asyncio.wait_for(thinkers.move("gouji", hand, hand.to_act[0], 0), 10) is None
    assert thinkers.busy == 1
    assert await thinkers.move("gouji", hand, hand.to_act[0], 0) is None  # no worker free
    assert len(pool.searches) == 1
    pool.searches[0].set_exception(RuntimeError("the late search failed"))  # read, not logged
    for _ in range(5):  # the loop hears of it in a turn or two (no time passes)
        await asyncio.sleep(0)
    assert thinkers.busy == 0


async def test_a_long_job_never_takes_a_tables_search_worker() -> None:
    """A review holds a worker of the long jobs' own pool: while one runs, a table's search
    still finds its worker free, and a second long job waits for the first."""
    searches, long_jobs = StalledWorkers(), StalledWorkers()
    pools = iter((long_jobs, searches))  # the first job started is the long one
    thinkers = Thinkers(workers=1, pool=lambda workers: next(pools), limit=5.0, long_workers=1)
    first = asyncio.ensure_future(thinkers.run(sum, (1, 2)))
    second = asyncio.ensure_future(thinkers.run(sum, (3, 4)))
    for _ in range(5):
        await asyncio.sleep(0)
    assert (thinkers.long_busy, thinkers.busy, len(long_jobs.searches)) == (1, 0, 1)
    hand = gouji.new_game(seed="long", rules=gouji.Rules(bots="strong"))
    move = asyncio.ensure_future(thinkers.move("gouji", hand, hand.to_act[0], 0))
    for _ in range(5):
        await asyncio.sleep(0)
    assert len(searches.searches) == 1 and not thinkers.refused  # searched, not refused as busy
    answer = gouji.bot.choose(hand, hand.to_act[0], rng("long"))
    searches.searches[0].set_result(answer)
    assert await asyncio.wait_for(move, 10) is answer
    long_jobs.searches[0].set_result(3)
    assert await asyncio.wait_for(first, 10) == 3
    for _ in range(5):
        await asyncio.sleep(0)
    assert len(long_jobs.searches) == 2  # the second started once the first ended
    long_jobs.searches[1].set_result(7)
    assert await asyncio.wait_for(second, 10) == 7
