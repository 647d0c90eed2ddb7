"""The bot's side of `benchmarks.load`, in a process of its own, as in production, where Telegram
and the players are elsewhere (sharing a process, the fake server's threads and the simulated
players took the bot's interpreter lock and doubled its waits).

    python -m benchmarks.load_bot API_URL DATABASE FIRST LAST [--stages] [--game G] [--bots LEVEL]
        [--web-port PORT --humans] [--search-cluster tcp://host:port]

Starts the real bot (python-telegram-bot over HTTP, its own rate limiter and update processor,
the system clock, bots moving after 1 s) and says `{}` as one JSON line when it is ready. Then it
answers the commands it reads on stdin, each with one JSON line:
- `open`: opens the bot-only tables (`--game`, 拱猪 by default, bots at `--bots`) FIRST … LAST-1
  (table i in group GROUPS - i): `{"opened": seconds}`. With `--humans` (the capacity run's
  `benchmarks.capacity`), tables alternate 够级 and 拱猪 and half of each table's seats are people
  (HUMANS + 10 i + k), the rest bots; `{"opened", "tables": [[table id, [people]], …]}` — the
  people then play through the Mini App's API, which `--web-port` serves on 127.0.0.1;
- `measure`: the window starts (`{}`);
- `window`: the window ends: `{"moves", "moved", "cpu", "wall", "workers_cpu", "searched",
  "refused", "rss", "thinking"}` (`cpu`: the process time of this process only, the bot's own
  cost; `workers_cpu`: its search worker processes'; the searches answered and those the
  heuristic answered instead, by reason; this process's resident memory in MB; each answered
  search's wait as its table saw it, seconds);
- `stop`: `{"retried", "marks", "lines", "turns"}`, then exits. Turns: when each human's
  decision began, by "table|version". Lines: the announcement lines the group
  feed was given since the start, those sent, those still waiting. Marks: with `--stages`, when
  each press passed each step in the bot (perf_counter seconds: the same clock in every process
  on Linux).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import contextvars
import dataclasses
import json
import logging
import sys
import time
from pathlib import Path
from typing import Any

import psutil

from handlers.app import build
from handlers.config import Config
from handlers.web.server import WebServer
from tests.e2e.harness import TOKEN
from tests.e2e.miniapp import WEBAPP_URL

GROUPS = -2_000_000  # group i is GROUPS - i
HUMANS = 30_000  # person k of table i is HUMANS + 10 i + k
# where a press has got to, in the bot
STEPS = ("queued", "its turn", "submit", "commit", "in the store", "committed", "answer", "sent")


class Stages:
    """Where a press waits in the bot: when each callback query passed each step, recorded by
    wrapping the update processor, the referee's submit and commit, and the rate limiter."""

    def __init__(self, app: Any) -> None:
        self.marks: dict[str, dict[str, float]] = {}
        self._query: contextvars.ContextVar[str | None] = contextvars.ContextVar("query", default=None)
        self._wrap_processor(app.update_processor)
        self._wrap_referee(app.bot_data.services.referee)
        self._wrap_limiter(app.bot.rate_limiter)

    def mark(self, step: str, query: str | None = None) -> None:
        query = query or self._query.get()
        if query is not None:
            self.marks.setdefault(query, {}).setdefault(step, time.perf_counter())

    def _wrap_processor(self, processor: Any) -> None:
        original = processor.do_process_update

        async def do_process_update(update: Any, coroutine: Any) -> None:
            query = getattr(update, "callback_query", None)
            if query is None:
                return await original(update, coroutine)
            self.mark("queued", query.id)

            async def timed() -> None:
                self._query.set(query.id)  # the handler's task: submit and answer see it
                self.mark("its turn")
                await coroutine

            return await original(update, timed())

        processor.do_process_update = do_process_update

    def _wrap_referee(self, referee: Any) -> None:
        submit, commit = referee.submit, referee.core.commit

        async def timed_submit(*args: Any, **kwargs: Any) -> Any:
            self.mark("submit")
            try:
                return await submit(*args, **kwargs)
            finally:
                self.mark("committed")

        async def timed_commit(*args: Any, **kwargs: Any) -> Any:
            self.mark("commit")
            return await commit(*args, **kwargs)

        referee.submit, referee.core.commit = timed_submit, timed_commit
        store, transaction = referee.core.store, referee.core.store.transaction

        @contextlib.asynccontextmanager
        async def timed_transaction() -> Any:
            async with transaction() as queries:
                self.mark("in the store")  # the store's lock is this press's
                yield queries

        store.transaction = timed_transaction

    def _wrap_limiter(self, limiter: Any) -> None:
        original = limiter.process_request

        async def process_request(callback: Any, **rest: Any) -> Any:
            if rest["endpoint"] != "answerCallbackQuery":
                return await original(callback=callback, **rest)
            self.mark("answer")

            async def timed(*args: Any, **kwargs: Any) -> Any:
                self.mark("sent")
                return await callback(*args, **kwargs)

            return await original(callback=timed, **rest)

        limiter.process_request = process_request


class Announcements:
    """Every announcement line the referee's notices gave the group feed, and what became of it:
    handed to Telegram in a batch, or still waiting (merged) at the end. None may be lost."""

    def __init__(self, feed: Any) -> None:
        self.feed, self.posted, self.sent = feed, 0, 0
        post, send = feed.post, feed.send

        async def counted_post(
            group: int, table: int, view: Any, lines: list[str], sheet: Any, results: int = 0
        ) -> None:
            self.posted += len(lines)
            await post(group, table, view, lines, sheet, results)

        async def counted_send(group: int, table: int, batch: Any) -> int:
            self.sent += len(batch.lines)  # handed over (a failed call is in the log and the 429s)
            calls: int = await send(group, table, batch)
            return calls

        feed.post, feed.send = counted_post, counted_send

    def waiting(self) -> int:
        return sum(len(b.lines) for g in self.feed._groups.values() for b in g.batches.values())


class Turns:
    """When each human's decision began: the commit after which a seat with a player (not on
    autopilot) is to act, by (table, version), which its keyboard's buttons carry."""

    def __init__(self, core: Any) -> None:
        self.began: dict[str, float] = {}
        commit = core.commit

        async def noted_commit(table: Any, *args: Any, **kwargs: Any) -> Any:
            events = await commit(table, *args, **kwargs)
            match = table.match
            if match is not None and table.status == "running":
                seats = table.seats
                if any(seats[s].player_id is not None and not seats[s].autopilot for s in match.to_act):
                    self.began[f"{table.id}|{table.version}"] = time.perf_counter()
            return events

        core.commit = noted_commit


class Thinking:
    """How long each search that answered kept its table waiting (the referee's await on the
    thinkers; a search refused at once, every worker busy, is counted by the thinkers)."""

    def __init__(self, thinkers: Any) -> None:
        self.waits: list[float] = []
        move = thinkers.move

        async def timed(*args: Any) -> Any:
            started = time.perf_counter()
            answer = await move(*args)
            if answer is not None:
                self.waits.append(time.perf_counter() - started)
            return answer

        thinkers.move = timed


async def open_with_people(referee: Any, first: int, last: int, bots: str) -> list[list[Any]]:
    """Tables FIRST … LAST-1, 够级 and 拱猪 in turn, half of each table's seats people."""
    tables: list[list[Any]] = []
    for i in range(first, last):
        game, people = ("gouji", 3) if i % 2 == 0 else ("gongzhu", 2)
        ids = [HUMANS + 10 * i + k for k in range(people)]
        for person in ids:
            await referee.register_player(person, f"P{i}.{person % 10}", "zh")
        table = await referee.open_table(GROUPS - i, ids[0], game, {"bots": bots}, "fast")
        for person in ids[1:]:
            await referee.join(table.id, person)
        await referee.add_bot(table.id, 0)
        await referee.start(table.id)
        tables.append([table.id, ids])
    return tables


def plies(app: Any) -> dict[int, int]:
    return {table.id: table.ply for table in app.bot_data.services.referee.tables.values()}


def say(**fields: Any) -> None:
    print(json.dumps(fields), flush=True)


async def command() -> str:
    return (await asyncio.to_thread(sys.stdin.readline)).strip()


def workers_cpu() -> float:
    """The CPU seconds of this process's children: the searching bots' worker processes."""
    total = 0.0
    for child in psutil.Process().children(recursive=True):
        with contextlib.suppress(psutil.Error):
            times = child.cpu_times()
            total += times.user + times.system
    return total


async def serve(
    url: str,
    database: Path,
    first: int,
    last: int,
    stages: bool,
    game: str = "gongzhu",
    bots: str = "normal",
    web_port: int | None = None,
    humans: bool = False,
    cluster: str | None = None,
) -> None:
    config = Config(
        TOKEN, database, url, 1.0, logging.WARNING, None, web_port or 8443, search_cluster=cluster
    )
    if web_port is not None:
        config = dataclasses.replace(config, http=True, webapp_url=WEBAPP_URL)
    app = build(config)
    await app.initialize()
    await app.post_init(app)  # type: ignore[misc]
    await app.updater.start_polling(poll_interval=0.0, timeout=1)  # type: ignore[union-attr]
    await app.start()
    web = WebServer(config, app, app.bot_data.metrics) if web_port is not None else None
    if web is not None:
        await web.start()
    referee = app.bot_data.services.referee
    announcements = Announcements(app.bot_data.notifier.feed)
    turns = Turns(referee.core)
    thinking = Thinking(referee.core.thinkers)
    say()
    assert await command() == "open"  # once the humans' tables are open (they were first)
    started = time.perf_counter()
    if humans:
        tables = await open_with_people(referee, first, last, bots)
        say(opened=time.perf_counter() - started, tables=tables)
    else:
        for i in range(first, last):
            table = await referee.open_table(GROUPS - i, None, game, {"bots": bots}, "fast")
            await referee.add_bot(table.id, 0)
            await referee.start(table.id)
        say(opened=time.perf_counter() - started)
    tracer = Stages(app) if stages else None
    assert await command() == "measure"
    thinkers = referee.core.thinkers
    searched, refused = thinkers.answered, dict(thinkers.refused)
    before, wall, cpu, workers = plies(app), time.perf_counter(), time.process_time(), workers_cpu()
    thinking.waits.clear()
    say()
    assert await command() == "window"
    after, wall, cpu = plies(app), time.perf_counter() - wall, time.process_time() - cpu
    moved = sum(1 for t, ply in after.items() if ply > before.get(t, 0))
    say(
        moves=sum(after.values()) - sum(before.values()), moved=moved, cpu=cpu, wall=wall,
        workers_cpu=workers_cpu() - workers, searched=thinkers.answered - searched,
        refused={k: n - refused.get(k, 0) for k, n in thinkers.refused.items()},
        rss=psutil.Process().memory_info().rss / 2**20, thinking=thinking.waits,
    )  # fmt: skip
    assert await command() == "stop"
    lines = {"posted": announcements.posted, "sent": announcements.sent, "waiting": announcements.waiting()}
    retried = getattr(app.bot.rate_limiter, "retried", 0)
    say(retried=retried, marks=tracer.marks if tracer else {}, lines=lines, turns=turns.began)
    if web is not None:
        await web.stop()
    await app.updater.stop()  # type: ignore[union-attr]
    await app.stop()
    await app.post_stop(app)  # type: ignore[misc]
    await app.shutdown()
    await app.post_shutdown(app)  # type: ignore[misc]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("url")
    parser.add_argument("database", type=Path)
    parser.add_argument("first", type=int)
    parser.add_argument("last", type=int)
    parser.add_argument("--stages", action="store_true")
    parser.add_argument("--game", default="gongzhu")
    parser.add_argument("--bots", default="normal")
    parser.add_argument("--web-port", type=int, help="serve the Mini App's API on 127.0.0.1:PORT")
    parser.add_argument("--humans", action="store_true", help="够级 and 拱猪 tables, half their seats people")
    parser.add_argument("--search-cluster", help="a Dask scheduler's address (SEARCH_CLUSTER)")
    args = parser.parse_args()
    logging.basicConfig(level=logging.ERROR)
    where = (args.url, args.database, args.first, args.last)
    options = (args.stages, args.game, args.bots, args.web_port, args.humans, args.search_cluster)
    asyncio.run(serve(*where, *options))


if __name__ == "__main__":
    main()
