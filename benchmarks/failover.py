"""Several bot processes behind one webhook, and what a killed owner costs.

    python -m benchmarks.failover [--processes N] [--store sqlite|postgres] [--tables T]
        [--seconds S] [--think SECONDS] [--kill-every SECONDS]

Starts the real `bot.py` N times in webhook mode (N > 1 needs PostgreSQL and Redis, which it
starts on 127.0.0.1 from Debian's packages, as the tests do) against the fake Bot API with
Telegram's limits; the fake's balancer takes turns among the processes and passes over a dead
one. T 拱猪 tables each seat one person, who presses a button of each new keyboard about
`--think` seconds after it comes, and three normal bots moving a second after their turn.

`--kill-every K`: every K seconds the owner of the tables is killed (SIGKILL) and a new process
is started in its place, which waits as a standby.

Prints: press → answer p50 / p95 / max (from the press reaching the webhook to its answer
reaching the fake Telegram); presses unanswered; the moves each person was told were made
("已出", "已收到") against the moves of theirs in the store: acknowledged moves lost (told but
not stored) and moves made twice (stored beyond the presses); for each kill, the seconds until
a standby owned the tables (its setWebhook) and until the first press after it was answered;
and the process time of the bot processes (`psutil`, all of them together) beside wall time.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import statistics
import tempfile
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import psutil
import psycopg
import redis

from benchmarks.load import Player, open_human_table
from tests import postgres, redisserver
from tests.e2e.fake_api import FakeBotApi
from tests.e2e.process import HOOK_PATH, PUBLIC_URL, BotProcess
from tests.ports import free_port

ACKNOWLEDGED = ("已出：", "已收到。")  # the answers that tell a person their move was made


class Fleet:
    """The bot's processes, each on its own port, one after another in the balancer's turn."""

    def __init__(self, api: FakeBotApi, database: Path, env: dict[str, str]) -> None:
        self.api, self.database, self.env = api, database, env
        self.processes: list[BotProcess] = []
        self.cpu_of_the_dead = 0.0

    def start(self, port: int | None = None) -> BotProcess:
        port = port or free_port()
        env = {"WEBHOOK_URL": PUBLIC_URL, "PORT": str(port), "PEER_URL": f"http://127.0.0.1:{port}"}
        bot = BotProcess(self.api, self.database, **env, **self.env, BOT_MOVE_DELAY="1")
        self.processes.append(bot)
        self.api.webhook_targets = [f"http://127.0.0.1:{p.port}{HOOK_PATH}" for p in self.processes]
        self.api.webhook_target = self.api.webhook_targets[0]
        return bot

    def owner(self) -> BotProcess:
        for bot in self.processes:
            if bot.process.poll() is None and any("ready as @" in line for line in bot.log):
                return bot
        raise RuntimeError("no process owns the tables")

    def kill(self, bot: BotProcess) -> None:
        self.cpu_of_the_dead += cpu_of(bot)
        bot.kill()
        self.processes.remove(bot)

    def cpu(self) -> float:
        return self.cpu_of_the_dead + sum(cpu_of(bot) for bot in self.processes)

    def stop(self) -> None:
        for bot in self.processes:
            with contextlib.suppress(Exception):
                bot.terminate()
            bot.kill()


def cpu_of(bot: BotProcess) -> float:
    """The process time of a bot process and its children (the search workers)."""
    total = 0.0
    with contextlib.suppress(psutil.Error):
        root = psutil.Process(bot.process.pid)
        for process in [root, *root.children(recursive=True)]:
            times = process.cpu_times()
            total += times.user + times.system
    return total


@contextlib.contextmanager
def servers(store: str, processes: int) -> Iterator[dict[str, str]]:
    """PostgreSQL and Redis for the run, as the settings say; nothing for one process on SQLite."""
    with contextlib.ExitStack() as stack:
        env: dict[str, str] = {}
        if store == "postgres" or processes > 1:
            base = next(stack.enter_context(contextlib.closing(postgres.server())))
            env["DATABASE_URL"] = postgres.fresh_database(base)
        if processes > 1:
            env["REDIS_URL"] = next(stack.enter_context(contextlib.closing(redisserver.server())))
        yield env


def stored_moves(env: dict[str, str], database: Path) -> Counter[int]:
    """The players' own moves in the store, by player."""
    query = "SELECT player_id, count(*) FROM moves WHERE actor = 'player' GROUP BY player_id"
    if "DATABASE_URL" in env:
        with psycopg.connect(env["DATABASE_URL"]) as conn:
            return Counter({int(p): int(n) for p, n in conn.execute(query)})
    import sqlite3

    with contextlib.closing(sqlite3.connect(database)) as conn:
        return Counter({int(p): int(n) for p, n in conn.execute(query)})


async def run(
    processes: int, store: str, tables: int, seconds: float, think: float, kill_every: float
) -> None:
    api = FakeBotApi().start()
    api.per_second, api.group_per_minute = 30, 20
    with servers(store, processes) as env, tempfile.TemporaryDirectory() as folder:
        database = Path(folder) / "failover.sqlite3"
        fleet = Fleet(api, database, env)
        try:
            await asyncio.to_thread(play, api, fleet, processes, tables, seconds, think, kill_every)
            report = await asyncio.to_thread(summary, api, fleet, env, database)
        finally:
            fleet.stop()
            if "REDIS_URL" in env:
                redis.Redis.from_url(env["REDIS_URL"]).close()
    api.stop()
    engine = "PostgreSQL" if "DATABASE_URL" in env else "SQLite"
    killing = f", the owner killed every {kill_every:.0f} s" if kill_every else ""
    print(f"{processes} process(es) on {engine}, {tables} 拱猪 tables, {seconds:.0f} s{killing}:")
    for line in report:
        print("  " + line)


# the run's state, shared by `play` and `summary` through the module (one run a process)
_presses: list[tuple[str, float]] = []
_kills: list[float] = []
_window: list[float] = []


def play(
    api: FakeBotApi,
    fleet: Fleet,
    processes: int,
    tables: int,
    seconds: float,
    think: float,
    kill_every: float,
) -> None:
    first = fleet.start()
    first.wait_ready()
    for _ in range(processes - 1):
        standby = fleet.start()
        wait_for_line(standby, "standby: another process holds")

    async def players() -> None:
        people = [Player(api, i, think) for i in range(tables)]
        for i in range(tables):
            await open_human_table(api, i)
        started = time.perf_counter()
        _window.append(started)
        until = time.monotonic() + seconds
        for person in people:
            person.until = until
        killing = asyncio.create_task(kills(api, fleet, kill_every, until)) if kill_every else None
        await asyncio.gather(*(person.play() for person in people))
        if killing is not None:
            await killing
        _window.append(time.perf_counter())
        for person in people:
            _presses.extend(person.presses)

    asyncio.run(players())


async def kills(api: FakeBotApi, fleet: Fleet, every: float, until: float) -> None:
    while time.monotonic() + every < until:
        await asyncio.sleep(every)
        owner = fleet.owner()
        fleet.kill(owner)
        _kills.append(time.perf_counter())
        replacement = fleet.start(owner.port)  # the orchestrator restarts it: a standby now
        await asyncio.to_thread(wait_for_line, replacement, "standby: another process holds")


def wait_for_line(bot: BotProcess, text: str, timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while not any(text in line for line in bot.log):
        if bot.process.poll() is not None or time.monotonic() > deadline:
            raise RuntimeError("\n".join(bot.log[-20:]))
        time.sleep(0.05)


def summary(api: FakeBotApi, fleet: Fleet, env: dict[str, str], database: Path) -> list[str]:
    time.sleep(3.0)  # the last presses' answers
    start, end = _window
    cpu = fleet.cpu()
    waits = sorted(api.answered[q] - at for q, at in _presses if q in api.answered)
    q = statistics.quantiles(waits, n=100) if len(waits) > 1 else [0.0] * 99
    told: Counter[int] = Counter()  # acknowledged moves, by the person told
    for c in api.calls:
        if c.method == "answerCallbackQuery" and c.text.startswith(ACKNOWLEDGED):
            told[api.pressed_by.get(str(c.params.get("callback_query_id")), -1)] += 1
    pressed = Counter(api.pressed_by.get(query, -1) for query, _ in _presses)
    fleet.stop()
    stored = stored_moves(env, database)
    lost = sum(max(0, told[p] - stored[p]) for p in told)
    twice = sum(max(0, stored[p] - pressed[p]) for p in stored)
    lines = [
        f"press → answer p50 {q[49]:.2f} / p95 {q[94]:.2f} / max {waits[-1] if waits else 0:.2f} s over "
        f"{len(waits)} presses answered, {len(_presses) - len(waits)} unanswered",
        f"moves told to the players {sum(told.values())}, stored {sum(stored.values())}: "
        f"acknowledged moves lost {lost}, moves made twice {twice}",
        f"process time of the bot processes {cpu:.1f} s for {end - start:.0f} s wall",
    ]
    for n, killed in enumerate(_kills, 1):
        owned = min((c.at for c in api.calls if c.method == "setWebhook" and c.at > killed), default=None)
        answered = min((t for t in api.answered.values() if t > killed), default=None)
        lines.append(
            f"kill {n}: a standby owned the tables after {_seconds(owned, killed)}, "
            f"the first press after it was answered after {_seconds(answered, killed)}"
        )
    return lines


def _seconds(at: float | None, since: float) -> str:
    return "never" if at is None else f"{at - since:.2f} s"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--store", choices=("sqlite", "postgres"), default="postgres")
    parser.add_argument("--tables", type=int, default=16)
    parser.add_argument("--seconds", type=float, default=120.0)
    parser.add_argument("--think", type=float, default=1.0)
    parser.add_argument("--kill-every", type=float, default=0.0)
    args = parser.parse_args()
    if args.processes > 1 and args.store == "sqlite":
        parser.error("several processes share a PostgreSQL database: --store postgres")
    asyncio.run(run(args.processes, args.store, args.tables, args.seconds, args.think, args.kill_every))


if __name__ == "__main__":
    main()
