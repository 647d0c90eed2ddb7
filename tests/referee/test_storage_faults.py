"""Storage failures said out loud and survived: with the disk full, the file read-only
or an I/O error, a move is refused with "paused", the table keeps its last committed state, the
group is told once, no clock retries in a storm, and play resumes by itself when writes succeed.

The full disk is real where the machine allows it (a 2 MB tmpfs, filled by another file); the
same story also runs with a failing commit injected, so it is checked on every machine. A file
system cannot be turned read-only under an open database (Linux refuses the remount: busy), so the
read-only case while running is injected; a database on a read-only mount at start-up is real, in
`tests/e2e/test_failures.py`."""

from __future__ import annotations

import contextlib
import os
import sqlite3
from collections.abc import AsyncIterator, Callable
from pathlib import Path

import pytest

from data.store import Store
from engine.errors import Refused
from tests.mounts import tmpfs
from tests.referee.world import ALICE, World


class Disk:
    """Makes writes fail and succeed again."""

    def __init__(self, fill: Callable[[], None], free: Callable[[], None]) -> None:
        self.fill, self.free = fill, free


def filler(folder: Path) -> Disk:
    path = folder / "filler"

    def fill() -> None:
        # unbuffered: a buffered file would keep the chunk that did not fit, and its close would
        # raise ENOSPC again (whether it does hangs on how the free space divides into chunks)
        with open(path, "wb", buffering=0) as out, contextlib.suppress(OSError):
            while True:
                out.write(b"\0" * 65536)
                os.fsync(out.fileno())

    return Disk(fill, lambda: path.unlink())


class FailingStore(Store):
    failing: str | None = None  # what SQLite says when the commit fails

    async def _commit(self) -> None:
        if FailingStore.failing:
            raise sqlite3.OperationalError(FailingStore.failing)
        await super()._commit()


@pytest.fixture(params=["full tmpfs", "injected read-only", "injected full"])
async def faulty(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[tuple[World, Disk]]:
    if request.param == "full tmpfs":
        with tmpfs(tmp_path / "disk") as folder:
            world, disk = await World.open(folder / "referee.db"), filler(folder)
            try:
                yield world, disk
            finally:
                with contextlib.suppress(OSError):  # a failed test may leave the disk full
                    disk.free()
                await world.close()
        return
    FailingStore.failing = None
    world = await World.open(tmp_path / "referee.db", store_type=FailingStore)
    says = (
        "attempt to write a readonly database" if "read-only" in request.param else "database or disk is full"
    )

    def fail() -> None:
        FailingStore.failing = says

    def heal() -> None:
        FailingStore.failing = None

    try:
        yield world, Disk(fail, heal)
    finally:
        heal()
        await world.close()


async def test_a_full_disk_pauses_the_table_and_play_resumes_by_itself(faulty: tuple[World, Disk]) -> None:
    world, disk = faulty
    table = await world.table_with_bots("gongzhu", humans=(ALICE,), expose_mode="none")
    referee = world.referee
    before = referee.view(table.id)
    hand = referee.private_view(table.id, ALICE).hand
    move = referee.private_view(table.id, ALICE).legal[0]
    saved = len(await world.moves(table))
    disk.fill()
    for _ in range(3):  # the player presses again and again
        with pytest.raises(Refused) as refused:
            await referee.submit(table.id, ALICE, move, before.version)
        assert refused.value.key == "paused"
    assert referee.view(table.id).version == before.version  # the last committed state
    assert referee.private_view(table.id, ALICE).hand == hand  # the card is still hers
    assert len(world.recorder.events("Paused")) == 1  # the group is told once
    told = len(world.recorder.notices)
    await world.clock.advance(30.0)  # past the move's deadline: no timeout is charged, nothing retried
    assert len(world.recorder.notices) == told
    assert referee.view(table.id).seats[0].strikes == 0
    disk.free()
    await world.clock.advance(570.0)  # the heartbeat (every 600 s here) finds the store writable
    back = world.recorder.events("SavingAgain")
    assert len(back) == 1 and back[0].paused_for == 600.0  # type: ignore[attr-defined]
    view = referee.view(table.id)
    assert view.deadline_at is not None and view.deadline_at > world.clock.now()  # the time given back
    await referee.submit(table.id, ALICE, move, view.version)
    assert len(await world.moves(table)) == saved + 1  # and the move is on disk


async def test_bots_do_not_retry_in_a_storm_while_the_store_refuses(faulty: tuple[World, Disk]) -> None:
    world, disk = faulty
    world.referee.bot_delay = 1.0  # a bots-only table: a move a second
    table = await world.table_with_bots("gouji", humans=())
    await world.clock.advance(1.0)
    moves = len(await world.moves(table))
    disk.fill()
    for _ in range(5):
        await world.clock.advance(1.0)
    assert len(world.recorder.events("Paused")) == 1
    assert len(world.clock.pending()) == 1  # only the heartbeat: nothing fires again and again
    disk.free()
    await world.clock.advance(600.0)
    assert len(await world.moves(table)) > moves  # they play on by themselves
