"""Several bot processes behind one webhook, and what a killed owner costs.

    python -m benchmarks.failover [--processes N] [--store sqlite|postgres] [--tables T]
        [--seconds S] [--think SECONDS] [--kill-every SECONDS]

Starts the real `bot.py` N times in webhook mode (N > 1 needs PostgreSQL and Redis, which it
starts on 127.0.0.1 from Debian's packages, as the tests do) against the fake Bot API with
Telegram's limits; the fake's balancer takes turns among the processes and passes over a dead
one. T 拱猪 tables each seat one person, who presses a button of each new keyboard about
`--think` seconds after it comes, and three normal bots moving a second after their turn.

`--pages`: the people play through the Mini App's API instead, as `benchmarks.capacity`'s do
(each follows its table's event stream, reads the table at each version, posts a move), person
i on process i mod N: a standby forwards its pages' calls to the owner.

`--kill-every K`: every K seconds the owner of the tables is killed (SIGKILL) and a new process
is started in its place, which waits as a standby.

`--transcript FILE`: writes what table 0's group and person were sent (each message, edit and
toast, with the kills between them), to be read as they would read it.

Prints: press → answer p50 / p95 / max (from the press reaching the webhook to its answer
reaching the fake Telegram); presses unanswered; the moves each person was told were made
("已出", "已收到") against the moves of theirs in the store: acknowledged moves lost (told but
not stored) and moves made twice (stored beyond the presses); the deals ended in the store
against the score sheets each group received and the results each person did (untold, told
twice), and the notices the last stop left owed (a stop's flush has 5 s; they are not counted
as untold: the next start tells them); for each kill, the seconds until a standby owned the
tables (its setWebhook) and until the first press after it was answered; and the process time
of the bot processes (`psutil`, all of them together) beside wall time.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import sqlite3
import statistics
import tempfile
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import aiohttp
import psycopg

from benchmarks.capacity import Person, process_tree_cpu
from benchmarks.load import PLAYERS, Player, group_of, open_human_table, person_at
from benchmarks.load_bot import GROUPS
from tests import postgres, redisserver
from tests.e2e.fake_api import Call, FakeBotApi
from tests.e2e.miniapp import WEBAPP_URL
from tests.e2e.process import PUBLIC_URL, BotProcess
from tests.ports import free_port

ACKNOWLEDGED = ("已出：", "已收到。")  # the answers that tell a person their move was made
ANSWERED = (200, 409, 422)  # a page's move answered: made, too late (the table moved), illegal


class Fleet:
    """The bot's processes, each on its own port, one after another in the balancer's turn."""

    def __init__(self, api: FakeBotApi, database: Path, env: dict[str, str]) -> None:
        self.api, self.database, self.env = api, database, env
        self.processes: list[BotProcess] = []
        self.gone: list[BotProcess] = []  # killed
        self.cpu_of_the_dead = 0.0

    def start(self, port: int | None = None) -> BotProcess:
        port = port or free_port()
        env = {"WEBHOOK_URL": PUBLIC_URL, "PORT": str(port), "PEER_URL": f"http://127.0.0.1:{port}"}
        bot = BotProcess(self.api, self.database, **env, **self.env, BOT_MOVE_DELAY="1")
        self.processes.append(bot)
        self.api.webhook_targets = [p.hook for p in self.processes]
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
        self.gone.append(bot)

    def errors(self) -> list[str]:
        """The ERROR lines and tracebacks in every process's log, the killed ones' included."""
        return [line for bot in [*self.gone, *self.processes] for line in bot.errors()]

    def cpu(self) -> float:
        return self.cpu_of_the_dead + sum(cpu_of(bot) for bot in self.processes)

    def stop(self) -> None:
        for bot in self.processes:
            with contextlib.suppress(Exception):
                bot.terminate()
            bot.kill()


def cpu_of(bot: BotProcess) -> float:
    """The process time of a bot process and its children (the search workers)."""
    return process_tree_cpu(bot.process.pid)


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


MOVES_BY_PLAYER = "SELECT player_id, count(*) FROM moves WHERE actor = 'player' GROUP BY player_id"
DEALS_BY_GROUP = (
    "SELECT t.group_id, count(*) FROM hands h JOIN matches m ON m.id = h.match_id"
    " JOIN tables t ON t.id = m.table_id WHERE h.ended_at IS NOT NULL GROUP BY t.group_id"
)
OWED_BY_GROUP = (
    "SELECT t.group_id, count(*) FROM owed o JOIN tables t ON t.id = o.table_id GROUP BY t.group_id"
)


def counted(env: dict[str, str], database: Path, query: str) -> Counter[int]:
    """A `SELECT key, count(*)` of the store, as a Counter."""
    if "DATABASE_URL" in env:
        with psycopg.connect(env["DATABASE_URL"]) as conn:
            return Counter({int(p): int(n) for p, n in conn.execute(query)})
    with contextlib.closing(sqlite3.connect(database)) as conn:
        return Counter({int(p): int(n) for p, n in conn.execute(query)})


def sheets_told(api: FakeBotApi) -> Counter[int]:
    """The score sheets the groups received, by group."""
    sent = (c for c in api.calls if c.method == "sendPhoto" and c.status == 200 and c.chat is not None)
    return Counter(c.chat for c in sent if c.chat < 0 and c.text.startswith("📊"))


def results_told(api: FakeBotApi) -> Counter[int]:
    """The deals' results the people received in private ("第1副结束：…"), by their table's group."""
    sent = (c for c in api.calls if c.method == "sendMessage" and c.status == 200 and c.chat is not None)
    return Counter(GROUPS - (c.chat - PLAYERS) for c in sent if c.chat > 0 and "副结束" in c.text)


def once_each(ended: Counter[int], told: Counter[int], owed: Counter[int]) -> str:
    """How many of the `ended` were told: none (and not still owed), or more than once."""
    untold = sum(max(0, ended[k] - told[k] - owed[k]) for k in ended)
    twice = sum(max(0, told[k] - ended[k]) for k in told)
    return f"{sum(told.values())}: untold {untold}, told twice {twice}"


@dataclass
class Press:
    """One press of a person: who, when, how long until its answer (None: none came), and
    whether the answer told them their move was made."""

    player: int
    at: float
    wait: float | None
    acknowledged: bool


@dataclass
class Run:
    api: FakeBotApi
    fleet: Fleet
    processes: int
    tables: int
    seconds: float
    think: float
    kill_every: float
    pages: bool
    presses: list[Press] = field(default_factory=list)
    kills: list[float] = field(default_factory=list)
    window: tuple[float, float] = (0.0, 0.0)

    def play(self) -> None:
        first = self.fleet.start()
        first.wait_ready()
        for _ in range(self.processes - 1):
            self.fleet.start().until_logged("standby: another process holds")
        asyncio.run(self._play())

    async def _play(self) -> None:
        for i in range(self.tables):
            await open_human_table(self.api, i)
        started = time.perf_counter()
        until = time.monotonic() + self.seconds
        killing = asyncio.create_task(self._kills(until)) if self.kill_every else None
        if self.pages:
            await self._on_pages(until)
        else:
            await self._on_buttons(until)
        if killing is not None:
            await killing
        self.window = (started, time.perf_counter())

    async def _on_buttons(self, until: float) -> None:
        people = [SturdyPlayer(self.api, i, self.think) for i in range(self.tables)]
        for person in people:
            person.until = until
        await asyncio.gather(*(person.play() for person in people))
        await asyncio.sleep(3.0)  # the last presses' answers
        answers = {
            c.params.get("callback_query_id"): c for c in self.api.calls if c.method == "answerCallbackQuery"
        }
        for person in people:
            for query, at in person.presses:
                answer = answers.get(query)
                wait = self.api.answered[query] - at if query in self.api.answered else None
                told = answer is not None and answer.text.startswith(ACKNOWLEDGED)
                self.presses.append(Press(person.person["id"], at, wait, told))

    async def _on_pages(self, until: float) -> None:
        """Each person plays through the Mini App on one of the processes, in turn."""
        bases = [bot.base for bot in self.fleet.processes]
        async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=0)) as session:
            people = []
            for i in range(self.tables):
                person = SturdyPerson(session, bases[i % len(bases)], 0, PLAYERS + i, self.think)
                async with session.get(f"{person.base}/api/tables/mine", headers=person.headers) as answer:
                    person.table = (await answer.json())["table"]
                people.append(person)
            await asyncio.gather(*(person.follow(until) for person in people))
            for person in people:
                if person.thinking is not None:
                    await asyncio.gather(person.thinking, return_exceptions=True)
        for n, person in enumerate(people):
            for at, wait, status in person.presses:
                answered = status in ANSWERED  # a 503 (the owner changing) or no answer: try again
                self.presses.append(Press(PLAYERS + n, at, wait if answered else None, status == 200))

    def transcript(self) -> list[str]:
        """What table 0's group and person were sent, in order, the kills marked among them."""
        start = self.window[0]
        chats = {group_of(0)["id"]: "group", person_at(0)["id"]: "person"}
        events = [(at, "—— the owner killed ——") for at in self.kills]
        for call in self.api.calls:
            if call.chat in chats and call.status == 200:
                events.append((call.at, f"{chats[call.chat]} {call.method}: {call.text}"))
            elif call.method == "answerCallbackQuery" and self._pressed_by_person_0(call):
                events.append((call.at, f"person toast: {call.text}"))
        return [f"{at - start:7.2f}  {line}" for at, line in sorted(events) if at >= start]

    def _pressed_by_person_0(self, answer: Call) -> bool:
        query = answer.params.get("callback_query_id")
        return bool(answer.text) and self.api.pressed_by.get(query) == person_at(0)["id"]

    async def _kills(self, until: float) -> None:
        while time.monotonic() + self.kill_every < until:
            await asyncio.sleep(self.kill_every)
            owner = self.fleet.owner()
            self.fleet.kill(owner)
            self.kills.append(time.perf_counter())
            replacement = self.fleet.start(owner.port)  # its orchestrator restarts it: a standby,
            # or the owner if it takes the database before the standby does
            await asyncio.to_thread(replacement.until_logged, "standby: another process holds", "ready as @")

    def summary(self, env: dict[str, str], database: Path) -> list[str]:
        start, end = self.window
        cpu = self.fleet.cpu()
        self.fleet.stop()
        errors = self.fleet.errors()
        waits = sorted(p.wait for p in self.presses if p.wait is not None)
        q = statistics.quantiles(waits, n=100) if len(waits) > 1 else [0.0] * 99
        told = Counter(p.player for p in self.presses if p.acknowledged)
        pressed = Counter(p.player for p in self.presses)
        stored = counted(env, database, MOVES_BY_PLAYER)
        lost = sum(max(0, told[p] - stored[p]) for p in told)
        twice = sum(max(0, stored[p] - pressed[p]) for p in stored)
        deals = counted(env, database, DEALS_BY_GROUP)
        owed = counted(env, database, OWED_BY_GROUP)  # a stop's flush cut off: told at the next start
        lines = [
            f"press → answer p50 {q[49]:.2f} / p95 {q[94]:.2f} / max {waits[-1] if waits else 0:.2f} s over "
            f"{len(waits)} presses answered, {len(self.presses) - len(waits)} unanswered",
            f"moves told to the players {sum(told.values())}, stored {sum(stored.values())}: "
            f"acknowledged moves lost {lost}, moves made twice {twice}",
            f"deals ended {sum(deals.values())}, score sheets in the groups "
            f"{once_each(deals, sheets_told(self.api), owed)}, results in private "
            f"{once_each(deals, results_told(self.api), Counter())}, "
            f"still owed in the store after the stop {owed.total()}",
            f"process time of the bot processes {cpu:.1f} s for {end - start:.0f} s wall",
            f"ERROR lines in the bot processes' logs: {len(errors)}",
            *errors[:5],
        ]
        answered = sorted(p.at + p.wait for p in self.presses if p.wait is not None)
        for n, killed in enumerate(self.kills, 1):
            owned = min(
                (c.at for c in self.api.calls if c.method == "setWebhook" and c.at > killed), default=None
            )
            first = next((t for t in answered if t > killed), None)
            lines.append(
                f"kill {n}: another process owned the tables after {_seconds(owned, killed)}, "
                f"the first answer after the kill came after {_seconds(first, killed)}"
            )
        return lines


class SturdyPlayer(Player):
    """A person pressing buttons who, at the match's end, starts it again (/rematch in the
    group), so that every table plays for the whole run."""

    def __init__(self, api: FakeBotApi, i: int, think: float) -> None:
        super().__init__(api, i, think)
        self.group = group_of(i)
        self.read = 0  # the calls looked at so far

    async def play(self) -> None:
        await asyncio.gather(super().play(), self._again())

    async def _again(self) -> None:
        while time.monotonic() < self.until:
            await asyncio.sleep(0.5)
            seen = len(self.api.calls)
            calls, self.read = self.api.calls[self.read : seen], seen
            group = self.group["id"]
            if any(c.chat == group and c.method == "sendPhoto" and "本局结束" in c.text for c in calls):
                self.api.send(self.person, self.group, "/rematch")


class SturdyPerson(Person):
    """A page that, as the real one, opens its stream again when the process it talks to dies."""

    async def stream(self, until: float) -> bool:
        try:
            return await super().stream(until)
        except (aiohttp.ClientError, TimeoutError):
            self.refused[0] += 1
            return False

    async def press(self, view: dict[str, Any]) -> None:
        try:
            await super().press(view)
        except (aiohttp.ClientError, TimeoutError):
            self.presses.append((time.perf_counter(), 0.0, 0))

    async def seen(self, view: dict[str, Any]) -> None:
        """As the buttons' people do: at the match's end, the same seats play again."""
        if view.get("status") != "finished":
            await super().seen(view)
            return
        with contextlib.suppress(aiohttp.ClientError, TimeoutError):
            rematch = f"{self.base}/api/tables/{self.table}/rematch"
            async with self.session.post(rematch, data=b"{}", headers=self.headers) as answer:
                await answer.read()


async def run(
    processes: int,
    store: str,
    tables: int,
    seconds: float,
    think: float,
    kill_every: float,
    pages: bool,
    transcript: Path | None = None,
) -> None:
    api = FakeBotApi().start()
    api.per_second, api.group_per_minute = 30, 20
    with servers(store, processes) as env, tempfile.TemporaryDirectory() as folder:
        database = Path(folder) / "failover.sqlite3"
        if pages:
            env = {**env, "WEBAPP_URL": WEBAPP_URL}
        fleet = Fleet(api, database, env)
        one = Run(api, fleet, processes, tables, seconds, think, kill_every, pages)
        try:
            await asyncio.to_thread(one.play)
            report = await asyncio.to_thread(one.summary, env, database)
            if transcript is not None:
                transcript.write_text("\n".join(one.transcript()) + "\n", encoding="utf-8")
        finally:
            fleet.stop()
    api.stop()
    engine = "PostgreSQL" if "DATABASE_URL" in env else "SQLite"
    killing = f", the owner killed every {kill_every:.0f} s" if kill_every else ""
    how = "the Mini App, pages spread over the processes" if pages else "buttons"
    print(f"{processes} process(es) on {engine}, {tables} 拱猪 tables by {how}, {seconds:.0f} s{killing}:")
    for line in report:
        print("  " + line)


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
    parser.add_argument("--pages", action="store_true", help="people play through the Mini App")
    parser.add_argument("--transcript", type=Path, help="where to write what table 0's people were sent")
    args = parser.parse_args()
    if args.processes > 1 and args.store == "sqlite":
        parser.error("several processes share a PostgreSQL database: --store postgres")
    asyncio.run(
        run(
            args.processes,
            args.store,
            args.tables,
            args.seconds,
            args.think,
            args.kill_every,
            args.pages,
            args.transcript,
        )
    )


if __name__ == "__main__":
    main()
