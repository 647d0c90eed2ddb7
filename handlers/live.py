"""What the Mini App's open pages wait for: each table's latest version, told the moment the
referee commits a change (`RefereeCore.watchers`), and its last few plays (public: every play is
shown face up on the table). A page learns only that a version changed, then asks for the view
it may see: nothing private travels this way."""

from __future__ import annotations

import asyncio
import contextlib
from collections import deque
from collections.abc import Callable

from engine.events import CardsPlayed
from engine.referee import Notice

RECENT = 8  # the plays a page shows besides the set or trick on the table


class LiveTables:
    def __init__(self) -> None:
        self.versions: dict[int, int] = {}
        self.statuses: dict[int, str] = {}  # as of the latest version
        self.closed = False  # the server stops: every page's stream ends now, not at a timeout
        self.recent: dict[int, deque[tuple[int, str]]] = {}
        self._changed = asyncio.Condition()
        self._waking: asyncio.Task[None] | None = None

    def changed(self, notice: Notice) -> None:
        """A watcher of the referee: called with each committed notice, without I/O."""
        table = notice.table
        if table.version >= self.versions.get(table.id, 0):
            self.versions[table.id] = table.version
            self.statuses[table.id] = table.status
        plays = self.recent.setdefault(table.id, deque(maxlen=RECENT))
        for event in notice.events:
            if isinstance(event, CardsPlayed):
                plays.append((event.seat, event.cards))
        if self._waking is None or self._waking.done():
            self._waking = asyncio.get_running_loop().create_task(self._wake())

    async def _wake(self) -> None:
        async with self._changed:
            self._changed.notify_all()

    def open(self) -> None:
        """Pages may wait again (a server started, maybe after one that closed)."""
        self.closed = False

    async def close(self) -> None:
        """Ends every wait at once (the server is stopping; the pages reconnect to the next one)."""
        self.closed = True
        await self._wake()

    def seed(self, versions: dict[int, int]) -> None:
        """The versions of the tables a restart recovered: committed, as the store has them."""
        for table, version in versions.items():
            self.versions.setdefault(table, version)

    def settled(self, table: int, version: int) -> bool:
        """Whether the table's change to `version` is committed: the referee raises a table's
        version before its transaction and publishes it after (or reloads the table)."""
        return self.versions.get(table, -1) >= version

    async def until(self, holds: Callable[[], bool], timeout: float) -> bool:
        """Waits, at most `timeout` seconds, until `holds()` after some table's change."""
        async with self._changed:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._changed.wait_for(lambda: self.closed or holds()), timeout)
        return holds()

    async def wait(self, table: int, after: int, timeout: float) -> int:
        """The table's version once it is past `after`, or as it is after `timeout` seconds."""
        await self.until(lambda: self.versions.get(table, 0) > after, timeout)
        return self.versions.get(table, 0)
