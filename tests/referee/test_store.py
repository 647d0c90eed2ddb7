"""The SQLite store: migrations, the append-only log, foreign keys, and one process per file."""

import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from data.records import MoveRow
from data.schema import MIGRATIONS
from data.store import Store, StoreLocked
from tests.referee.world import World


async def test_a_new_file_gets_every_migration_and_a_reopened_one_keeps_its_data(tmp_path: Path) -> None:
    path = tmp_path / "new.db"
    store = await Store.open(path)
    assert await store.schema_version() == len(MIGRATIONS)
    async with store.transaction() as q:
        await q.save_player(7, "Ann", "zh", 1.0)
    await store.close()
    store = await Store.open(path)
    async with store.reading() as q:
        player = await q.player(7)
    await store.close()
    assert player is not None and (player.name, player.language) == ("Ann", "zh")


async def test_the_file_is_in_wal_mode(tmp_path: Path) -> None:
    store = await Store.open(tmp_path / "wal.db")
    await store.close()
    with sqlite3.connect(tmp_path / "wal.db") as db:
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


async def test_the_move_log_is_append_only(world: World) -> None:
    table = await world.table_with_bots("gouji", humans=())
    async with world.store.reading() as q:
        before = await q.moves(table.match_id or 0)
    assert before, "the bots have played"
    for sql in ("UPDATE moves SET move = 'pass'", "DELETE FROM moves"):
        with pytest.raises(sqlite3.IntegrityError, match="append-only"):
            async with world.store.transaction():
                await world.store._db.execute(sql)
    async with world.store.reading() as q:
        assert await q.moves(table.match_id or 0) == before


async def test_foreign_keys_are_enforced(world: World) -> None:
    with pytest.raises(sqlite3.IntegrityError):
        async with world.store.transaction() as q:
            await q.append_move(999_999, MoveRow(0, 0, "move", "pass", "player", None, 0.0))


async def test_a_failed_transaction_leaves_nothing_behind(world: World) -> None:
    with pytest.raises(RuntimeError):
        async with world.store.transaction() as q:
            await q.save_player(8, "Ben", None, 1.0)
            raise RuntimeError("boom")
    async with world.store.reading() as q:
        assert await q.player(8) is None


SECOND_PROCESS = """
import asyncio, sys
from data.store import Store, StoreLocked
async def main():
    try:
        await Store.open(sys.argv[1])
    except StoreLocked as error:
        print("refused:", error)
asyncio.run(main())
"""


async def test_a_second_process_on_the_same_file_is_refused_cleanly(world: World) -> None:
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


async def test_store_locked_in_the_same_process_too(world: World) -> None:
    with pytest.raises(StoreLocked):
        await Store.open(world.path)


async def test_message_ids_are_kept_replaced_and_forgotten(world: World) -> None:
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
