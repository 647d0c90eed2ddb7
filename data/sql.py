"""The few helpers every group of queries runs its SQL through, over one aiosqlite connection."""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence

import aiosqlite


def dumps(value: object) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


class Sql:
    def __init__(self, db: aiosqlite.Connection) -> None:
        self._db = db

    async def _one(self, sql: str, params: Sequence[object] = ()) -> aiosqlite.Row | None:
        async with self._db.execute(sql, params) as cursor:
            return await cursor.fetchone()

    async def _all(self, sql: str, params: Sequence[object] = ()) -> Iterable[aiosqlite.Row]:
        return await self._db.execute_fetchall(sql, params)

    async def _run(self, sql: str, params: Sequence[object] = ()) -> int:
        """Runs a write; returns the new row's id (for inserts)."""
        async with self._db.execute(sql, params) as cursor:
            return cursor.lastrowid or 0
