"""The store: migrations, the append-only log, foreign keys, and one process per database — each
on both engines (a SQLite file, a PostgreSQL database: the `database` fixture), but the SQLite
file's own (WAL, its table rebuilds)."""

import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from data.pgstore import SERVER_KEEPALIVES, PgStore
from data.records import MoveRow, SeatRow
from data.schema import MIGRATIONS
from data.schema_pg import PG_MIGRATIONS
from data.store import Store, StoreError, StoreLocked
from data.stores import open_store
from engine.errors import Refused
from tests import postgres
from tests.helpers import schema_file
from tests.referee.world import ALICE, GROUP, World


async def test_a_new_store_gets_every_migration_and_a_reopened_one_keeps_its_data(database: str) -> None:
    assert len(MIGRATIONS) == len(PG_MIGRATIONS)  # number for number on both engines
    store = await open_store(database)
    assert await store.schema_version() == len(MIGRATIONS)
    supergroup, at = -1001234567890, 1_800_000_000.123  # Telegram's ids pass 32 bits; times keep ms
    async with store.transaction() as q:
        await q.save_player(7, "Ann Lee", "zh", at, "AnnL", "Ann")
        await q.group_or_new(supergroup)
        table = await q.create_table(supergroup, "gouji", {"decks": 4}, "normal", 90.0, 7, at, "token")
        await q.add_stats(7, supergroup, "gouji", hands=1, burns=2)
        await q.add_stats(7, supergroup, "gouji", hands=1, burns=1)
    await store.close()
    store = await open_store(database)
    async with store.reading() as q:
        player = await q.player(7)
        named = await q.player_named("annl")  # whatever its case
        row = await q.table(table)
        [stats] = await q.player_stats(7, supergroup)
    await store.close()
    assert player is not None and (player.name, player.language, player.first_name) == (
        "Ann Lee",
        "zh",
        "Ann",
    )
    assert (
        named == 7
        and row is not None
        and (row.group_id, row.rules, row.creator_id) == (supergroup, {"decks": 4}, 7)
    )
    assert (stats.hands, stats.tallies) == (2, {"burns": 3})


async def test_the_file_is_in_wal_mode(tmp_path: Path) -> None:
    store = await Store.open(tmp_path / "wal.db")
    await store.close()
    with sqlite3.connect(tmp_path / "wal.db") as db:
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


async def test_the_move_log_is_append_only(any_world: World) -> None:
    world = any_world
    table = await world.table_with_bots("gouji", humans=())
    async with world.store.reading() as q:
        before = await q.moves(table.match_id or 0)
    assert before, "the bots have played"
    for sql in ("UPDATE moves SET move = 'pass'", "DELETE FROM moves"):
        with pytest.raises(StoreError, match="append-only"):
            async with world.store.transaction() as q:
                await q._run(sql)
    async with world.store.reading() as q:
        assert await q.moves(table.match_id or 0) == before


async def test_foreign_keys_are_enforced(any_world: World) -> None:
    with pytest.raises(StoreError):
        async with any_world.store.transaction() as q:
            await q.append_move(999_999, MoveRow(0, 0, "move", "pass", "player", None, 0.0))


async def test_a_failed_transaction_leaves_nothing_behind(any_world: World) -> None:
    world = any_world
    with pytest.raises(RuntimeError):
        async with world.store.transaction() as q:
            await q.save_player(8, "Ben", None, 1.0)
            raise RuntimeError("boom")
    async with world.store.reading() as q:
        assert await q.player(8) is None
    async with world.store.transaction() as q:  # and the store goes on
        await q.save_player(8, "Ben", None, 1.0)
    async with world.store.reading() as q:
        assert await q.player(8) is not None


SECOND_PROCESS = """
import asyncio, sys
from data.stores import open_store
from data.store import StoreLocked
async def main():
    try:
        await open_store(sys.argv[1])
    except StoreLocked as error:
        print("refused:", error)
asyncio.run(main())
"""


async def test_a_second_process_on_the_same_database_is_refused_cleanly(any_world: World) -> None:
    world = any_world
    table = await world.table_with_bots("gongzhu", humans=())
    version = world.referee.view(table.id).version
    result = subprocess.run(
        [sys.executable, "-c", SECOND_PROCESS, str(world.path)], capture_output=True, text=True, timeout=60
    )
    assert result.stdout.startswith("refused:") and "in use by another process" in result.stdout, result
    # and the first process goes on as if nothing happened
    assert world.referee.view(table.id).version == version
    async with world.store.reading() as q:
        assert (await q.table(table.id)).version == version  # type: ignore[union-attr]


async def test_store_locked_in_the_same_process_too(any_world: World) -> None:
    with pytest.raises(StoreLocked):
        await open_store(any_world.path)


async def test_message_ids_are_kept_replaced_and_forgotten(any_world: World) -> None:
    world = any_world
    table = await world.referee.open_table(-1001, None, "gouji")
    async with world.store.transaction() as q:
        await q.save_message(table.id, 55, "hand", 1000)
        await q.save_message(table.id, 55, "hand", 1001)  # the hand message was sent anew
        await q.save_message(table.id, -1001, "table", 7)
    async with world.store.reading() as q:
        assert await q.message(table.id, 55, "hand") == 1001
        assert await q.message(table.id, -1001, "table") == 7
    async with world.store.transaction() as q:
        await q.forget_message(table.id, 55, "hand")
    async with world.store.reading() as q:
        assert await q.message(table.id, 55, "hand") is None
        assert await q.message(table.id, -1001, "table") == 7


async def test_migration_3_keeps_every_table_and_its_references_and_lets_the_registry_name_games(
    tmp_path: Path,
) -> None:
    """The schema no longer lists the games (the registry does): a file from before keeps its
    tables, seats and matches whole, and a new game needs no migration."""
    path = tmp_path / "old.db"
    with schema_file(path, 2) as db:  # with a seated table
        db.execute("INSERT INTO players (id, name, created_at) VALUES (5, 'Ann', 0)")
        db.execute("INSERT INTO groups (id) VALUES (-1)")
        db.execute(
            "INSERT INTO tables (group_id, game, rules, time_control, move_seconds, status, created_at,"
            " join_token) VALUES (-1, 'gongzhu', '{}', 'fast', 20, 'lobby', 0, 'tok')"
        )
        db.execute("INSERT INTO seats (table_id, seat, player_id) VALUES (1, 0, 5)")
        with pytest.raises(sqlite3.IntegrityError):  # schema 2 refused any other game
            db.execute(
                "INSERT INTO tables (group_id, game, rules, time_control, move_seconds, status,"
                " created_at) VALUES (-1, 'doudizhu', '{}', 'fast', 20, 'lobby', 0)"
            )
    store = await Store.open(path)
    try:
        assert await store.schema_version() == len(MIGRATIONS) >= 3
        async with store.reading() as q:
            (row,) = await q.open_tables()
            seats = await q.seats(row.id)
        assert (row.game, row.join_token) == ("gongzhu", "tok") and [s.player_id for s in seats] == [5]
        async with store.transaction() as q:  # a game the registry may add one day
            await q.create_table(-1, "doudizhu", {}, "fast", 20.0, None, 0.0, "tok2")
        with pytest.raises(sqlite3.IntegrityError):  # the references survived the rebuild
            async with store.transaction() as q:
                await q.replace_seats(999, [SeatRow(0, 5, None, False, 0)])
    finally:
        await store.close()


async def test_migration_7_moves_a_games_own_counts_into_named_values(tmp_path: Path) -> None:
    """The 够级 columns of `stats` (places, 闷, 烧, 开点) become named tallies, and a
    game's new statistic is stored without a column of its own."""
    path = tmp_path / "old.db"
    with schema_file(path, 6) as db:  # with a 够级 player's counts
        db.execute("INSERT INTO players (id, name, created_at) VALUES (5, 'Ann', 0)")
        db.execute("INSERT INTO groups (id) VALUES (-1)")
        db.execute(
            "INSERT INTO stats (player_id, group_id, game, matches, wins, hands, points, places, smothers,"
            " burns, points_opened) VALUES (5, -1, 'gouji', 2, 1, 4, 3, 11, 2, 0, 5)"
        )
    store = await Store.open(path)
    try:
        async with store.transaction() as q:
            await q.add_stats(5, -1, "gouji", burns=1, places=2)
            await q.add_stats(5, -1, "tricks", matches=1, tricks=4)  # a game the registry may add
        async with store.reading() as q:
            rows = {row.game: row for row in await q.player_stats(5, -1)}
        gouji = rows["gouji"]
        assert (gouji.matches, gouji.wins, gouji.hands, gouji.points) == (2, 1, 4, 3)
        assert gouji.tallies == {"places": 13, "smothers": 2, "burns": 1, "points_opened": 5}
        assert rows["tricks"].matches == 1 and rows["tricks"].tallies == {"tricks": 4}
    finally:
        await store.close()


async def test_a_stored_table_of_a_game_this_build_lacks_is_left_alone_and_logged(
    world: World, caplog: pytest.LogCaptureFixture
) -> None:
    ours = await world.referee.open_table(GROUP, ALICE, "gouji")
    async with world.store.transaction() as q:
        other = await q.create_table(GROUP, "doudizhu", {}, "fast", 20.0, None, 0.0, "tok")
    await world.crash()
    again = await world.reopen()
    try:
        assert ours.id in again.referee.tables and other not in again.referee.tables
        assert any("doudizhu" in r.getMessage() for r in caplog.records)
        with pytest.raises(Refused):
            await again.referee.stored_table(other)
    finally:
        await again.close()


async def test_a_table_another_process_wrote_is_never_overwritten(any_world: World) -> None:
    """The table's row is written only over the version this process last wrote: a process that
    lost a table cannot overwrite what the new owner committed, and lets the table go."""
    world = any_world
    table = await world.table_with_bots("gongzhu", time="slow")
    seat = table.seat_of(ALICE)
    assert seat is not None
    mine = world.referee.private_view(table.id, ALICE)
    async with world.store.transaction() as q:  # another owner commits two changes meanwhile
        await q._run("UPDATE tables SET version = version + 2 WHERE id = ?", (table.id,))
        stored = await q.table(table.id)
    logged = len(await world.moves(table))
    with pytest.raises(Refused) as refused:
        await world.referee.submit(table.id, ALICE, mine.legal[0], mine.version)
    assert refused.value.key == "fenced"
    assert len(await world.moves(table)) == logged  # nothing of the move was written
    async with world.store.reading() as q:
        assert await q.table(table.id) == stored
    assert table.id not in world.referee.tables  # this process let it go: it arms nothing for it


async def test_a_silent_holder_of_a_postgresql_database_loses_it_within_seconds(postgres_server: str) -> None:
    """The server probes the holder's idle connection and drops it, and the hold with it, when a
    frozen machine stops answering: the keep-alive settings of the holder's own session."""
    store = await open_store(postgres.fresh_database(postgres_server))
    assert isinstance(store, PgStore)
    try:
        for setting, value in SERVER_KEEPALIVES.items():
            cursor = await store._db.execute(f"SHOW {setting}")
            shown = str((await cursor.fetchone())[0])  # type: ignore[index]
            assert shown in (str(value), f"{value}ms", f"{value // 1000}s"), (setting, shown)
    finally:
        await store.close()
