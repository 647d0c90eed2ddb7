"""A referee on a real SQLite file, a manual clock and a recorder: what every referee test uses."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest

from data.records import MoveRow
from data.store import Store
from data.stores import open_store
from engine.referee import ManualClock, Recorder, Referee
from engine.referee.table import LiveTable

GROUP = -1001
ALICE, BOB, CAROL, DAVE = 101, 102, 103, 104
SEED = "test-seed"


@dataclass
class World:
    path: Path | str  # a SQLite file, or a PostgreSQL address
    store: Store
    clock: ManualClock
    recorder: Recorder
    referee: Referee
    closed: bool = False

    @classmethod
    async def open(
        cls,
        path: Path | str,
        clock: ManualClock | None = None,
        recorder: Recorder | None = None,
        store_type: type[Store] = Store,
        heartbeat: float | None = 600.0,
    ) -> World:
        """`heartbeat`: seconds between beats (None: the referee's own default)."""
        store = await (open_store(path) if store_type is Store else store_type.open(path))
        clock = clock or ManualClock()
        recorder = recorder or Recorder()
        beats = {} if heartbeat is None else {"heartbeat": heartbeat}
        referee = Referee(store, recorder, clock, new_seed=lambda: SEED, **beats)
        await referee.recover()
        for player, name in ((ALICE, "Alice"), (BOB, "Bob"), (CAROL, "Carol"), (DAVE, "Dave")):
            await referee.register_player(player, name)
        return cls(path, store, clock, recorder, referee)

    async def crash(self) -> None:
        """The process dies: no clean shutdown, nothing flushed beyond what was committed."""
        for table in self.referee.tables.values():
            if table.timer is not None:
                table.timer.cancel()
        await self.store.close()
        self.closed = True

    async def reopen(self, after: float = 0.0, heartbeat: float | None = 600.0) -> World:
        """A new process on the same file, `after` seconds later."""
        await self.clock.advance(0)
        clock = ManualClock(self.clock.now() + after)
        return await World.open(self.path, clock, heartbeat=heartbeat)

    async def close(self) -> None:
        if not self.closed:
            await self.referee.close()
            await self.store.close()
            self.closed = True

    async def table_with_bots(
        self, game: str, humans: tuple[int, ...] = (ALICE,), time: str = "fast", **options: str
    ) -> LiveTable:
        """A started table: the humans in join order on the first seats, bots on the rest."""
        if game == "gouji":
            options.setdefault("teams", "join_order")
        table = await self.referee.open_table(GROUP, humans[0] if humans else None, game, options, time)
        for player in humans[1:]:
            await self.referee.join(table.id, player)
        await self.referee.add_bot(table.id, 0)
        await self.referee.start(table.id)
        await self.clock.advance(0)  # the bots play up to the first human decision
        return table

    async def moves(self, table: LiveTable) -> list[MoveRow]:
        async with self.store.reading() as q:
            return await q.moves(table.match_id or 0)


@pytest.fixture
def on_both_engines(any_world: World) -> World:
    """`world = on_both_engines` in a module: its referee tests run on SQLite and PostgreSQL."""
    return any_world
