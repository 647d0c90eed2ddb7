"""Durability: a bot-only match stopped abruptly at any point — before a commit, or
between a commit and its notification — and finished by a new process on the same file ends
exactly as the uninterrupted match with the same seed."""

import asyncio
import pickle
import signal
import sqlite3
import subprocess
import sys
from collections.abc import Awaitable
from pathlib import Path

import pytest

from data.store import Store
from engine.referee import Notice, Recorder, ends_round
from engine.referee.core import HEARTBEAT
from tests.referee.world import GROUP, World

OPTIONS = {"gouji": {"max_hands": "2", "teams": "join_order"}, "gongzhu": {"deals": "2"}}


class Crash(BaseException):
    """The process dies here (not an Exception: nothing may catch it)."""


class CrashBeforeCommit(Store):
    countdown = -1  # commits to let through; -1: all

    async def _commit(self) -> None:
        CrashBeforeCommit.countdown -= 1
        if CrashBeforeCommit.countdown == 0:
            raise Crash
        await super()._commit()


class CrashBeforeNotice(Recorder):
    def __init__(self, countdown: int) -> None:
        super().__init__()
        self.countdown = countdown

    async def publish(self, notice: Notice) -> None:
        self.countdown -= 1
        if self.countdown == 0:
            raise Crash
        await super().publish(notice)


TABLE = 1  # the first table of a new file


async def play(world: World, game: str) -> None:
    """Opens, fills and starts a bot table, or finishes what a restart found, and plays it out."""
    async with world.store.reading() as q:
        stored = await q.table(TABLE)
    if stored is None:
        await world.referee.open_table(GROUP, None, game, OPTIONS[game], "fast")
    table = world.referee.tables.get(TABLE)
    if table is None:  # already finished before the stop
        return
    if table.status == "lobby":
        if len(table.seats) < table.game.seats:
            await world.referee.add_bot(TABLE, 0)
        await world.referee.start(TABLE)
    await world.clock.advance(0)


async def outcome(world: World) -> tuple[object, ...]:
    async with world.store.reading() as q:
        row = await q.table(TABLE)
        match = await q.last_match(TABLE)
        assert row is not None and match is not None
        moves = [(m.ply, m.seat, m.kind, m.move, m.actor) for m in await q.moves(match.id)]
        hands = await q.hand_seeds(match.id)
    return row.status, match.number, match.seed, hands, moves


_straight: dict[str, tuple[tuple[object, ...], int]] = {}


async def uninterrupted(path: Path, game: str) -> tuple[tuple[object, ...], int]:
    """The match played straight through, and how many changes it committed (computed once)."""
    if game not in _straight:
        world = await World.open(path)
        await play(world, game)
        _straight[game] = (await outcome(world), len(world.recorder.notices))
        await world.close()
    return _straight[game]


@pytest.mark.parametrize("game", ["gouji", "gongzhu"])
@pytest.mark.parametrize("where", ["before_commit", "before_notice"])
@pytest.mark.parametrize("point", [0.0, 0.01, 0.37, 0.5, 0.93, 1.0])
async def test_an_abrupt_stop_anywhere_loses_nothing(
    tmp_path: Path, game: str, where: str, point: float
) -> None:
    expected, commits = await uninterrupted(tmp_path / "straight.db", game)
    assert expected[0] == "finished"
    countdown = 1 + round(point * (commits - 1))  # from the lobby's first commit to the match's last
    path = tmp_path / "crashed.db"
    if where == "before_commit":
        world = await World.open(path, store_type=CrashBeforeCommit)
        CrashBeforeCommit.countdown = countdown  # counted from the table's first change
    else:
        world = await World.open(path, recorder=CrashBeforeNotice(countdown))
    with pytest.raises(Crash):
        await play(world, game)
    await world.crash()
    later = await world.reopen()
    try:
        await play(later, game)
        assert await outcome(later) == expected
    finally:
        await later.close()


@pytest.mark.parametrize(("game", "after"), [("gouji", 150), ("gongzhu", 40)])
async def test_a_process_killed_mid_match_loses_nothing(tmp_path: Path, game: str, after: int) -> None:
    """A real SIGKILL of a child process, wherever it happens to be after `after` notices."""
    expected, _ = await uninterrupted(tmp_path / "straight.db", game)
    path = tmp_path / "killed.db"
    child = subprocess.Popen(
        [sys.executable, "-m", "tests.referee.killed_child", str(path), game],
        stdout=subprocess.PIPE,
        text=True,
    )
    assert child.stdout is not None
    for _ in range(after):
        assert child.stdout.readline().strip().isdigit()
    child.send_signal(signal.SIGKILL)
    child.wait(timeout=60)
    child.stdout.close()
    later = await World.open(path)
    try:
        await play(later, game)
        assert await outcome(later) == expected
    finally:
        await later.close()


async def test_the_heartbeat_survives_a_failed_write(world: World, monkeypatch: pytest.MonkeyPatch) -> None:
    """One failed heartbeat write (a full disk) ended the heartbeat, and the next restart
    gave back all the time since instead of the downtime."""
    real = world.store.transaction
    failures = iter([sqlite3.OperationalError("database or disk is full")])

    def failing_once() -> object:
        error = next(failures, None)
        if error is not None:
            raise error
        return real()

    monkeypatch.setattr(world.store, "transaction", failing_once)
    await world.clock.advance(600.0)  # the beat that fails
    await world.clock.advance(600.0)  # the next one still comes, and saves
    async with world.store.reading() as q:
        alive = await q.meta(HEARTBEAT)
    assert alive is not None and float(alive) == world.clock.now()


async def test_a_crash_gives_back_the_downtime_within_a_second(tmp_path: Path) -> None:
    """A restart gave back the time since the last heartbeat (every 5 s), so each crash
    pushed the deadlines up to 5 s further than the time the bot was really down."""
    world = await World.open(tmp_path / "beats.db", heartbeat=None)
    table = await world.table_with_bots("gongzhu", time="slow")
    deadline = table.deadline_at
    assert deadline is not None
    await world.clock.advance(3.9)  # the process dies 3.9 s later, between two beats
    crashed_at = world.clock.now()
    await world.crash()
    later = await world.reopen(after=100.0, heartbeat=None)
    try:
        moved = later.referee.table(table.id).deadline_at - deadline  # type: ignore[operator]
        downtime = later.clock.now() - crashed_at
        assert downtime <= moved <= downtime + 1.0
    finally:
        await later.close()


@pytest.mark.parametrize("game", ["gouji", "gongzhu"])
async def test_the_match_end_a_crash_left_untold_is_told_after_the_restart_once(
    tmp_path: Path, game: str
) -> None:
    """SIGKILL right after a match's last move was committed left the file with the
    match ended and rated, and the group never got the score sheet nor the rating changes,
    across restarts: the outbox lived in memory only."""
    expected, commits = await uninterrupted(tmp_path / "straight.db", game)
    path = tmp_path / "crashed.db"
    world = await World.open(path, recorder=CrashBeforeNotice(commits))  # dies telling the last change
    with pytest.raises(Crash):
        await play(world, game)
    await world.crash()
    later = await world.reopen()
    try:
        assert await outcome(later) == expected  # the file held it all
        told = [e.kind for n in later.recorder.notices for e in n.events]
        assert told.count("MatchEnded") == 1 and {"HandEnded", "DealEnded"} & set(told)  # its round's too
        assert later.recorder.notices[-1].table.status == "finished"
    finally:
        await later.close()
    again = await World.open(path)  # told once: a second restart owes nothing
    try:
        assert not [e for n in again.recorder.notices for e in n.events if e.kind == "MatchEnded"]
    finally:
        await again.close()


class SheetsWaiting(Recorder):
    """A notifier whose rounds' ends wait for the group's budget (as the group feed's do): each
    is told only when the test lets `sheets` go."""

    def __init__(self) -> None:
        super().__init__()
        self.sheets: asyncio.Future[None] = asyncio.get_running_loop().create_future()

    async def publish(self, notice: Notice) -> Awaitable[object] | None:
        await super().publish(notice)
        return self.sheets if any(ends_round(e) for e in notice.events) else None


async def owed_rows(world: World) -> int:
    async with world.store.reading() as q:
        return len(await q.owed())


@pytest.mark.parametrize("game", ["gouji", "gongzhu"])
async def test_a_rounds_end_is_owed_until_its_sheet_went_out_and_a_crash_meanwhile_leaves_it_told_later(
    tmp_path: Path, game: str
) -> None:
    """An owner that dies while a round's sheet waits for the group's budget leaves the notice
    owed: the next process tells it."""
    path = tmp_path / "crashed.db"
    notifier = SheetsWaiting()
    world = await World.open(path, recorder=notifier)
    await play(world, game)
    ends = [e.kind for n in notifier.notices for e in n.events if ends_round(e)]
    assert "MatchEnded" in ends and await owed_rows(world) >= 2  # every round's end still owed
    await world.crash()
    later = await World.open(path)  # the next owner tells them: to the groups only
    told = [e.kind for n in later.recorder.notices for e in n.events]
    assert told.count("MatchEnded") == 1 and await owed_rows(later) == 0
    again = [n for n in later.recorder.notices if any(ends_round(e) for e in n.events)]
    assert again and all(n.told_privately for n in again)  # their players had been told
    await later.close()


def test_a_notice_pickled_before_a_field_was_added_takes_its_default() -> None:
    """An owed notice written by the version before `told_privately` is read back whole."""

    class Older:  # pickles as that version's Notice did: its four fields' state
        def __reduce_ex__(self, protocol: object) -> tuple[object, ...]:
            return (object.__new__, (Notice,), [None, (), "move", 7])

    read = pickle.loads(pickle.dumps(Older()))
    assert isinstance(read, Notice) and (read.cause, read.owed, read.told_privately) == ("move", 7, False)


async def test_a_rounds_end_is_owed_no_more_once_its_sheet_went_out(tmp_path: Path) -> None:
    notifier = SheetsWaiting()
    world = await World.open(tmp_path / "told.db", recorder=notifier)
    await play(world, "gongzhu")
    assert await owed_rows(world) >= 2
    notifier.sheets.set_result(None)  # the group's budget refilled: the sheets are in the group
    await world.referee.settle_notices()
    assert await owed_rows(world) == 0
    await world.close()
