"""Many tables at once through Telegram's limits: how long a press waits for its answer.

    python -m benchmarks.load [--tables 200] [--seconds 60] [--think 1.0] [--settle 0] [--stages]

The real bot (python-telegram-bot over HTTP, PriorityRateLimiter, concurrent updates, the system
clock, bots moving after 1 s), in a process of its own (`benchmarks.load_bot`), against the fake
Bot API server on 127.0.0.1 in this process, which refuses calls with `429 retry_after` beyond 30
a second for the bot and 20 a minute per group, as Telegram does. A quarter of the 拱猪 tables
have a human, who opens the table through Telegram (command, deep link, /fill, /startgame) and
then presses a button of each new keyboard about `--think` seconds after it arrives (see
`Player`); the other tables are bots only, opened by the bot's process. Each table is in a group
of its own.

Prints: the time to open every table, then over `--seconds`: moves per second, tables that moved,
press → answer p50 / p90 / p99 (wall time, from the press reaching the server to its answer
arriving there), presses never answered, calls refused with 429, calls retried, and the process
time of the bot's process and of this one (the server and the players) beside the wall time.
`--settle` lets the tables play that many seconds before the window (the steady state, after
the opening's messages). `--stages` adds the calls a second by kind and where a press waits.
Goals: at 200 tables p50 ≤ 0.2 s, p99 ≤ 1 s, every table moving, 200 tables open in ≤ 60 s.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import json
import math
import os
import random
import statistics
import sys
import tempfile
import time
from asyncio.subprocess import PIPE
from collections import Counter
from pathlib import Path
from typing import Any

from benchmarks.load_bot import GROUPS, STEPS
from tests.e2e.fake_api import FakeBotApi
from tests.e2e.harness import choose, private

PLAYERS = 10_000  # the human of table i is PLAYERS + i
# the bot's command line: LOAD_BOT="python -m cProfile -o bot.prof -m benchmarks.load_bot" profiles it
LOAD_BOT = os.environ.get("LOAD_BOT", f"{sys.executable} -m benchmarks.load_bot").split()


def keyboard(api: FakeBotApi, chat: int) -> list[tuple[dict[str, Any], str, str]]:
    """The buttons of the chat's newest message with a keyboard."""
    for message in sorted(api.by_chat.get(chat, {}).values(), key=lambda m: -m["message_id"]):
        rows = (message.get("reply_markup") or {}).get("inline_keyboard", [])
        buttons = [
            (message, b["text"], b["callback_data"]) for row in rows for b in row if b.get("callback_data")
        ]
        if buttons:
            return buttons
    return []


async def until(test: Any, timeout: float = 120.0) -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = test()
        if found:
            return found
        await asyncio.sleep(0.05)
    raise TimeoutError("the bot did not answer")


def person_at(i: int) -> dict[str, Any]:
    """The human of table i."""
    return {"id": PLAYERS + i, "is_bot": False, "first_name": f"P{i}", "language_code": "zh-hans"}


def group_of(i: int) -> dict[str, Any]:
    """The group of table i."""
    return {"id": GROUPS - i, "type": "supergroup", "title": f"g{i}"}


async def open_human_table(api: FakeBotApi, i: int, bots: str = "normal") -> None:
    person, group = person_at(i), group_of(i)
    api.send(person, group, f"/gongzhu fast bots={bots}")
    link = await until(
        lambda: next(
            (m["text"] for m in api.by_chat.get(group["id"], {}).values() if "?start=" in m.get("text", "")),
            None,
        )
    )
    api.send(person, private(person), "/start " + link.split("?start=", 1)[1].split(")")[0].split("）")[0])
    await until(lambda: api.by_chat.get(person["id"]))
    api.send(person, group, "/fill")
    api.send(person, group, "/startgame")
    await until(lambda: keyboard(api, person["id"]))


class Player:
    """A human at one table: presses a button of each new keyboard after thinking for about
    `think` seconds (between half and one and a half times it, so that fifty players do not
    press in step), and never presses a keyboard already answered again."""

    def __init__(self, api: FakeBotApi, i: int, think: float) -> None:
        self.api, self.think, self.random = api, think, random.Random(i)
        self.person = person_at(i)
        self.presses: list[tuple[str, float]] = []  # query id, when it reached the server
        self.until = math.inf

    async def play(self) -> None:
        """From the moment the table is open until `until` (monotonic; set when the window starts)."""
        seen: tuple[int, str] | None = None
        ready_at = 0.0
        pressed: tuple[int, str] | None = None
        while time.monotonic() < self.until:
            await asyncio.sleep(0.1)
            buttons = keyboard(self.api, self.person["id"])
            if not buttons:
                continue
            key = (buttons[0][0]["message_id"], buttons[0][2])
            if key == pressed:
                continue
            if key != seen:
                seen, ready_at = key, time.monotonic() + self.think * self.random.uniform(0.5, 1.5)
            if time.monotonic() < ready_at:
                continue
            message, _, data = choose(buttons)
            self.presses.append((self.api.press(self.person, message, data), time.perf_counter()))
            pressed = key


class Bot:
    """The bot's process (`benchmarks.load_bot`), driven by one-line commands."""

    def __init__(self, process: asyncio.subprocess.Process) -> None:
        self.process = process

    @classmethod
    async def start(
        cls,
        api: FakeBotApi,
        database: Path,
        first: int,
        last: int,
        stages: bool,
        game: str,
        bots: str,
        more: tuple[str, ...] = (),
    ) -> Bot:
        arguments = [api.url, str(database), str(first), str(last), *(["--stages"] if stages else [])]
        arguments += ["--game", game, "--bots", bots, *more]
        process = await asyncio.create_subprocess_exec(*LOAD_BOT, *arguments, stdin=PIPE, stdout=PIPE)
        return cls(process)

    async def read(self) -> dict[str, Any]:
        assert self.process.stdout is not None
        line = await self.process.stdout.readline()
        if not line:
            raise RuntimeError(f"the bot's process ended ({await self.process.wait()})")
        answer: dict[str, Any] = json.loads(line)
        return answer

    async def ask(self, command: str) -> dict[str, Any]:
        assert self.process.stdin is not None
        self.process.stdin.write(command.encode() + b"\n")
        await self.process.stdin.drain()
        return await self.read()


def stages_report(api: FakeBotApi, since: float, presses: list[tuple[str, float]], marks: Any) -> str:
    """The calls a second by kind, and the p50 / p99 of each step's share of a press's wait."""
    spans: dict[str, list[float]] = {}
    for query, pressed in presses:
        at = dict(marks.get(query, {}), pressed=pressed)
        at["handed out"] = api.handed_out.get(int(query[1:]), float("nan"))
        at["at the server"] = api.answered.get(query, float("nan"))
        steps = [s for s in ("pressed", "handed out", *STEPS, "at the server") if s in at]
        for before, after in itertools.pairwise(steps):
            spans.setdefault(f"{before} → {after}", []).append(at[after] - at[before])
    lines = [f"  calls a second in the window: {calls_by_kind(api, since)}"]
    queries = {query for query, _ in presses}
    said = Counter(
        c.text.split("\n")[0][:40] for c in list(api.calls) if c.params.get("callback_query_id") in queries
    )
    lines.append(f"  presses answered: {', '.join(f'{text!r} {n}' for text, n in said.most_common(6))}")
    for name, values in spans.items():
        values = sorted(v for v in values if v == v)  # nan: a step this press never reached
        if len(values) > 1:
            q = statistics.quantiles(values, n=100)
            p50, p99 = q[49] * 1e3, q[98] * 1e3
            lines.append(f"  {name:<26} p50 {p50:7.1f} ms  p99 {p99:7.1f} ms  ({len(values)})")
    return "\n".join(lines)


def keyboard_delays(api: FakeBotApi, since: float, turns: dict[str, float]) -> str:
    """Turn → keyboard: from the commit that made it a human's turn to the first message
    carrying that decision's keyboard reaching the server (the buttons say table and version)."""
    first: dict[str, float] = {}
    for call in list(api.calls):
        markup = call.params.get("reply_markup")
        if call.at < since or not markup or (call.chat or 0) <= 0:
            continue
        rows = (json.loads(markup) if isinstance(markup, str) else markup).get("inline_keyboard", [])
        for data in (b.get("callback_data", "") for row in rows for b in row):
            key = "|".join(data.split("|")[1:3])
            if key in turns:
                first.setdefault(key, call.at)
    delays = sorted(at - turns[key] for key, at in first.items() if turns[key] >= since)
    asked = sum(1 for began in turns.values() if since <= began)
    if len(delays) < 2:
        return f"turn → keyboard: {len(delays)} of {asked} decisions shown"
    q = statistics.quantiles(delays, n=100)
    return (
        f"turn → keyboard p50 {q[49]:.2f} / p90 {q[89]:.2f} / p99 {q[98]:.2f} s over {len(delays)} of "
        f"{asked} human decisions begun in the window (the rest never shown: the bot or a later "
        "keyboard moved first)"
    )


def calls_by_kind(api: FakeBotApi, since: float) -> str:
    calls = [c for c in list(api.calls) if c.at >= since]
    seconds = max(calls[-1].at - calls[0].at, 1e-9) if calls else 1.0
    kinds: dict[str, int] = {}
    for call in calls:
        kind = call.method + ("" if call.chat is None else " private" if call.chat > 0 else " group")
        kinds[kind] = kinds.get(kind, 0) + 1
    return ", ".join(f"{k} {n / seconds:.1f}" for k, n in sorted(kinds.items(), key=lambda kv: -kv[1]))


async def run(
    tables: int,
    seconds: float,
    think: float,
    stages: bool = False,
    settle: float = 0.0,
    game: str = "gongzhu",
    bots: str = "normal",
) -> None:
    api = FakeBotApi().start()
    api.per_second, api.group_per_minute = 30, 20
    humans = tables // 4
    with tempfile.TemporaryDirectory() as folder:
        bot = await Bot.start(api, Path(folder) / "load.sqlite3", humans, tables, stages, game, bots)
        await bot.read()  # ready
        players = [Player(api, i, think) for i in range(humans)]
        started = time.perf_counter()

        seated = asyncio.Semaphore(0)

        async def seated_and_playing(player: Player, i: int) -> None:
            try:
                await open_human_table(api, i, bots)
            finally:
                seated.release()  # a table that failed to open says so when `playing` is gathered
            await player.play()  # as soon as the table is open, like a person

        playing = [asyncio.create_task(seated_and_playing(p, i)) for i, p in enumerate(players)]
        for _ in players:
            await seated.acquire()
        await bot.ask("open")
        opened = time.perf_counter() - started
        await asyncio.sleep(settle)  # the tables play on; the window starts once the opening is told
        await bot.ask("measure")
        since, harness_cpu = time.perf_counter(), time.process_time()
        for player in players:
            player.until = time.monotonic() + seconds
        await asyncio.gather(*playing)
        window = await bot.ask("window")
        harness_cpu = time.process_time() - harness_cpu
        await asyncio.sleep(5.0)  # the last presses' answers may still come
        end = await bot.ask("stop")
        await bot.process.wait()
    api.stop()
    presses = [(query, at) for p in players for query, at in p.presses if at >= since]  # the window's
    waits = sorted(api.answered[q] - at for q, at in presses if q in api.answered)
    q = statistics.quantiles(waits, n=100) if len(waits) > 1 else [0.0] * 99
    refused = sum(1 for c in list(api.calls) if c.status == 429)
    wall = window["wall"]
    print(
        f"{tables} tables ({humans} with a human): opened in {opened:.1f} s; over {wall:.0f} s "
        f"{window['moves']:,} moves ({window['moves'] / wall:.0f}/s), {window['moved']} tables moved; "
        f"press → answer p50 {q[49]:.2f} / p90 {q[89]:.2f} / p99 {q[98]:.2f} s over {len(presses)} "
        f"presses, {len(presses) - len(waits)} unanswered; {refused} calls refused with 429, "
        f"{end['retried']} retried; process time: the bot {window['cpu']:.1f} s, the server and "
        f"players {harness_cpu:.1f} s, for {wall:.1f} s wall"
    )
    print(f"  {keyboard_delays(api, since, end['turns'])}")
    refused_searches = " ".join(f"{k} {n}" for k, n in sorted(window["refused"].items()) if n) or "none"
    hour = 3600 / wall / tables  # a window's seconds → a table-hour's
    print(
        f"  searches: {window['searched']} answered in time, by the heuristic instead: {refused_searches}; "
        f"CPU a table-hour: the bot {window['cpu'] * hour:.0f} s, its search workers "
        f"{window['workers_cpu'] * hour:.0f} s; the bot's memory {window['rss']:.0f} MB "
        f"({window['rss'] / tables:.2f} MB a table)"
    )
    lines = end["lines"]
    lost = lines["posted"] - lines["sent"] - lines["waiting"]
    print(
        f"  announcements since the start: {lines['posted']:,} lines, {lines['sent']:,} sent to the "
        f"groups, {lines['waiting']:,} still waiting (merged) 5 s after it, {lost} lost"
    )
    if stages:
        print(stages_report(api, since, presses, end["marks"]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, nargs="+", default=[200])
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--think", type=float, default=1.0)
    parser.add_argument("--settle", type=float, default=0.0, help="seconds of play before the window")
    parser.add_argument("--stages", action="store_true", help="where presses wait, step by step")
    parser.add_argument("--game", default="gongzhu", help="the bot-only tables' game")
    parser.add_argument("--bots", default="normal", help="every table's bots: easy, normal or strong")
    args = parser.parse_args()
    for tables in args.tables:
        asyncio.run(run(tables, args.seconds, args.think, args.stages, args.settle, args.game, args.bots))


if __name__ == "__main__":
    main()
