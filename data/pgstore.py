"""The store on PostgreSQL (psycopg 3, async), when `DATABASE_URL` names a database: the same
queries and the same transactions as on SQLite, over one connection.

One process holds the database at a time, as one holds the SQLite file: a session advisory lock
taken at connection, which PostgreSQL releases by itself when the connection dies (a killed
process loses it at once), so a second process is refused (`StoreLocked`) instead of moving the
bots twice."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from pathlib import Path

import psycopg

from data.schema_pg import PG_MIGRATIONS
from data.sql import Row
from data.store import Store, StoreLocked

HOLDER = 0x6E6A6F75  # the advisory lock's key: this bot holds the database
# The hold must not outlive a holder that went silent without closing its connection (a machine
# frozen or cut off): the server probes an idle connection after 5 s and drops it, lock and all,
# once 3 probes 2 s apart went unanswered or sent data went unacknowledged for 10 s; so a standby
# takes over within about 11 s. The holder probes the server alike, and ends when it is gone.
SERVER_KEEPALIVES = {
    "tcp_keepalives_idle": 5,
    "tcp_keepalives_interval": 2,
    "tcp_keepalives_count": 3,
    "tcp_user_timeout": 10_000,
}
WITH_IDS = ("tables", "matches", "owed")  # the tables whose new row's id an insert returns
_INSERT = re.compile(r"\s*INSERT INTO (\w+)", re.IGNORECASE)


def pg_sql(sql: str) -> str:
    """The queries' `?` placeholders as psycopg's `%s` (no query holds a literal `?` or `%`)."""
    return sql.replace("%", "%%").replace("?", "%s")


class PgDb:
    """One psycopg connection, as the queries use it (`data.sql.Db`)."""

    def __init__(self, conn: psycopg.AsyncConnection[tuple[object, ...]]) -> None:
        self.conn = conn

    async def one(self, sql: str, params: Sequence[object]) -> Row | None:
        cursor = await self.conn.execute(pg_sql(sql), params)
        return await cursor.fetchone()

    async def all(self, sql: str, params: Sequence[object]) -> list[Row]:
        cursor = await self.conn.execute(pg_sql(sql), params)
        return list(await cursor.fetchall())

    async def run(self, sql: str, params: Sequence[object]) -> int:
        insert = _INSERT.match(sql)
        if insert is not None and insert.group(1) in WITH_IDS:
            cursor = await self.conn.execute(pg_sql(sql) + " RETURNING id", params)
            row = await cursor.fetchone()
            return int(row[0]) if row else 0  # type: ignore[call-overload]
        await self.conn.execute(pg_sql(sql), params)
        return 0

    async def changed(self, sql: str, params: Sequence[object]) -> int:
        cursor = await self.conn.execute(pg_sql(sql), params)
        return cursor.rowcount

    async def many(self, sql: str, rows: Iterable[Sequence[object]]) -> None:
        async with self.conn.cursor() as cursor:
            await cursor.executemany(pg_sql(sql), list(rows))


class PgStore(Store):
    _db: psycopg.AsyncConnection[tuple[object, ...]]

    def __init__(self, conn: psycopg.AsyncConnection[tuple[object, ...]], url: str) -> None:
        super().__init__(conn, shown_address(url), PgDb(conn))

    @classmethod
    async def connect(cls, url: str) -> PgStore:
        """Connects, takes the database for this process (StoreLocked if another has it) and
        migrates it."""
        conn = await psycopg.AsyncConnection.connect(
            url, autocommit=True, keepalives=1, keepalives_idle=5, keepalives_interval=2, keepalives_count=3
        )
        for setting, value in SERVER_KEEPALIVES.items():  # this session's own: no server setting
            await conn.execute(f"SET {setting} = {value}")
        cursor = await conn.execute("SELECT pg_try_advisory_lock(%s)", (HOLDER,))
        held = await cursor.fetchone()
        if not held or not held[0]:
            await conn.close()
            raise StoreLocked(f"{shown_address(url)} is in use by another process")
        store = cls(conn, url)
        await store._migrate()
        return store

    async def close(self) -> None:
        await self._db.close()

    @property
    def lost(self) -> bool:
        """Whether the connection broke (the server restarted, the network failed): with it went
        the hold on the database, which another process may have taken since."""
        return self._db.broken

    async def _migrate(self) -> None:
        await self._db.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
        applied = await self.schema_version()
        if applied > len(PG_MIGRATIONS):
            raise RuntimeError(f"{self.path} was written by a newer version (schema {applied})")
        for number, script in enumerate(PG_MIGRATIONS[applied:], start=applied + 1):
            async with self._db.transaction():
                await self._db.execute(script.encode())  # several statements: one simple query
                await self._db.execute("DELETE FROM schema_version")
                await self._db.execute("INSERT INTO schema_version VALUES (%s)", (number,))

    async def _begin(self) -> None:
        await self._db.execute("BEGIN")

    async def _commit(self) -> None:
        await self._db.execute("COMMIT")

    async def _rollback(self) -> None:
        if not self._db.closed:
            await self._db.execute("ROLLBACK")

    async def backup(self, target: Path) -> None:
        raise RuntimeError("a PostgreSQL store is backed up with pg_dump, not by the bot")

    async def schema_version(self) -> int:
        cursor = await self._db.execute("SELECT max(version) FROM schema_version")
        row = await cursor.fetchone()
        return int(row[0]) if row and row[0] is not None else 0  # type: ignore[call-overload]


def shown_address(url: str) -> str:
    """The address without its password, for logs and errors."""
    return re.sub(r"//([^:/@]+):[^@]*@", r"//\1:***@", url)
