"""Telegram's limits on a manual clock. The bot's real rate limiter and the fake Bot
API's flood limits (30 calls a second, 20 messages a minute in a group) both read the referee's
`ManualClock`; a driver moves that clock from one due job to the next, once the bot has gone
idle, so a test measures in Telegram's seconds how long a group waits, and never sleeps."""

from __future__ import annotations

import asyncio
import math
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.referee.clock import Job, ManualClock, Timer
from engine.referee.tasks import kept
from handlers.ratelimit import PriorityRateLimiter
from tests.e2e.fake_api import Call, FakeBotApi
from tests.e2e.harness import Bot, choose

TELEGRAM_PER_SECOND = 30
TELEGRAM_GROUP_PER_MINUTE = 20
QUIET_POLLS = 3  # the bot counts as idle once this many polls in a row saw nothing change …
POLL = 0.004  # … this many (real) seconds apart: a SQLite commit or a picture ends meanwhile
LONGEST_STEP = 0.25  # the clock never jumps further at once: a late effect is late by this at most


class TaskClock(ManualClock):
    """A manual clock whose due jobs start as tasks, as the system clock's do: a job may wait
    for the rate limiter, whose timers are on this clock too (run inline, the clock would wait
    for a job that waits for the clock)."""

    def __init__(self) -> None:
        super().__init__()
        self._tasks: set[asyncio.Task[None]] = set()

    def call_at(self, when: float, job: Job) -> Timer:
        async def started() -> None:
            kept(asyncio.create_task(job()), self._tasks, "a timed job failed")  # type: ignore[arg-type]

        return super().call_at(when, started)


class CountingLimiter(PriorityRateLimiter):
    """The bot's own limiter, on the manual clock, counting its calls under way over HTTP."""

    def __init__(self, clock: ManualClock) -> None:
        super().__init__(sleep=_sleep_on(clock), now=clock.now, later=_later_on(clock))
        self.under_way = 0

    async def process_request(  # type: ignore[override]
        self,
        callback: Any,
        args: Any,
        kwargs: dict[str, Any],
        endpoint: str,
        data: dict[str, Any],
        rate_limit_args: Any,
    ) -> Any:
        async def counted(*args: Any, **kwargs: Any) -> Any:
            self.under_way += 1
            try:
                return await callback(*args, **kwargs)
            finally:
                self.under_way -= 1

        return await super().process_request(counted, args, kwargs, endpoint, data, rate_limit_args)


def _sleep_on(clock: ManualClock) -> Callable[[float], Any]:
    async def sleep(seconds: float) -> None:
        woken: asyncio.Future[None] = asyncio.get_running_loop().create_future()

        async def wake() -> None:
            if not woken.done():
                woken.set_result(None)

        clock.call_at(clock.now() + seconds, wake)
        await woken

    return sleep


def _later_on(clock: ManualClock) -> Callable[[float, Callable[[], None]], Any]:
    def later(delay: float, callback: Callable[[], None]) -> Any:
        async def job() -> None:
            callback()

        return clock.call_at(clock.now() + delay, job)

    return later


@dataclass
class Paced:
    """The bot under Telegram's limits, on a clock the test moves."""

    bot: Bot
    limiter: CountingLimiter
    sent: list[tuple[float, dict[str, Any]]] = field(default_factory=list)  # (when, the message)

    @classmethod
    async def start(cls, api: FakeBotApi, database: Path, **settings: Any) -> Paced:
        clock = TaskClock()
        api.per_second, api.group_per_minute = TELEGRAM_PER_SECOND, TELEGRAM_GROUP_PER_MINUTE
        api.now = api.stamp = clock.now
        limiter = CountingLimiter(clock)
        bot = await Bot.start(api, database, clock=clock, limiter=limiter, **settings)
        return cls(bot, limiter)

    @property
    def api(self) -> FakeBotApi:
        return self.bot.api

    @property
    def clock(self) -> ManualClock:
        return self.bot.clock

    async def idle(self) -> None:
        """Until nothing happens any more without the clock moving: every update taken in, no
        call under way, and the calls' count still for a few polls."""
        quiet, seen = 0, -1
        while quiet < QUIET_POLLS:
            await asyncio.sleep(POLL)  # real time: the bot's threads and sockets finish meanwhile
            count = len(self.api.calls)
            busy = self.limiter.under_way or not self.api.fetched_all()
            quiet = 0 if busy or count != seen else quiet + 1
            seen = count

    async def play(
        self,
        script: list[tuple[float, dict[str, Any], dict[str, Any], str]],
        until: float | Callable[[], bool],
        act: Callable[[float], float] | None = None,
    ) -> None:
        """Sends each (when, user, chat, text) at its time (seconds from now) and lets the clock
        run, job after job, for `until` seconds or until `until()` holds. `act(now)`, if given,
        presses what is due (the players) and says when it next wants the clock."""
        start = self.clock.now()
        waiting = sorted(script, key=lambda line: line[0])
        end = start + until if isinstance(until, float | int) else math.inf
        while True:
            await self.idle()
            now = self.clock.now()
            if waiting and start + waiting[0][0] <= now:
                _, user, chat, text = waiting.pop(0)
                self.sent.append((now, self.api.send(user, chat, text)))
                continue
            wanted = act(now) if act is not None else math.inf
            if wanted <= now:
                continue
            due = [when for when in self.clock.pending() if when > now] + [math.inf]
            target = min(due[0], start + waiting[0][0] if waiting else math.inf, end, wanted)
            if now >= end or (callable(until) and until()) or target == math.inf:
                return
            await self.clock.advance(min(target - now, LONGEST_STEP))

    def players(self, people: list[dict[str, Any]], think: float) -> Callable[[float], float]:
        """`act` for `play`: each person presses a button of their keyboard (`choose`) `think`
        seconds after it appeared."""
        seen: dict[int, tuple[tuple[str, ...], float]] = {}

        def act(now: float) -> float:
            wanted = math.inf
            for person in people:
                keyboard = self.bot.buttons(person["id"])
                if not keyboard:
                    seen.pop(person["id"], None)
                    continue
                shape = tuple(data for _, _, data in keyboard)
                if seen.get(person["id"], ((), 0.0))[0] != shape:
                    seen[person["id"]] = (shape, now)
                due = seen[person["id"]][1] + think
                if due <= now:
                    message, _, data = choose(keyboard)
                    self.api.press(person, message, data)
                    seen[person["id"]] = (shape, math.inf)  # pressed: wait for the next keyboard
                    return now
                wanted = min(wanted, due)
            return wanted

        return act

    def first_after(self, when: float, test: Callable[[Call], bool]) -> float | None:
        """Seconds from `when` to the first call after it that passes `test`."""
        found = next((c.at for c in self.api.calls if c.at >= when and c.status == 200 and test(c)), None)
        return None if found is None else found - when

    async def stop(self) -> None:
        await self.bot.stop()
