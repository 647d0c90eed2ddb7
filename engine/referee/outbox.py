"""The referee's notices on their way out: one queue per table, drained in order by a task of its
own, so a committed change never waits for the notifier (Telegram's round trips, its rate
limiter, a `429 retry_after`) and one table's slow messages never hold up another table. The
notices of a round that piled up meanwhile are told as one, at the latest state.

A notifier that does no I/O (`inline = True`, like `Recorder`) is called at once instead: tests
read what was published right after the command, and nothing is queued."""

from __future__ import annotations

import asyncio
import logging
from collections import deque
from collections.abc import Awaitable, Callable

from engine.referee.notifier import Notice, Notifier, merged
from engine.referee.tasks import abandoned, finished, kept

log = logging.getLogger(__name__)


class Outbox:
    def __init__(
        self,
        notifier: Notifier,
        told: Callable[[int], Awaitable[None]] | None = None,
        told_privately: Callable[[int], Awaitable[None]] | None = None,
    ) -> None:
        """`told(owed)`: called once a notice the store holds as owed has been told;
        `told_privately(owed)`: once its players have, while its group's part still waits."""
        self.notifier = notifier
        self.told = told
        self.told_privately = told_privately
        self._queues: dict[int, deque[Notice]] = {}
        self._workers: dict[int, asyncio.Task[None]] = {}
        self._telling: set[asyncio.Task[None]] = set()  # owed notices waiting for their paced part
        self.closed = False  # abandoned at shutdown: nothing more is told (the store is closing)

    async def put(self, notice: Notice) -> None:
        """Hands a committed change's notice over: delivered after every earlier notice of its
        table, never before. Returns at once unless the notifier is inline."""
        if self.closed:
            log.info("outbox: a notice of table %s after the stop is not told", notice.table.id)
            return
        if getattr(self.notifier, "inline", False):
            await self._deliver(notice)
            return
        table = notice.table.id
        self._queues.setdefault(table, deque()).append(notice)
        if table not in self._workers:
            self._workers[table] = asyncio.create_task(self._drain(table), name=f"outbox-{table}")

    def pending(self, table: int | None = None) -> int:
        """Notices not yet delivered (of one table, or of all)."""
        if table is not None:
            return len(self._queues.get(table, ()))
        return sum(len(queue) for queue in self._queues.values())

    async def flush(self, timeout: float | None = None) -> None:
        """Waits until everything handed over so far is delivered (a clean shutdown); with a
        `timeout`, gives up after it and says how many notices were left."""
        workers = list(self._workers.values())
        if not workers:
            return
        _, waiting = await asyncio.wait(workers, timeout=timeout)
        if waiting:
            log.warning("outbox: %d notices of %d tables not delivered", self.pending(), len(waiting))

    async def settle(self) -> None:
        """Waits until each owed notice whose paced part was still going out is marked told
        (at shutdown, once that part was sent)."""
        await finished(self._telling)

    async def abandon(self) -> None:
        """At shutdown, after `flush` gave up: the deliveries still under way are cancelled, and
        none is started again; the notices still going out stay owed."""
        self.closed = True
        await abandoned(list(self._workers.values()))
        await abandoned(self._telling)

    async def _drain(self, table: int) -> None:
        queue = self._queues[table]
        try:
            while queue:
                # what piled up while the last notice was told goes as one, at the latest state:
                # each player's message is brought up to date once, not once per move
                while len(queue) > 1 and (both := merged(queue[0], queue[1])) is not None:
                    queue.popleft()
                    queue[0] = both
                await self._deliver(queue[0])
                queue.popleft()
        finally:
            del self._workers[table]
            if not queue:
                del self._queues[table]

    async def _deliver(self, notice: Notice) -> None:
        still_going = None
        try:
            still_going = await self.notifier.publish(notice)
        except Exception:  # the change is committed; a failed message must not undo it
            log.exception("notifier failed for table %s", notice.table.id)
        # tried whole (a failure would fail again): owed no more; a crash or a stop before
        # this leaves it owed, told after the restart
        if notice.owed is not None and self.told is not None:
            if still_going is None:
                await self.told(notice.owed)
            else:  # the table's next notices need not wait for the group's budget
                if self.told_privately is not None and not notice.told_privately:
                    await self.told_privately(notice.owed)
                task = asyncio.create_task(self._told_once(still_going, notice.owed))
                kept(task, self._telling, "marking a notice told failed")

    async def _told_once(self, still_going: Awaitable[object], owed: int) -> None:
        """The owed notice's paced part has gone out: owed no more. Cancelled (at shutdown,
        before it went), it stays owed."""
        await still_going
        assert self.told is not None
        await self.told(owed)
