"""The referee on a real SQLite file: committed moves per second, and memory for many tables.

    python -m benchmarks.referee [--tables 20] [--game gouji] [--memory-tables 500]
    python -m benchmarks.referee --database postgresql://user@host/empty_db   # the same on PostgreSQL

Throughput: bot-only tables, bots moving at once (no thinking delay) on a manual clock; every move
is a full referee step — the engine applies it, one transaction logs it and moves the table's
version and clock, then the notice is published (to a counter). Goal: ≥ 1,000 moves/s on one core.
Memory: that many bot-only tables running at the same time (each one some way into its match,
bots thinking 1 s), the process's resident memory. Goal: ≤ 300 MB for 500 tables.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import itertools
import os
import resource
import tempfile
import time
import tracemalloc
from pathlib import Path

from data.stores import open_store
from engine.bots import bot_move
from engine.games import GAMES
from engine.matchplay import MatchPlay
from engine.referee import ManualClock, Notice, Referee

GROUP = -1


class Counter:
    inline = True  # no I/O: counted as the change commits (the outbox is measured apart)

    def __init__(self) -> None:
        self.notices = 0

    async def publish(self, notice: Notice) -> None:
        self.notices += 1


async def referee_on(path: Path | str, bot_delay: float) -> tuple[Referee, ManualClock, Counter]:
    store = await open_store(path)
    clock, counter = ManualClock(), Counter()
    seeds = itertools.count()
    referee = Referee(
        store, counter, clock, bot_delay=bot_delay, heartbeat=3600.0, new_seed=lambda: f"bench/{next(seeds)}"
    )
    await referee.recover()
    async with store.transaction() as q:
        await q.save_group(GROUP, "benchmark")
        await q.set_group_settings(GROUP, {}, True, None)
    return referee, clock, counter


async def open_bot_tables(referee: Referee, game: str, count: int) -> None:
    for _ in range(count):
        table = await referee.open_table(GROUP, None, game, {}, "fast")
        await referee.add_bot(table.id, 0)
        await referee.start(table.id)


async def moves_logged(referee: Referee) -> int:
    async with referee.store.reading() as q:
        rows = await q._all("SELECT count(*) FROM moves")  # a benchmark may peek
    return int(next(iter(rows))[0])


async def throughput(game: str, tables: int, database: str | None = None) -> tuple[float, float, int]:
    """Committed moves per second of wall time and of process time (this process's CPU, the
    store's thread included: the figure that does not swing with the machine's load; a
    PostgreSQL server's own CPU is not in it)."""
    with tempfile.TemporaryDirectory() as folder:
        referee, clock, _ = await referee_on(database or Path(folder) / "bench.db", 0.0)
        await open_bot_tables(referee, game, tables)
        start_moves = await moves_logged(referee)
        start, cpu = time.perf_counter(), time.process_time()
        await clock.advance(0)
        elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu
        moves = await moves_logged(referee) - start_moves
        await referee.close()
        await referee.store.close()
    return moves / elapsed, moves / cpu, moves


async def memory(game: str, tables: int, steps: int) -> tuple[float, float, int]:
    before = rss_mb()
    with tempfile.TemporaryDirectory() as folder:
        referee, clock, _ = await referee_on(Path(folder) / "memory.db", 1.0)
        await open_bot_tables(referee, game, tables)
        for _ in range(steps):
            await clock.advance(1.0)
        running = sum(1 for t in referee.tables.values() if t.status == "running")
        after = rss_mb()
        await referee.close()
        await referee.store.close()
    return before, after, running


def finished_match_kb(game: str, matches: int = 5) -> float:
    """What one whole match (every hand kept, for replay and tributes) holds, in KB: the worst
    case of a table in memory, just before its match ends."""
    kind = GAMES[game]

    def play(seed: str) -> MatchPlay:
        match, ply = kind.new_match(seed, kind.rules({})), 0
        while not match.is_over:
            seat = match.to_act[0]
            match.apply(seat, bot_move(game, match.rounds[-1], seat, ply))
            ply += 1
        return match

    for number in range(5):  # warm the interned sets and cards up first
        play(f"warm/{number}")
    gc.collect()
    tracemalloc.start()
    kept = [play(f"memory/{number}") for number in range(matches)]
    gc.collect()
    size = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    return size / len(kept) / 1024


def rss_mb() -> float:
    with open(f"/proc/{os.getpid()}/statm") as statm:
        pages = int(statm.read().split()[1])
    return pages * resource.getpagesize() / 2**20


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--memory-tables", type=int, default=500)
    parser.add_argument("--steps", type=int, default=60)
    parser.add_argument(
        "--database", help="a PostgreSQL database to measure throughput on (else a SQLite file)"
    )
    args = parser.parse_args()
    print("goals: ≥ 1,000 committed moves/s on one core; ≤ 300 MB for 500 tables")
    for game in ("gouji", "gongzhu"):
        rate, per_cpu, moves = await throughput(game, args.tables, args.database)
        print(
            f"{game}: {rate:,.0f} committed moves/s wall, {per_cpu:,.0f} per process-second"
            f" ({moves:,} moves, {args.tables} bot tables)"
        )
    for game in ("gouji", "gongzhu"):
        before, after, running = await memory(game, args.memory_tables, args.steps)
        print(
            f"{game}: {args.memory_tables} bot tables ({running} still running after {args.steps} s): "
            f"resident {after:,.0f} MB (the process held {before:,.0f} MB before)"
        )
        worst = finished_match_kb(game)
        print(
            f"{game}: a whole match in memory {worst:,.0f} KB: {args.memory_tables} tables all at "
            f"their match's end ≈ {before + worst * args.memory_tables / 1024:,.0f} MB"
        )


if __name__ == "__main__":
    asyncio.run(main())
