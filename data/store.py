"""The SQLite store (aiosqlite): one file, WAL, foreign keys, migrations at start-up, and an
exclusive lock so a second process on the same file is refused instead of corrupting it.

All access goes through `store.transaction()` (writes, committed together at the end) or
`store.reading()`; both hold the store's lock, because one connection cannot interleave two
transactions. Writes are `synchronous=FULL` in WAL mode: a commit survives the process dying and
a power cut alike, so no move a player has seen acknowledged is lost (it costs ~0.1 ms a move).
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import aiosqlite
import psycopg

from data.queries import Queries
from data.schema import MIGRATIONS
from data.sql import Db, Row

# what either engine raises when the store refuses a read or a write (a full disk, a lost server)
StoreError: tuple[type[Exception], ...] = (sqlite3.Error, psycopg.Error)


class Fenced(RuntimeError):
    """A table's row holds another version than the one this process last wrote: someone else
    wrote it since, and this process must not overwrite it."""

    def __init__(self, table_id: int) -> None:
        super().__init__(f"table {table_id} was written by another process")
        self.table_id = table_id


class StoreLocked(RuntimeError):
    """Another process has the database open."""


class SqliteDb:
    """One aiosqlite connection, as the queries use it (`data.sql.Db`)."""

    def __init__(self, db: aiosqlite.Connection) -> None:
        self.db = db

    async def one(self, sql: str, params: Sequence[object]) -> Row | None:
        async with self.db.execute(sql, params) as cursor:
            row: Row | None = await cursor.fetchone()
            return row

    async def all(self, sql: str, params: Sequence[object]) -> list[Row]:
        return list(await self.db.execute_fetchall(sql, params))

    async def run(self, sql: str, params: Sequence[object]) -> int:
        async with self.db.execute(sql, params) as cursor:
            return cursor.lastrowid or 0

    async def changed(self, sql: str, params: Sequence[object]) -> int:
        async with self.db.execute(sql, params) as cursor:
            return cursor.rowcount

    async def many(self, sql: str, rows: Iterable[Sequence[object]]) -> None:
        await self.db.executemany(sql, rows)


class Store:
    def __init__(self, db: Any, path: str, queried: Db | None = None) -> None:
        """`db`: the engine's connection; `queried`: the queries' way into it (SQLite's here)."""
        self._db = db
        self.path = path
        self._queries = Queries(queried or SqliteDb(db))
        self._lock = asyncio.Lock()

    @classmethod
    async def open(cls, path: str | Path) -> Store:
        """Opens (creating if needed) and migrates the file; StoreLocked if another process has it.
        (`data.stores.open_store` opens either engine's store by its address.)"""
        path = str(path)
        # a path that cannot hold a database fails here, before aiosqlite's thread starts: when its
        # connect fails, that thread outlives a quickly closed loop and prints a traceback
        sqlite3.connect(path).close()
        db = await aiosqlite.connect(path, timeout=0.5, isolation_level=None)
        try:
            # Exclusive locking: the first write takes the file's lock for as long as we live,
            # and without shared memory a second process cannot even read it.
            await db.execute("PRAGMA locking_mode=EXCLUSIVE")
            await db.execute("PRAGMA journal_mode=WAL")
            await db.execute("BEGIN IMMEDIATE")
            await db.execute("COMMIT")
        except sqlite3.OperationalError as error:
            await db.close()
            if "locked" in str(error) or "busy" in str(error):
                raise StoreLocked(f"{path} is in use by another process") from error
            raise
        await db.execute("PRAGMA synchronous=FULL")
        store = cls(db, path)
        await store._migrate()  # with foreign keys off: a migration may rebuild a table
        await db.execute("PRAGMA foreign_keys=ON")
        return store

    async def close(self) -> None:
        await self._db.close()

    @property
    def lost(self) -> bool:
        """Whether the connection broke under the process (a file does not)."""
        return False

    async def _migrate(self) -> None:
        async with self._db.execute("PRAGMA user_version") as cursor:
            row = await cursor.fetchone()
        applied = row[0] if row else 0
        if applied > len(MIGRATIONS):
            raise RuntimeError(f"{self.path} was written by a newer version (schema {applied})")
        for number, script in enumerate(MIGRATIONS[applied:], start=applied + 1):
            # executescript commits first, so the version bump rides in the same script
            await self._db.executescript(f"BEGIN; {script}; PRAGMA user_version={number}; COMMIT;")
            async with self._db.execute("PRAGMA foreign_key_check") as cursor:
                broken = list(await cursor.fetchall())
            if broken:  # a rebuilt table must leave every reference whole
                raise RuntimeError(f"migration {number} broke {len(broken)} references in {self.path}")

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Queries]:
        """Everything done inside is committed at once at the end, or not at all."""
        async with self._lock:
            await self._begin()
            try:
                yield self._queries
                await self._commit()
            except BaseException:  # a failed commit and a cancelled task too: never left open
                await self._rollback()
                raise

    @asynccontextmanager
    async def reading(self) -> AsyncIterator[Queries]:
        async with self._lock:
            yield self._queries

    async def _begin(self) -> None:
        await self._db.execute("BEGIN IMMEDIATE")

    async def _commit(self) -> None:
        await self._db.commit()

    async def _rollback(self) -> None:
        await self._db.rollback()

    async def backup(self, target: Path) -> None:
        """A consistent copy of the database while the bot runs (SQLite's online backup, between
        transactions): the exclusive lock keeps every other process from reading the file."""
        copy = sqlite3.connect(target, check_same_thread=False)  # aiosqlite writes from its thread
        try:
            async with self._lock:
                await self._db.backup(copy)
        finally:
            copy.close()

    async def schema_version(self) -> int:
        async with self.reading(), self._db.execute("PRAGMA user_version") as cursor:
            row = await cursor.fetchone()
        return int(row[0]) if row else 0
