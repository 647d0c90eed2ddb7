"""What one bot process serves: people playing through the Mini App, strong bots
beside them, and pages watching, as the number of tables grows.

    python -m benchmarks.capacity [--tables 4 8 16] [--seconds 60] [--settle 10] [--think 3]
        [--viewers 2] [--cluster WORKERS]

For each N: the real bot (`benchmarks.load_bot --humans`, a process of its own, the system
clock, its web server on 127.0.0.1, strong bots searching in its worker processes: SEARCH_WORKERS) against the
fake Bot API (Telegram's limits), with N 够级 tables (three people, three strong bots) and N 拱猪
tables (two and two). Every person plays through the Mini App's API as the page does: follows
the table's event stream, reads the table at each new version, and when it is their decision
posts a random legal move about `--think` seconds later. `--viewers` more pages per table (group
members) follow each table too. People and viewers run in a process of their own.

Prints per N: press → answer p50/p95 (the move's POST, from sending to its answer: committed),
a viewer's read p50/p95 (from the event to the table read), the bots' thinking as the tables
waited (p50/p95/max), the searches answered and those the heuristic answered instead, CPU per
table-hour (the bot's process and its search workers, process time) and the bot's memory per
table. `--cluster W` thinks on a Dask cluster of W one-thread workers started on 127.0.0.1
(SEARCH_CLUSTER, as docs/scaling.md) instead of the bot's own worker processes.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import multiprocessing
import random
import statistics
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

import aiohttp
import psutil

from benchmarks.load import Bot
from tests.e2e.daskcluster import Cluster, dask_cluster
from tests.e2e.fake_api import FakeBotApi
from tests.e2e.miniapp import init_data
from tests.ports import free_port

VIEWERS = 40_000  # viewer v of table i is VIEWERS + 10 i + v, a member of the group


def percentiles(values: list[float]) -> str:
    if len(values) < 2:
        return "n/a"
    q = statistics.quantiles(values, n=100, method="inclusive")
    return f"p50 {q[49]:.2f} / p95 {q[94]:.2f} s"


# -- the pages: people and viewers, in a process of their own -------------------------------------


class Page:
    """One page open on one table: follows its events and reads the table at each version."""

    def __init__(self, session: aiohttp.ClientSession, base: str, table: int, user: int) -> None:
        self.session, self.base, self.table = session, base, table
        person = {"id": user, "first_name": f"u{user}", "language_code": "zh"}
        self.headers = {"Authorization": "tma " + init_data(person, age=0)}
        self.reads: list[tuple[float, float]] = []  # (when, seconds from the event to the table)
        self.refused: Counter[int] = Counter()  # streams and reads answered otherwise, by status

    async def follow(self, until: float) -> None:
        """As the page's `follow`: a refused or dropped stream is opened again after 1 s, twice
        as long each time up to 10 s."""
        wait = 1.0
        while time.monotonic() < until:
            if await self.stream(until):
                wait = 1.0
            await asyncio.sleep(wait)
            wait = min(wait * 2, 10.0)

    async def stream(self, until: float) -> bool:
        """Follows one event stream; False if it was refused."""
        url = f"{self.base}/api/tables/{self.table}"
        timeout = aiohttp.ClientTimeout(total=None, sock_read=None)
        async with self.session.get(url + "/events", headers=self.headers, timeout=timeout) as stream:
            if stream.status != 200:
                self.refused[stream.status] += 1
                return False
            async for line in stream.content:
                if time.monotonic() > until:
                    break
                if line.startswith(b"data: "):
                    told = time.perf_counter()
                    async with self.session.get(url, headers=self.headers) as answer:
                        view = await answer.json(content_type=None)
                    if answer.status != 200:
                        self.refused[answer.status] += 1
                        continue
                    self.reads.append((told, time.perf_counter() - told))
                    await self.seen(view)
        return True

    async def seen(self, view: dict[str, Any]) -> None:
        """A viewer only reads."""


class Person(Page):
    """A seated person: on their decision, a random legal move about `think` seconds later."""

    def __init__(
        self, session: aiohttp.ClientSession, base: str, table: int, user: int, think: float
    ) -> None:
        super().__init__(session, base, table, user)
        self.think, self.random = think, random.Random(user)
        self.presses: list[tuple[float, float, int]] = []  # (when, seconds to the answer, status)
        self.thinking: asyncio.Task[None] | None = None

    async def seen(self, view: dict[str, Any]) -> None:
        if view.get("legal") and (self.thinking is None or self.thinking.done()):
            self.thinking = asyncio.create_task(self.press(view))

    async def press(self, view: dict[str, Any]) -> None:
        await asyncio.sleep(self.think * self.random.uniform(0.5, 1.5))
        body = json.dumps({"move": self.random.choice(view["legal"]), "version": view["version"]})
        sent = time.perf_counter()
        async with self.session.post(
            f"{self.base}/api/tables/{self.table}/moves", data=body, headers=self.headers
        ) as answer:
            await answer.read()
        self.presses.append((sent, time.perf_counter() - sent, answer.status))


def pages_process(
    base: str, tables: list[list[Any]], think: float, viewers: int, seconds: float, out: Any
) -> None:
    async def main() -> None:
        connector = aiohttp.TCPConnector(limit=0)
        async with aiohttp.ClientSession(connector=connector) as session:
            people = [Person(session, base, table, user, think) for table, users in tables for user in users]
            watching = [
                Page(session, base, table, VIEWERS + 10 * i + v)
                for i, (table, _) in enumerate(tables)
                for v in range(viewers)
            ]
            until = time.monotonic() + seconds
            tasks = [asyncio.create_task(page.follow(until)) for page in [*people, *watching]]
            await asyncio.wait(tasks, timeout=seconds + 5)
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
            for person in people:
                if person.thinking is not None:
                    person.thinking.cancel()
                    with contextlib.suppress(asyncio.CancelledError):
                        await person.thinking
        out.put(
            {
                "presses": [p for person in people for p in person.presses],
                "reads": [r for page in watching for r in page.reads],
                "refused": dict(sum((page.refused for page in [*people, *watching]), Counter())),
            }
        )

    asyncio.run(main())


# -- one run --------------------------------------------------------------------------------------


def process_tree_cpu(pid: int) -> float:
    """The CPU seconds a process and its children have used (their process time); 0 once gone."""
    total = 0.0
    with contextlib.suppress(psutil.Error):
        root = psutil.Process(pid)
        for process in [root, *root.children(recursive=True)]:
            times = process.cpu_times()
            total += times.user + times.system
    return total


def cluster_cpu(cluster: Cluster | None) -> float:
    """The CPU seconds the cluster's workers have used (process time of their processes)."""
    return sum(process_tree_cpu(worker.pid) for worker in cluster.workers.values()) if cluster else 0.0


async def run(tables: int, seconds: float, settle: float, think: float, viewers: int, workers: int) -> None:
    with dask_cluster(workers) if workers else contextlib.nullcontext() as cluster:
        await run_with(tables, seconds, settle, think, viewers, cluster)


async def run_with(
    tables: int, seconds: float, settle: float, think: float, viewers: int, cluster: Cluster | None
) -> None:
    api = FakeBotApi().start()
    api.per_second, api.group_per_minute = 30, 20
    port = free_port()
    context = multiprocessing.get_context("spawn")
    out = context.Queue()
    with tempfile.TemporaryDirectory() as folder:
        more = (
            "--web-port",
            str(port),
            "--humans",
            *(("--search-cluster", cluster.address) if cluster else ()),
        )
        bot = await Bot.start(
            api, Path(folder) / "capacity.sqlite3", 0, 2 * tables, False, "gongzhu", "strong", more
        )
        await bot.read()  # ready
        opened = await bot.ask("open")
        base = f"http://127.0.0.1:{port}"
        pages = context.Process(
            target=pages_process, args=(base, opened["tables"], think, viewers, settle + seconds, out)
        )
        pages.start()
        await asyncio.sleep(settle)  # every page has opened and the tables play
        await bot.ask("measure")
        since, thinkers_cpu = time.perf_counter(), cluster_cpu(cluster)
        await asyncio.sleep(seconds)
        window = await bot.ask("window")
        if cluster is not None:
            window["workers_cpu"] = cluster_cpu(cluster) - thinkers_cpu
        found = await asyncio.to_thread(out.get, True, 60)
        await asyncio.to_thread(pages.join, 30)
        await bot.ask("stop")
        await bot.process.wait()
    api.stop()
    presses = [p for p in found["presses"] if p[0] >= since]
    answered = [wait for _, wait, status in presses if status == 200]
    reads = [wait for at, wait in found["reads"] if at >= since]
    thinking = window["thinking"]
    count = 2 * tables
    hour = 3600 / window["wall"] / count
    refused = " ".join(f"{k} {n}" for k, n in sorted(window["refused"].items()) if n) or "none"
    where = f"a Dask cluster of {len(cluster.workers)}" if cluster else "the bot's worker processes"
    print(
        f"{tables} 够级 + {tables} 拱猪 tables, {5 * tables} people, {viewers * count} viewers, "
        f"searching on {where}: "
        f"{window['moves']:,} moves in {window['wall']:.0f} s, {window['moved']} tables moved"
    )
    other = Counter(status for _, _, status in presses if status != 200)  # 409: the table moved first
    others = ", ".join(f"{n} × {status}" for status, n in sorted(other.items())) or "none"
    print(f"  press → answer {percentiles(answered)} over {len(answered)} moves (other answers: {others})")
    refusals = ", ".join(f"{n} × {status}" for status, n in sorted(found["refused"].items())) or "none"
    print(f"  a viewer's read {percentiles(reads)} over {len(reads)} reads; pages refused: {refusals}")
    if thinking:
        most = max(thinking)
        print(f"  bots thinking {percentiles(thinking)}, {most:.2f} s at most, {len(thinking)} searches")
    print(
        f"  searches answered {window['searched']}, by the heuristic instead: {refused}; CPU a table-hour: "
        f"the bot {window['cpu'] * hour:.0f} s, its search workers {window['workers_cpu'] * hour:.0f} s; "
        f"memory {window['rss']:.0f} MB ({window['rss'] / count:.2f} MB a table)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, nargs="+", default=[4, 8, 16], help="tables of each game")
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--settle", type=float, default=10.0, help="seconds of play before the window")
    parser.add_argument("--think", type=float, default=3.0, help="a person's seconds a decision, about")
    parser.add_argument("--viewers", type=int, default=2, help="more pages per table, watching")
    parser.add_argument(
        "--cluster", type=int, default=0, help="search on a Dask cluster of this many workers"
    )
    args = parser.parse_args()
    for tables in args.tables:
        asyncio.run(run(tables, args.seconds, args.settle, args.think, args.viewers, args.cluster))


if __name__ == "__main__":
    main()
