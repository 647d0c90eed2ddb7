"""What more search workers buy: the searching bots' decisions of many tables at once,
thought in local worker processes or on a Dask cluster (a scheduler and N one-thread workers
started here, on 127.0.0.1), for N workers each.

    python -m benchmarks.search_cluster [--workers 1 2 4] [--tables 8] [--decisions 64] [--pace 1.0]

`--tables` tables play at once, each asking for a strong 够级 bot's decisions one after another,
`--pace` seconds apart (the bots' BOT_MOVE_DELAY; positions from random play, the same for every
run). A decision whose search finds every worker busy, or that waits past the limit (2 s), is
answered by the heuristic, as the referee does. Printed per
pool: searches answered and refused, searches a wall second, think time p50/p95, and this
process's CPU (process_time) beside the wall time: a cluster's searches cost the bot almost
nothing. On a machine with fewer cores than workers, the workers share them.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import time
from collections.abc import Callable
from typing import Any

from engine import gouji
from engine.referee.cluster import cluster_pool
from engine.referee.thinking import Pool, Thinkers, worker_processes
from engine.seeding import rng
from tests.e2e.daskcluster import dask_cluster


def positions(count: int) -> list[tuple[Any, int, int]]:
    """(hand, seat, ply): strong-bot decisions of random 够级 play, some way into each hand."""
    found = []
    for n in range(count):
        hand = gouji.new_game(seed=f"cluster/{n}", rules=gouji.Rules(bots="strong", revolution=False))
        rand = rng("cluster", n)
        for _ in range(rand.randrange(5, 40)):
            if hand.is_over:
                break
            seat = hand.to_act[0]
            hand.apply(seat, rand.choice(hand.legal_moves(seat)))
        if not hand.is_over:
            found.append((hand, hand.to_act[0], n))
    return found


async def run(
    workers: int, pool: Callable[[int], Pool], tables: int, work: list[Any], pace: float
) -> dict[str, Any]:
    thinkers = Thinkers(workers, pool=pool)
    await thinkers.move("gouji", *work[0])  # the pool started (processes spawned, the cluster joined)
    thinkers.answered = 0
    times: list[float] = []
    queue = list(work)

    async def table(number: int) -> None:
        await asyncio.sleep(pace * number / tables)  # the tables' bots are not in step
        while queue:
            hand, seat, ply = queue.pop()
            start = time.perf_counter()
            if await thinkers.move("gouji", hand, seat, ply) is not None:
                times.append(time.perf_counter() - start)
            await asyncio.sleep(max(0.0, pace - (time.perf_counter() - start)))  # the next bot's turn

    wall, cpu = time.perf_counter(), time.process_time()
    await asyncio.gather(*(table(number) for number in range(tables)))
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    await thinkers.stop()
    quantiles = statistics.quantiles(times, n=20) if len(times) > 1 else [0.0] * 19
    return {
        "answered": thinkers.answered,
        "refused": sum(thinkers.refused.values()),
        "per_second": thinkers.answered / wall,
        "p50": statistics.median(times) if times else 0.0,
        "p95": quantiles[18],
        "wall": wall,
        "cpu": cpu,
    }


def show(name: str, found: dict[str, Any]) -> None:
    print(
        f"{name:<22} {found['answered']:>4} searched, {found['refused']:>4} by the heuristic, "
        f"{found['per_second']:5.1f} searches/s, think p50 {found['p50'] * 1000:4.0f} ms "
        f"p95 {found['p95'] * 1000:5.0f} ms; {found['wall']:5.1f} s wall, {found['cpu']:4.1f} s CPU here"
    )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2, 4])
    parser.add_argument("--tables", type=int, default=8)
    parser.add_argument("--decisions", type=int, default=64)
    parser.add_argument("--pace", type=float, default=1.0)
    args = parser.parse_args()
    work = positions(args.decisions)
    print(
        f"{len(work)} strong 够级 decisions, {args.tables} tables asking at once, one each "
        f"{args.pace:.1f} s, {os.cpu_count()} cores here"
    )
    for workers in args.workers:
        local = asyncio.run(run(workers, worker_processes, args.tables, work, args.pace))
        show(f"{workers} local process(es)", local)
        with dask_cluster(workers) as running:
            cluster = asyncio.run(run(workers, cluster_pool(running.address), args.tables, work, args.pace))
        show(f"{workers} Dask worker(s)", cluster)


if __name__ == "__main__":
    main()
