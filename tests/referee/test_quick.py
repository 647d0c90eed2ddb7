"""The quick tables' pool: a table's worth of people is seated at once, bots take the empty seats
when the oldest has waited, one queue and one table a person, the pool survives a restart, a
player who timed out into autopilot at a quick table is skipped for a while, and leaving a quick
table is a loss in the quick league (and nowhere else)."""

from __future__ import annotations

import pytest

from engine.errors import Refused
from engine.league import GLOBAL
from engine.referee import QUICK
from engine.referee.quick import QUICK_WAIT
from engine.referee.rooms import BARRED_FOR
from tests.referee.world import ALICE, BOB, CAROL, DAVE, GROUP, World, on_both_engines

world = on_both_engines  # the store's every query, on SQLite and on PostgreSQL


def quick_tables(world: World) -> list:
    return [t for t in world.referee.tables.values() if t.group_id == QUICK and t.status == "running"]


async def test_a_pool_with_a_tables_worth_of_people_seats_them_at_once(world: World) -> None:
    queued = [await world.referee.enter_pool(p, "gongzhu") for p in (ALICE, BOB, CAROL)]
    assert [q.waiting for q in queued] == [1, 2, 3] and not any(q.seated for q in queued)
    assert {q.fills_at for q in queued} == {world.clock.now() + QUICK_WAIT}  # the oldest's wait
    assert await world.referee.pool_waiting() == {("gongzhu", "default", "normal"): 3}
    other = await world.referee.enter_pool(DAVE, "gongzhu", pace="fast")  # another pool: not theirs
    assert other.waiting == 1 and not quick_tables(world)
    await world.referee.leave_pool(DAVE)
    last = await world.referee.enter_pool(DAVE, "gongzhu")
    assert last.seated
    [table] = quick_tables(world)
    assert sorted(s.player_id for s in table.seats) == [ALICE, BOB, CAROL, DAVE]
    assert table.time.name == "normal" and table.creator is None
    assert await world.referee.pool_waiting() == {}


async def test_bots_take_the_empty_seats_when_the_oldest_has_waited(world: World) -> None:
    await world.referee.enter_pool(ALICE, "gouji", "outline", "fast")
    await world.clock.advance(30)
    await world.referee.enter_pool(BOB, "gouji", "outline", "fast")
    await world.clock.advance(QUICK_WAIT - 30 - 1)
    assert not quick_tables(world)
    await world.clock.advance(1)
    [table] = quick_tables(world)
    assert [s.player_id for s in table.seats].count(None) == 4
    assert {ALICE, BOB} == {s.player_id for s in table.seats} - {None}
    assert table.rules.variant == "outline" and table.time.name == "fast"
    assert await world.referee.pool_waiting() == {}


async def test_one_queue_and_one_table_a_person(world: World) -> None:
    await world.referee.enter_pool(ALICE, "gongzhu")
    with pytest.raises(Refused) as error:
        await world.referee.enter_pool(ALICE, "gouji")
    assert error.value.key == "quick_waiting"
    await world.clock.advance(QUICK_WAIT)  # seated with bots
    with pytest.raises(Refused) as error:
        await world.referee.enter_pool(ALICE, "gongzhu")
    assert error.value.key == "quick_seated"
    await world.referee.open_table(GROUP, BOB, "gongzhu")  # a group's lobby holds a seat too
    with pytest.raises(Refused) as error:
        await world.referee.enter_pool(BOB, "gongzhu")
    assert error.value.key == "quick_seated"
    for bad, key in ((("gouji", "nosuch"), "quick_preset"), (("gongzhu", None, "x"), "quick_pace")):
        with pytest.raises(Refused) as error:
            await world.referee.enter_pool(CAROL, *bad)
        assert error.value.key == key
    assert await world.referee.pool_waiting() == {}


async def test_who_cancels_is_not_seated(world: World) -> None:
    await world.referee.enter_pool(ALICE, "gongzhu")
    left = await world.referee.leave_pool(ALICE)
    assert left is not None and left.key == ("gongzhu", "default", "normal")
    assert await world.referee.leave_pool(ALICE) is None
    await world.clock.advance(QUICK_WAIT * 2)
    assert not quick_tables(world)


async def test_the_pool_and_its_wait_survive_a_restart(world: World) -> None:
    await world.referee.enter_pool(ALICE, "gouji")
    await world.referee.enter_pool(BOB, "gongzhu", pace="slow")
    await world.clock.advance(30)
    await world.crash()
    again = await world.reopen(after=10)
    try:
        assert await again.referee.pool_waiting() == {
            ("gouji", "standard", "normal"): 1,
            ("gongzhu", "default", "slow"): 1,
        }
        await again.clock.advance(QUICK_WAIT - 40 - 1)
        assert not quick_tables(again)
        await again.clock.advance(1)
        assert {t.game.name for t in quick_tables(again)} == {"gouji", "gongzhu"}
    finally:
        await again.close()


async def test_a_lobby_a_crash_left_unstarted_is_stopped_and_its_people_still_wait(world: World) -> None:
    for player in (ALICE, BOB):
        await world.referee.enter_pool(player, "gongzhu")
    half = await world.referee.open_table(QUICK, None, "gongzhu")  # the crash came mid-seating
    await world.referee.join(half.id, ALICE)
    await world.crash()
    again = await world.reopen(after=5)
    try:
        assert half.id not in again.referee.tables
        await again.clock.advance(QUICK_WAIT)
        [table] = quick_tables(again)
        assert {ALICE, BOB} <= {s.player_id for s in table.seats}
    finally:
        await again.close()


async def test_timing_out_into_autopilot_keeps_a_player_out_of_the_pool_for_a_while(world: World) -> None:
    await world.referee.enter_pool(ALICE, "gongzhu", pace="fast")
    await world.clock.advance(QUICK_WAIT)
    [table] = quick_tables(world)
    seat = table.seat_of(ALICE)
    assert seat is not None
    for _ in range(200):
        if table.seats[seat].autopilot:
            break
        await world.clock.advance(25)
    assert table.seats[seat].autopilot
    await world.referee.leave(table.id, ALICE)
    with pytest.raises(Refused) as error:
        await world.referee.enter_pool(ALICE, "gongzhu")
    assert error.value.key == "quick_barred" and 0 < error.value.params["minutes"] <= BARRED_FOR / 60
    await world.clock.advance(BARRED_FOR)
    assert (await world.referee.enter_pool(ALICE, "gongzhu")).waiting == 1


async def test_leaving_a_quick_table_is_a_loss_in_the_quick_league_only(world: World) -> None:
    for player in (ALICE, BOB):
        await world.referee.enter_pool(player, "gongzhu", pace="slow")
    await world.clock.advance(QUICK_WAIT)
    [table] = quick_tables(world)
    await world.referee.leave(table.id, BOB)
    await world.referee.leave(table.id, ALICE)  # the last person: the table stops, rated still
    assert table.status == "stopped"
    async with world.store.reading() as q:
        quick = {p: await q.rating_of(QUICK, "gongzhu", p) for p in (ALICE, BOB)}
        everywhere = [await q.rating_of(GLOBAL, "gongzhu", p) for p in (ALICE, BOB)]
    assert everywhere == [None, None]
    assert all(row is not None and row.matches == 1 for row in quick.values())
    assert all(row.mu < 25 for row in quick.values() if row is not None)  # both ranked below the bots


async def test_a_group_table_stopped_by_its_last_leaver_is_not_rated(world: World) -> None:
    table = await world.table_with_bots("gongzhu", time="slow")
    await world.referee.leave(table.id, ALICE)
    assert table.status == "stopped"
    async with world.store.reading() as q:
        assert await q.rating_of(GROUP, "gongzhu", ALICE) is None


async def test_who_sat_down_elsewhere_while_waiting_leaves_the_pool_and_holds_one_seat(world: World) -> None:
    for player in (ALICE, BOB):
        await world.referee.enter_pool(player, "gongzhu")
    lobby = await world.referee.open_table(GROUP, BOB, "gongzhu")  # Bob sits at his group's table
    await world.clock.advance(QUICK_WAIT)
    [table] = quick_tables(world)
    assert [s.player_id for s in table.seats].count(None) == 3 and table.seat_of(BOB) is None
    assert world.referee.view(lobby.id).seats[0].player == BOB
    assert await world.referee.pool_waiting() == {}
