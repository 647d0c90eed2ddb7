"""The few helpers every group of queries runs its SQL through, over one connection of either
engine (`Db`): SQLite by default, PostgreSQL when `DATABASE_URL` names one. The queries are
written once, in the SQL both engines read, with `?` for each parameter."""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from typing import Any, Protocol

Row = Sequence[Any]


def dumps(value: object) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


class Db(Protocol):
    """One connection, as the queries use it."""

    async def one(self, sql: str, params: Sequence[object]) -> Row | None: ...
    async def all(self, sql: str, params: Sequence[object]) -> list[Row]: ...
    async def run(self, sql: str, params: Sequence[object]) -> int: ...
    async def changed(self, sql: str, params: Sequence[object]) -> int: ...
    async def many(self, sql: str, rows: Iterable[Sequence[object]]) -> None: ...


class Sql:
    def __init__(self, db: Db) -> None:
        self._db = db

    async def _one(self, sql: str, params: Sequence[object] = ()) -> Row | None:
        return await self._db.one(sql, params)

    async def _all(self, sql: str, params: Sequence[object] = ()) -> list[Row]:
        return await self._db.all(sql, params)

    async def _run(self, sql: str, params: Sequence[object] = ()) -> int:
        """Runs a write; returns the new row's id (for inserts into a table with an `id`)."""
        return await self._db.run(sql, params)

    async def _changed(self, sql: str, params: Sequence[object] = ()) -> int:
        """Runs an update; returns how many rows it changed."""
        return await self._db.changed(sql, params)

    async def _many(self, sql: str, rows: Iterable[Sequence[object]]) -> None:
        await self._db.many(sql, rows)
