"""Either engine's store by its address: a PostgreSQL address (`postgresql://…`, `DATABASE_URL`)
opens that database, anything else the SQLite file at that path."""

from __future__ import annotations

from pathlib import Path

from data.pgstore import PgStore
from data.store import Store


def is_postgres(address: str | Path) -> bool:
    return str(address).startswith(("postgresql://", "postgres://"))


async def open_store(address: str | Path) -> Store:
    """StoreLocked when another process holds it."""
    if is_postgres(address):
        return await PgStore.connect(str(address))
    return await Store.open(address)
