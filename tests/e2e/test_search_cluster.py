"""Searches past one machine. A real Dask scheduler and two workers (distributed, from
PyPI) on 127.0.0.1, each worker a process of its own running this project's code: a match of
strong bots is played by the referee with every search thought there; a worker killed in the
middle of a search, or the scheduler itself, leaves the table moving within the search's time
limit; a cluster that cannot be reached costs a move nothing but the search (the heuristic
answers)."""

from __future__ import annotations

import asyncio
import signal
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from distributed import Client

from engine.matchplay import MatchPlay
from engine.referee.cluster import ClusterPool, cluster_pool
from engine.referee.table import LiveTable
from engine.referee.thinking import Thinkers
from tests.e2e.daskcluster import Cluster, dask_cluster
from tests.ports import free_port
from tests.referee.world import World

WORKERS = 2


@pytest.fixture
def cluster() -> Iterator[Cluster]:
    with dask_cluster(WORKERS) as running:
        yield running


async def test_a_match_of_strong_bots_is_played_with_every_search_on_the_cluster(
    cluster: Cluster, world: World
) -> None:
    thinkers = Thinkers(WORKERS, pool=cluster_pool(cluster.address))
    world.referee.core.thinkers = thinkers
    table = await world.table_with_bots("gongzhu", humans=(), bots="strong", deals="1")
    await world.clock.advance(0)  # the bots play the deal to its end, each search on the cluster
    assert table.match is not None and table.match.is_over
    assert thinkers.answered >= 40 and sum(thinkers.refused.values()) == 0  # a deal: ~50 decisions
    assert cluster.executed() == thinkers.answered  # every search ran there, none here
    await thinkers.stop()


@dataclass
class Decision:
    """A strong bot's decision, waiting: the referee asks `thinkers` for it when the test says."""

    world: World
    table: LiveTable
    match: MatchPlay
    seat: int
    ply: int

    @classmethod
    async def waiting(cls, world: World, thinkers: Thinkers, game: str, **options: str) -> Decision:
        world.referee.core.thinkers = thinkers
        world.referee.bot_delay = 1.0  # the bots wait for the clock: the test asks for one move
        table = await world.table_with_bots(game, humans=(), bots="strong", **options)
        match = table.match
        assert match is not None and not match.is_over  # no bot moved yet: each waits its turn
        return cls(world, table, match, match.to_act[0], table.ply)

    def think(self) -> asyncio.Future[Any]:
        return asyncio.ensure_future(self.world.referee.core.bot_move(self.table, self.seat, self.ply))


async def holder(address: str, thinking: asyncio.Future[Any]) -> str | None:
    """The name of the worker that holds the search, once one does (None: it ended first)."""
    with Client(address, timeout=30, set_as_default=False) as watcher:
        while not thinking.done():
            processing = await asyncio.to_thread(watcher.processing)
            busy = [worker for worker, tasks in processing.items() if tasks]
            if busy:
                name: str = watcher.scheduler_info()["workers"][busy[0]]["name"]
                return name
    return None


async def test_a_worker_killed_mid_search_leaves_the_table_moving_within_its_limit(
    cluster: Cluster, world: World
) -> None:
    thinkers = Thinkers(WORKERS, pool=cluster_pool(cluster.address), limit=2.0)
    decision = await Decision.waiting(world, thinkers, "gouji", revolution="off")
    thinking = decision.think()
    name = await holder(cluster.address, thinking)
    assert name is not None, "the search ended before it could be interrupted"
    cluster.workers[name].send_signal(signal.SIGKILL)  # mid-search
    move = await asyncio.wait_for(thinking, thinkers.limit + 5.0)  # the limit, and some slack
    assert move in decision.match.legal_moves(decision.seat)
    assert thinkers.answered + thinkers.refused["late"] + thinkers.refused["broken"] == 1
    await thinkers.stop()


async def test_a_cluster_out_of_reach_costs_the_move_nothing_but_its_search(world: World) -> None:
    pool = ClusterPool(f"tcp://127.0.0.1:{free_port()}", connect_seconds=0.5)  # nobody listens
    thinkers = Thinkers(2, pool=lambda workers: pool, limit=5.0)
    decision = await Decision.waiting(world, thinkers, "gongzhu", expose_mode="none")
    move = await decision.think()
    assert move in decision.match.legal_moves(decision.seat) and thinkers.refused["broken"] == 1
    await thinkers.stop()


# distributed's client says so at ERROR when it gives up on a lost scheduler (10 s on): the
# operator's cluster failed, which is what this test does to it
@pytest.mark.log_errors("Failed to reconnect to scheduler")
async def test_a_scheduler_lost_mid_search_leaves_the_table_moving_within_its_limit(
    world: World,
) -> None:
    with dask_cluster(1) as first:
        thinkers = Thinkers(2, pool=cluster_pool(first.address), limit=2.0)
        decision = await Decision.waiting(world, thinkers, "gouji", revolution="off")
        thinking = decision.think()
        assert await holder(first.address, thinking) is not None, "the search ended before the kill"
        first.scheduler.kill()  # the scheduler goes, mid-search
        move = await asyncio.wait_for(thinking, thinkers.limit + 5.0)
        assert move in decision.match.legal_moves(decision.seat)
        assert thinkers.answered + thinkers.refused["late"] + thinkers.refused["broken"] == 1
    await thinkers.stop()
