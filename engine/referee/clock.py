"""Clocks the referee runs on: the system's, and a manual one that tests move by hand.

The referee only asks `now()` (seconds since the epoch, so stored deadlines mean something after a
restart) and `call_at(when, job)` (run the coroutine function `job` at `when`)."""

from __future__ import annotations

import asyncio
import heapq
import itertools
import time
from collections.abc import Awaitable, Callable
from typing import Protocol

from engine.referee.tasks import abandoned, finished, kept

Job = Callable[[], Awaitable[None]]


class Timer(Protocol):
    def cancel(self) -> None: ...


class Clock(Protocol):
    def now(self) -> float: ...
    def call_at(self, when: float, job: Job) -> Timer: ...
    async def drain(self) -> None: ...
    async def abandon(self) -> None: ...


class SystemClock:
    """Wall time; jobs run as tasks of the running loop."""

    def __init__(self) -> None:
        self._tasks: set[asyncio.Task[None]] = set()

    def now(self) -> float:
        return time.time()

    def call_at(self, when: float, job: Job) -> Timer:
        loop = asyncio.get_running_loop()
        return loop.call_later(max(0.0, when - time.time()), self._spawn, job)

    def _spawn(self, job: Job) -> None:
        kept(asyncio.create_task(job()), self._tasks, "a timed job failed")  # type: ignore[arg-type]

    async def drain(self) -> None:
        """Waits for the jobs already started (a clean shutdown)."""
        await finished(self._tasks)

    async def abandon(self) -> None:
        """Cancels the jobs still under way (a shutdown whose time to drain them is up)."""
        while self._tasks:
            await abandoned(list(self._tasks))


class _ManualTimer:
    __slots__ = ("cancelled",)

    def __init__(self) -> None:
        self.cancelled = False

    def cancel(self) -> None:
        self.cancelled = True


class ManualClock:
    """Time moves only when told to, and due jobs run in order, one after another: tests and
    benchmarks get the same run every time and never sleep."""

    def __init__(self, start: float = 1_800_000_000.0) -> None:
        self._now = start
        self._queue: list[tuple[float, int, _ManualTimer, Job]] = []
        self._order = itertools.count()

    def now(self) -> float:
        return self._now

    async def drain(self) -> None:
        """Nothing runs in the background here: due jobs run inside `advance`."""

    async def abandon(self) -> None:
        """Nothing to cancel: due jobs run inside `advance`."""

    def call_at(self, when: float, job: Job) -> Timer:
        timer = _ManualTimer()
        heapq.heappush(self._queue, (when, next(self._order), timer, job))
        return timer

    async def advance(self, seconds: float = 0.0) -> None:
        """Moves time on by `seconds`, running every job that falls due on the way, including
        jobs those jobs schedule (a table of bots plays to its end in one `advance()`)."""
        target = self._now + seconds
        while self._queue and self._queue[0][0] <= target:
            when, _, timer, job = heapq.heappop(self._queue)
            if timer.cancelled:
                continue
            self._now = max(self._now, when)
            await job()
        self._now = target

    def pending(self) -> list[float]:
        """When the live jobs are due."""
        return sorted(when for when, _, timer, _ in self._queue if not timer.cancelled)
