"""Clocks (docs/rules/gouji.md §12): deadlines, warnings, strikes, penalties, autopilot and coming
back, slow games' reminders, the 拱猪 exposure window, and deadlines across a restart."""

import asyncio
from pathlib import Path

import pytest

from data.store import Store
from engine.bots import bot_move
from engine.errors import Refused
from engine.events import TimedOut
from tests.referee.world import ALICE, World


async def until_alice_decides(world: World, table_id: int) -> None:
    view = world.referee.view(table_id)
    assert view.to_act == (0,) and view.seats[0].player == ALICE, view


async def test_a_missed_deadline_warns_and_the_bot_moves_for_the_seat(world: World) -> None:
    table = await world.table_with_bots("gouji", time="fast")
    await until_alice_decides(world, table.id)
    world.referee.bot_delay = 2.0
    deadline = world.referee.view(table.id).deadline_at
    assert deadline == world.clock.now() + 20
    await world.clock.advance(19.9)
    assert not world.recorder.events("TimedOut")
    await world.clock.advance(0.2)
    [timed_out] = world.recorder.events("TimedOut")
    assert timed_out == TimedOut(0, 1, 0, False)  # a warning: no penalty, no autopilot
    rows = [r for r in await world.moves(table) if r.player_id == ALICE]
    assert [(r.kind, r.actor) for r in rows] == [("timeout", "timeout"), ("move", "timeout")]
    assert world.referee.view(table.id).seats[0].strikes == 1


async def test_the_strike_limit_costs_the_penalty_and_puts_the_seat_on_autopilot(world: World) -> None:
    table = await world.table_with_bots("gouji", time="fast", strikes="2", penalty_points="10")
    world.referee.bot_delay = 2.0  # the bots think a little, so the match does not end at once
    for _ in range(2):
        await until_alice_decides(world, table.id)
        await world.clock.advance(20)
        while world.referee.view(table.id).to_act != (0,):
            await world.clock.advance(2)
    first, second = world.recorder.events("TimedOut")
    assert (first.strikes, first.penalty, first.autopilot) == (1, 0, False)
    assert (second.strikes, second.penalty, second.autopilot) == (2, 10, True)
    assert table.match is not None and table.match.penalties[0] == 10
    # on autopilot the seat has no deadline: its bot moves after the thinking delay
    view = world.referee.view(table.id)
    assert view.seats[0].autopilot and view.to_act == (0,) and view.deadline_at is None
    await world.clock.advance(2)
    last = (await world.moves(table))[-1]
    assert (last.seat, last.actor, last.player_id) == (0, "autopilot", ALICE)
    assert len(world.recorder.events("TimedOut")) == 2


async def test_back_ends_autopilot_and_the_player_has_a_deadline_again(world: World) -> None:
    table = await world.table_with_bots("gouji", time="fast", strikes="1")
    world.referee.bot_delay = 2.0
    await world.clock.advance(20)
    assert world.referee.view(table.id).seats[0].autopilot
    events = await world.referee.back(table.id, ALICE)
    assert [e.kind for e in events] == ["AutopilotEnded"]
    assert not world.referee.view(table.id).seats[0].autopilot
    with pytest.raises(Refused, match="not_autopilot"):
        await world.referee.back(table.id, ALICE)
    while world.referee.view(table.id).to_act != (0,):
        await world.clock.advance(2)
    assert world.referee.view(table.id).deadline_at == world.clock.now() + 20


async def test_slow_games_remind_once_at_eighty_percent(world: World) -> None:
    table = await world.table_with_bots("gouji", time="slow")
    start = world.clock.now()
    await until_alice_decides(world, table.id)
    assert world.referee.view(table.id).deadline_at == start + 12 * 3600
    await world.clock.advance(0.8 * 12 * 3600 - 1)
    assert not world.recorder.events("Reminder")
    version = world.referee.view(table.id).version
    await world.clock.advance(1)
    [reminder] = world.recorder.events("Reminder")
    assert (reminder.seat, reminder.player, reminder.deadline) == (0, ALICE, start + 12 * 3600)
    assert world.referee.view(table.id).version == version  # the buttons stay good
    await world.clock.advance(0.2 * 12 * 3600 - 1)
    assert len(world.recorder.events("Reminder")) == 1 and not world.recorder.events("TimedOut")
    await world.clock.advance(1)
    assert len(world.recorder.events("TimedOut")) == 1


async def test_custom_seconds(world: World) -> None:
    table = await world.table_with_bots("gouji", time="45s")
    assert world.referee.view(table.id).deadline_at == world.clock.now() + 45
    assert world.referee.view(table.id).time_control == "45s"


async def test_the_exposure_window_closes_without_a_fault(world: World) -> None:
    table = await world.table_with_bots("gongzhu", time="fast", expose_seconds="30")
    view = world.referee.view(table.id)
    seat = view.seat_of(ALICE)
    assert view.public and view.public.phase == "expose" and world.referee.private_view(table.id, ALICE).legal
    assert view.deadline_at == world.clock.now() + 30  # the window, longer than a fast move
    assert seat is not None and table.match is not None
    assert str(bot_move("gongzhu", table.match.current, seat, table.ply)) != "pass"  # its bot would expose
    await world.clock.advance(30)
    [closed] = world.recorder.events("WindowClosed")
    assert closed.seats == (seat,) and not world.recorder.events("TimedOut")
    assert world.referee.view(table.id).seats[seat].strikes == 0
    # the rules' move, not the bot's: a seat out of time exposes nothing
    assert all(e.seat != seat for e in world.recorder.events("Exposed"))
    [exposures] = world.recorder.events("ExposureClosed")
    assert exposures.exposed[seat] == ()


async def test_a_deadline_survives_a_restart_and_the_time_down_is_given_back(world: World) -> None:
    table = await world.table_with_bots("gouji", time="normal")
    deadline = world.referee.view(table.id).deadline_at
    assert deadline is not None
    await world.clock.advance(30)  # 60 s left when the process dies
    await world.referee.core._beat()  # the last heartbeat before the crash
    await world.crash()
    later = await world.reopen(after=3600)  # an hour down
    try:
        view = later.referee.view(table.id)
        assert view.deadline_at == pytest.approx(deadline + 3600)
        assert [e.kind for e in later.recorder.events()] == ["Resumed"]
        assert later.recorder.events()[0].given_back == pytest.approx(3600)
        await later.clock.advance(59)
        assert not later.recorder.events("TimedOut")
        await later.clock.advance(1)
        assert len(later.recorder.events("TimedOut")) == 1
    finally:
        await later.close()


async def test_bots_deciding_beside_a_player_give_no_extra_time(world: World) -> None:
    world.referee.bot_delay = 2.0  # the bots expose (or not) one after another, 2 s apart
    table = await world.referee.open_table(-5, ALICE, "gongzhu", {"expose_seconds": "15"}, "fast")
    await world.referee.add_bot(table.id, 0)
    await world.referee.start(table.id)
    opened = world.clock.now()
    seat = world.referee.view(table.id).seat_of(ALICE)
    await world.clock.advance(8)
    view = world.referee.view(table.id)
    assert world.referee.tables[table.id].match.to_act == [seat]  # the bots have decided
    assert view.deadline_at == opened + 20  # a fast move's 20 s at least


async def test_strikes_and_penalties_survive_a_restart(world: World) -> None:
    """docs/rules/gouji.md §12: the match is rebuilt from its log, timeouts included; dropping them would
    forget the strikes and give the penalty back."""
    table = await world.table_with_bots("gouji", time="fast", strikes="3", penalty_points="10")
    world.referee.bot_delay = 2.0
    for _ in range(3):
        await until_alice_decides(world, table.id)
        await world.clock.advance(20)
        while world.referee.view(table.id).to_act != (0,):
            await world.clock.advance(2)
    match = table.match
    assert match is not None and match.strikes[0] == 3 and match.penalties[0] == 10
    before = (list(match.strikes), list(match.penalties), list(match.totals), list(match.log))
    await world.crash()
    later = await world.reopen()
    try:
        again = later.referee.tables[table.id].match
        assert again is not None
        assert (again.strikes, again.penalties, again.totals, again.log) == before
    finally:
        await later.close()


async def test_the_exposure_window_is_never_shorter_than_a_move(world: World) -> None:
    """A 20-second window was too short at a 90-second table."""
    table = await world.table_with_bots("gongzhu", time="normal", expose_seconds="20")
    view = world.referee.view(table.id)
    assert view.public and view.public.phase == "expose"
    assert view.deadline_at == world.clock.now() + 90


class HeldCommit(Store):
    """A commit that waits until the test lets it go: a job still under way as the bot stops."""

    held: asyncio.Event | None = None
    waiting = False

    async def _commit(self) -> None:
        if HeldCommit.held is not None:
            HeldCommit.waiting = True
            await HeldCommit.held.wait()
        await super()._commit()


async def test_a_job_under_way_as_the_referee_closes_arms_no_clock(tmp_path: Path) -> None:
    """SIGTERM while a deadline's job commits: the job finishes, but arms no timer that would
    fire on the closed store (it logged "a timed job failed" for every table at each stop)."""
    world = await World.open(tmp_path / "close.sqlite3", store_type=HeldCommit)
    table = await world.table_with_bots("gongzhu", time="fast")
    world.referee.bot_delay = 2.0
    before = len(await world.moves(table))
    HeldCommit.held = asyncio.Event()
    try:
        timing_out = asyncio.create_task(world.clock.advance(60))  # Alice's deadline passes
        while not HeldCommit.waiting:
            await asyncio.sleep(0)
        closing = asyncio.create_task(world.referee.close())
        await asyncio.sleep(0)
        HeldCommit.held.set()
        await timing_out
        await closing
        assert world.clock.pending() == []
        rows = (await world.moves(table))[before:]
        assert rows and {row.actor for row in rows} == {"timeout"}  # the bots never moved after it
    finally:
        HeldCommit.held, HeldCommit.waiting = None, False
        await world.store.close()
