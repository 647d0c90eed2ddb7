"""The daily deal: everyone gets the same cards in the same seat, and the strong bots answer the
same moves the same way; one try a day; a standing only for who finished, scored by the share of
the other finishers beaten (ties half); never rated; and it all survives a restart."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest

from engine.errors import Refused
from engine.referee import DAILY, Thinkers
from engine.referee.daily import share
from engine.referee.table import LiveTable
from tests.referee.world import ALICE, BOB, CAROL, GROUP, World, on_both_engines

world = on_both_engines  # the store's every query, on SQLite and on PostgreSQL


def threads(world: World) -> None:
    """The searches in threads of the test's process: the real strong bots, without spawning;
    no search may take any time at all, so only a search that waits for its answer is answered."""
    world.referee.core.thinkers = Thinkers(2, pool=lambda workers: ThreadPoolExecutor(workers), limit=0.0)


async def play_first_moves(world: World, table: LiveTable, player: int) -> list[tuple[int, str]]:
    """The player always makes their first legal move; the deal's log as (seat, move)."""
    for _ in range(400):
        if table.status != "running":
            break
        mine = world.referee.private_view(table.id, player)
        if mine.legal:
            await world.referee.submit(table.id, player, mine.legal[0], mine.version)
        await world.clock.advance(1)
    assert table.status == "finished"
    return [(row.seat, row.move) for row in await world.moves(table) if row.kind == "move"]


async def test_two_players_meet_the_same_deal_and_the_same_bots(world: World) -> None:
    threads(world)
    first = world.referee.tables[(await world.referee.play_daily(ALICE, "gongzhu")).id]
    assert first.rules.bots == "strong" and first.rules.deals == 1 and first.group_id == DAILY
    hand = world.referee.private_view(first.id, ALICE).hand
    logs = [await play_first_moves(world, first, ALICE)]
    assert await world.referee.daily_standing(BOB, "gongzhu") is None  # not before finishing
    second = world.referee.tables[(await world.referee.play_daily(BOB, "gongzhu")).id]
    seat = first.seat_of(ALICE)
    assert seat is not None and second.seat_of(BOB) == seat
    assert world.referee.private_view(second.id, BOB).hand == hand
    logs.append(await play_first_moves(world, second, BOB))
    assert logs[0] == logs[1] and len(logs[0]) > 40  # the whole deal, played the same by the bots
    thinkers = world.referee.core.thinkers
    assert thinkers.answered > 40 and not thinkers.refused  # each bot move the search's, uncut
    standings = [await world.referee.daily_standing(p, "gongzhu") for p in (ALICE, BOB)]
    assert all(s is not None and s.finished == 2 and s.mine.share == 0.5 for s in standings)
    assert standings[0] is not None and standings[0].mine.score == first.match.totals[seat]  # type: ignore[union-attr]
    async with world.store.reading() as q:  # scored, never rated
        assert await q._all("SELECT 1 FROM rating_changes") == []


async def test_one_try_a_day_and_a_new_deal_the_next(world: World) -> None:
    threads(world)
    today = world.referee.tables[(await world.referee.play_daily(ALICE, "gongzhu")).id]
    hand = world.referee.private_view(today.id, ALICE).hand
    await play_first_moves(world, today, ALICE)
    with pytest.raises(Refused) as error:
        await world.referee.play_daily(ALICE, "gongzhu")
    assert error.value.key == "daily_played"
    await world.clock.advance(86400)
    tomorrow = await world.referee.play_daily(ALICE, "gongzhu")
    assert world.referee.private_view(tomorrow.id, ALICE).hand != hand
    with pytest.raises(Refused) as error:  # one table at a time
        await world.referee.play_daily(ALICE, "gouji")
    assert error.value.key == "quick_seated"


async def test_the_days_seed_is_the_stores_secret(world: World, tmp_path) -> None:  # type: ignore[no-untyped-def]
    mine = await world.referee.play_daily(ALICE, "gongzhu")
    other = await World.open(tmp_path / "other.sqlite3", world.clock)
    try:
        theirs = await other.referee.play_daily(ALICE, "gongzhu")
        hands = (
            world.referee.private_view(mine.id, ALICE).hand,
            other.referee.private_view(theirs.id, ALICE).hand,
        )
        assert hands[0] != hands[1]  # another store, another secret: the day's date gives nothing away
        async with world.store.reading() as q:
            seed = (await q.last_match(mine.id)).seed  # type: ignore[union-attr]
        assert "gongzhu" not in seed and world.referee.today() not in seed
    finally:
        await other.close()


async def test_a_deal_under_way_and_the_standings_survive_a_restart(world: World) -> None:
    threads(world)
    done = world.referee.tables[(await world.referee.play_daily(BOB, "gongzhu")).id]
    await play_first_moves(world, done, BOB)
    table = await world.referee.play_daily(ALICE, "gongzhu")
    hand = world.referee.private_view(table.id, ALICE).hand
    await world.crash()
    again = await world.reopen(after=30)
    try:
        threads(again)
        assert again.referee.private_view(table.id, ALICE).hand == hand
        await play_first_moves(again, again.referee.tables[table.id], ALICE)
        standing = await again.referee.daily_standing(ALICE, "gongzhu")
        assert standing is not None and standing.finished == 2
        bob = await again.referee.daily_standing(BOB, "gongzhu")
        assert bob is not None and bob.mine.score == standing.mine.score  # the same moves, the same bots
    finally:
        await again.close()


async def test_a_group_sees_its_players_places(world: World) -> None:
    threads(world)
    for player in (ALICE, BOB):  # both played a table in the group: its players the bot knows
        async with world.store.transaction() as q:
            await q.group_or_new(GROUP)
            await q.add_stats(player, GROUP, "gongzhu", hands=1)
    for player in (ALICE, BOB, CAROL):
        table = world.referee.tables[(await world.referee.play_daily(player, "gongzhu")).id]
        await play_first_moves(world, table, player)
    places = await world.referee.daily_places(GROUP, world.referee.today())
    assert [p.player for p in places["gongzhu"]] in ([ALICE, BOB], [BOB, ALICE])
    assert all(p.share == 0.5 for p in places["gongzhu"])  # three equal scores: each ties two
    standing = await world.referee.daily_standing(ALICE, "gongzhu")
    assert standing is not None and [len(g.places) for g in standing.groups] == [2]


def test_the_share_beaten_counts_a_tie_as_half() -> None:
    assert share(10, [5, 10, 20, 10]) == (1 + 0.5 + 0 + 0.5) / 4
    assert share(-300, []) == 1.0
    assert share(0, [1, 2]) == 0.0
