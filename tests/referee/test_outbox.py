"""The referee's outbox: a committed change never waits for the notifier, a table's
notices are told in commit order, and one table's stuck messages never hold up another's."""

from __future__ import annotations

import asyncio
from collections import defaultdict
from dataclasses import replace
from pathlib import Path

from engine.gongzhu.events import DealEnded
from engine.referee import Notice, Recorder, Referee
from engine.referee.clock import ManualClock
from engine.referee.events import Reminder
from engine.referee.outbox import Outbox
from tests.referee.world import ALICE, GROUP, World


class Gate:
    """A notifier that does I/O: each table's deliveries wait until the test opens its gate."""

    def __init__(self) -> None:
        self.told: dict[int, list[int]] = defaultdict(list)  # table → versions, in delivery order
        self.gates: dict[int, asyncio.Event] = defaultdict(asyncio.Event)
        self.fail_version: int | None = None

    async def publish(self, notice: Notice) -> None:
        await self.gates[notice.table.id].wait()
        if notice.table.version == self.fail_version:
            raise RuntimeError("Telegram said no")
        self.told[notice.table.id].append(notice.table.version)


def notice(world_view, table: int, version: int) -> Notice:
    return Notice(replace(world_view, id=table, version=version), (), "move")


async def test_notices_of_a_table_keep_their_order_and_tables_do_not_wait_for_each_other(
    world: World,
) -> None:
    # a finished table's notices: none of them merges with the next (a lobby's and a round's do)
    view = replace((await world.referee.open_table(GROUP, ALICE, "gongzhu")).view(), status="finished")
    gate = Gate()
    outbox = Outbox(gate)
    for version in (1, 2, 3):
        await outbox.put(notice(view, 1, version))  # returns at once: table 1's gate is shut
    await outbox.put(notice(view, 2, 1))
    gate.gates[2].set()
    while gate.told[2] != [1]:
        await asyncio.sleep(0)  # the loop turns; table 1 is still stuck
    assert gate.told[1] == [] and outbox.pending(1) == 3
    gate.fail_version = 2  # a failed message is logged and skipped, the next still goes out
    gate.gates[1].set()
    await outbox.flush()
    assert gate.told[1] == [1, 3] and outbox.pending() == 0


async def test_a_move_commits_and_returns_while_telegram_is_stuck(tmp_path: Path) -> None:
    """The benchmark's case as a test of order, not of time: with the notifier blocked, a whole
    bot table plays on, every move committed, and the notices follow in commit order."""
    gate = Gate()
    world = await World.open(tmp_path / "referee.db", recorder=Recorder())
    referee = Referee(world.store, gate, world.clock, heartbeat=600.0, new_seed=lambda: "outbox")
    table = await referee.open_table(GROUP, None, "gongzhu", {"deals": "1"}, "fast")
    await referee.add_bot(table.id, 0)
    await referee.start(table.id)
    await world.clock.advance(0)  # the bots play the whole deal; nothing has been told yet
    assert referee.view(table.id).status == "finished" and gate.told[table.id] == []
    async with world.store.reading() as q:
        assert len(await q.moves(table.match_id or 0)) > 40
    gate.gates[table.id].set()
    await referee.flush_notices()
    told = gate.told[table.id]
    assert told == sorted(told) and told[-1] == referee.view(table.id).version
    await world.close()


async def test_an_inline_notifier_is_told_before_the_command_returns(world: World) -> None:
    await world.referee.open_table(GROUP, ALICE, "gouji")
    assert [n.cause for n in world.recorder.notices] == ["lobby"]


async def test_flush_gives_up_after_its_timeout(tmp_path: Path) -> None:
    gate = Gate()
    outbox = Outbox(gate)
    world = await World.open(tmp_path / "referee.db", clock=ManualClock())
    view = (await world.referee.open_table(GROUP, ALICE, "gongzhu")).view()
    await outbox.put(notice(view, 1, 1))
    await outbox.flush(timeout=0)  # never told: the gate stays shut, and flush returns
    assert outbox.pending() == 1
    gate.gates[1].set()
    await outbox.flush()
    assert gate.told[1] == [1]
    await world.close()


class Slow:
    """A notifier that does I/O: the first notice waits until the test lets it go."""

    def __init__(self) -> None:
        self.told: list[Notice] = []
        self.first = asyncio.Event()

    async def publish(self, notice: Notice) -> None:
        if not self.told:
            await self.first.wait()
        self.told.append(notice)


async def test_a_rounds_notices_that_piled_up_are_told_as_one_at_the_latest_state(world: World) -> None:
    """A table's notices go out in order, so under load each waited for the one before
    and a player's keyboard came seconds late; what piled up meanwhile now goes as one notice,
    so each player's message is brought up to date once, with every event, in order."""
    table = await world.table_with_bots("gongzhu")
    view = table.view()
    slow = Slow()
    outbox = Outbox(slow)
    for version in range(1, 5):
        reminded = Reminder(0, ALICE, float(version))
        await outbox.put(Notice(replace(view, version=version), (reminded,), "bot"))
        await asyncio.sleep(0)  # the first is under way when the others come
    slow.first.set()
    await outbox.flush()
    assert [n.table.version for n in slow.told] == [1, 4]  # the first was under way
    assert [e.deadline for e in slow.told[1].events] == [2.0, 3.0, 4.0]  # every event, in order


async def test_a_rounds_end_is_told_on_its_own_and_a_lobbys_notices_merge(world: World) -> None:
    """A round's end carries its score sheet: alone. A lobby's notices that pile up while one is
    told go as one, at the latest seats (four joins, four edits of the lobby)."""
    table = await world.table_with_bots("gongzhu")
    running, lobby = table.view(), replace(table.view(), status="lobby")
    ended = DealEnded(1, (0, 0, 0, 0), (0, 0, 0, 0), ((0,), (1,), (2,), (3,)), None)
    slow = Slow()
    outbox = Outbox(slow)
    await outbox.put(Notice(replace(running, version=1), (), "bot"))
    await asyncio.sleep(0)  # under way
    await outbox.put(Notice(replace(running, version=2), (ended,), "bot"))  # its sheet, alone
    await outbox.put(Notice(replace(running, version=3), (), "bot"))
    await outbox.put(Notice(replace(lobby, version=4), (), "lobby"))
    await outbox.put(Notice(replace(lobby, version=5), (), "lobby"))
    slow.first.set()
    await outbox.flush()
    assert [n.table.version for n in slow.told] == [1, 2, 3, 5]
