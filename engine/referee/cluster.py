"""Searches on other machines: a Dask cluster (`distributed`'s scheduler and workers)
thinks for the searching bots when the operator points the bot at one (SEARCH_CLUSTER). A search
is a pure function of a position and a seed (`engine.bots.bot_move`), so any worker with this
project's code can run it; the referee talks to the scheduler with distributed's asyncio client,
on its own event loop. Why Dask rather than Celery or RQ: no broker to run beside it, futures
that are awaited directly (no result backend to poll), and a worker that dies mid-search has its
task run again on another — while `Thinkers`' time limit still answers with the heuristic."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Any

log = logging.getLogger(__name__)

CONNECT_SECONDS = 10.0  # the scheduler's answer to a new connection, at the first search
CLUSTER_SEARCHES = 16  # searches at once on a cluster, unless SEARCH_WORKERS says


class ClusterPool:
    """A `Thinkers` pool whose searches run on the Dask scheduler at `address`. It connects at
    the first search; a failed connection or a lost scheduler fails that search (the heuristic
    answers) and the next search connects again."""

    def __init__(self, address: str, connect_seconds: float = CONNECT_SECONDS) -> None:
        self.address = address
        self.connect_seconds = connect_seconds
        self._client: Any = None
        self._connecting: asyncio.Future[Any] | None = None

    async def submit(self, fn: Callable[..., Any], *args: Any) -> Any:
        client = await self._connected()
        return await client.submit(fn, *args, pure=False)  # a seeded search: never a cached answer

    async def _connected(self) -> Any:
        if self._client is None:
            if self._connecting is None or (self._connecting.done() and self._connecting.exception()):
                self._connecting = asyncio.ensure_future(self._connect())
            self._client = await asyncio.shield(self._connecting)
        return self._client

    async def _connect(self) -> Any:
        from distributed import Client  # only a bot pointed at a cluster loads it

        client = await Client(  # type: ignore[no-untyped-call]  # distributed has no types
            self.address, asynchronous=True, timeout=self.connect_seconds, set_as_default=False
        )
        log.info("searching on the Dask cluster at %s", self.address)
        return client

    async def close(self) -> None:
        client, self._client, self._connecting = self._client, None, None
        if client is not None:
            await client.close()


def cluster_pool(address: str) -> Callable[[int], ClusterPool]:
    """`Thinkers`' pool factory for a cluster (its worker count is how many searches at once)."""
    return lambda workers: ClusterPool(address)
