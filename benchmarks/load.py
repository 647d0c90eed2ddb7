"""Many tables at once through Telegram's limits (issue 19): how long a press waits for its answer.

    python -m benchmarks.load [--tables 200] [--seconds 60] [--think 1.0]

The real bot (python-telegram-bot over HTTP, PriorityRateLimiter, concurrent updates, the system
clock, bots moving after 1 s) against the fake Bot API server on 127.0.0.1, which refuses calls
with `429 retry_after` beyond 30 a second for the bot and 20 a minute per group, as Telegram does.
A quarter of the 拱猪 tables have a human, who opens the table through Telegram (command, deep
link, /fill, /startgame) and then presses a button `--think` seconds after each keyboard arrives;
the other tables are bots only. Each table is in a group of its own.

Prints: the time to open every table, then over `--seconds`: moves per second, tables that moved,
press → answer p50 / p90 / p99 (wall time, from the press reaching the server to its answer
arriving there), presses never answered, calls refused with 429, calls retried, and the process
time (bot, server threads and simulated players share this process) beside the wall time.
Goals: at 200 tables p50 ≤ 0.2 s, p99 ≤ 1 s, every table moving, 200 tables open in ≤ 60 s.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from handlers.app import build
from handlers.config import Config
from tests.e2e.fake_api import FakeBotApi
from tests.e2e.harness import TOKEN, choose, private

GROUPS = -2_000_000  # group i is GROUPS - i
PLAYERS = 10_000  # the human of table i is PLAYERS + i


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


async def open_human_table(api: FakeBotApi, i: int) -> None:
    person = {"id": PLAYERS + i, "is_bot": False, "first_name": f"P{i}", "language_code": "zh-hans"}
    group = {"id": GROUPS - i, "type": "supergroup", "title": f"g{i}"}
    api.send(person, group, "/gongzhu fast")
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
    def __init__(self, api: FakeBotApi, i: int, think: float) -> None:
        self.api, self.think = api, think
        self.person = {"id": PLAYERS + i, "is_bot": False, "first_name": f"P{i}", "language_code": "zh-hans"}
        self.presses: list[tuple[str, float]] = []  # query id, when it reached the server

    async def play(self, until_time: float) -> None:
        seen: tuple[int, str] | None = None
        seen_at = 0.0
        while time.monotonic() < until_time:
            await asyncio.sleep(0.1)
            buttons = keyboard(self.api, self.person["id"])
            if not buttons:
                continue
            key = (buttons[0][0]["message_id"], buttons[0][2])
            if key != seen:
                seen, seen_at = key, time.monotonic()
            if time.monotonic() - seen_at < self.think:
                continue
            message, _, data = choose(buttons)
            pressed = time.perf_counter()
            self.presses.append((self.api.press(self.person, message, data), pressed))
            seen = None
            await asyncio.sleep(self.think)


def plies(app: Any) -> dict[int, int]:
    return {table.id: table.ply for table in app.bot_data.services.referee.tables.values()}


async def run(tables: int, seconds: float, think: float) -> None:
    api = FakeBotApi().start()
    api.per_second, api.group_per_minute = 30, 20
    with tempfile.TemporaryDirectory() as folder:
        config = Config(TOKEN, Path(folder) / "load.sqlite3", api.url, 1.0, logging.WARNING, None, 8443)
        app = build(config)
        await app.initialize()
        await app.post_init(app)  # type: ignore[misc]
        await app.updater.start_polling(poll_interval=0.0, timeout=1)  # type: ignore[union-attr]
        await app.start()
        referee = app.bot_data.services.referee
        humans = tables // 4
        started = time.perf_counter()
        await asyncio.gather(*(open_human_table(api, i) for i in range(humans)))
        for i in range(humans, tables):
            table = await referee.open_table(GROUPS - i, None, "gongzhu", {}, "fast")
            await referee.add_bot(table.id, 0)
            await referee.start(table.id)
        opened = time.perf_counter() - started
        before, wall, cpu = plies(app), time.perf_counter(), time.process_time()
        players = [Player(api, i, think) for i in range(humans)]
        await asyncio.gather(*(p.play(time.monotonic() + seconds) for p in players))
        after = plies(app)
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        await asyncio.sleep(5.0)  # the last presses' answers may still come
        presses = [press for p in players for press in p.presses]
        waits = sorted(api.answered[q] - at for q, at in presses if q in api.answered)
        unanswered = len(presses) - len(waits)
        moved = sum(1 for t, ply in after.items() if ply > before.get(t, 0))
        limiter = app.bot.rate_limiter
        refused = sum(1 for c in list(api.calls) if c.status == 429)
        await app.updater.stop()  # type: ignore[union-attr]
        await app.stop()
        await app.post_stop(app)  # type: ignore[misc]
        await app.post_shutdown(app)  # type: ignore[misc]
        await app.shutdown()
    api.stop()
    q = statistics.quantiles(waits, n=100) if len(waits) > 1 else [0.0] * 99
    moves = sum(after.values()) - sum(before.values())
    print(
        f"{tables} tables ({humans} with a human): opened in {opened:.1f} s; over {wall:.0f} s "
        f"{moves:,} moves ({moves / wall:.0f}/s), "
        f"{moved} tables moved; press → answer p50 {q[49]:.2f} / p90 {q[89]:.2f} / p99 {q[98]:.2f} s "
        f"over {len(presses)} presses, {unanswered} unanswered; {refused} calls refused with 429, "
        f"{getattr(limiter, 'retried', 0)} retried; process time {cpu:.1f} s for {wall:.1f} s wall"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, nargs="+", default=[200])
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--think", type=float, default=1.0)
    args = parser.parse_args()
    logging.basicConfig(level=logging.ERROR)
    for tables in args.tables:
        asyncio.run(run(tables, args.seconds, args.think))


if __name__ == "__main__":
    main()
