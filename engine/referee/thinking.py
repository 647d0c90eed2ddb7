"""Where searching bots think: in worker processes, so that a search uses a core of its
own and no table's move waits for another table's bot — threads would take turns under the GIL
with the event loop — or on a Dask cluster of other machines (engine/referee/cluster.py).
When every worker is busy, a search takes longer than `LIMIT`, or the pool has broken, the caller
answers with the heuristic.

A round travels to the worker pickled and the move comes back pickled: rounds leave their shared
tables behind (a hand's `__reduce__`) and moves and cards unpickle as the interned objects,
so the move that comes back is the very object the engine's legality checks expect.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
from collections import Counter
from collections.abc import Callable
from concurrent.futures import CancelledError, Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, Protocol

from engine.bots import bot_move
from engine.move import Move

log = logging.getLogger(__name__)

# Searches at once; beyond, the heuristic answers. One core stays for the event loop.
WORKERS = max(1, min(4, (os.cpu_count() or 2) - 1))
# Seconds a table waits for a search (never more than 2 s a decision); then the
# heuristic answers. The searches take 0.3 s at most here compiled (1.3 s as pure Python): this
# guards slower or busier machines.
LIMIT = 2.0
# Long jobs (reviews) at once, in a pool of their own: the tables' searches never wait for a
# worker a review holds. A local worker for long jobs runs at a lower priority (`LONG_NICENESS`),
# so that on a machine with few cores the tables' searches and the event loop come first.
LONG_WORKERS = 1
LONG_NICENESS = 5


class AsyncPool(Protocol):
    """A pool searched through the event loop (a Dask cluster: engine/referee/cluster.py)."""

    async def submit(self, fn: Callable[..., Any], *args: Any) -> Any: ...
    async def close(self) -> None: ...


Pool = Executor | AsyncPool


def worker_processes(workers: int = WORKERS) -> Executor:
    # spawned, not forked: a fork of a process running an event loop and threads is unsafe
    return ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("spawn"))


class Thinkers:
    """A pool of `workers` searching at once, started at the first search."""

    def __init__(
        self,
        workers: int = WORKERS,
        pool: Callable[[int], Pool] = worker_processes,
        limit: float = LIMIT,
        long_workers: int = LONG_WORKERS,
    ) -> None:
        self.workers = workers
        self.limit = limit
        self.busy = 0
        self.long_workers = long_workers
        self.long_busy = 0  # long jobs running in their own pool
        self._long_pool: Pool | None = None
        self.answered = 0  # searches that answered in time
        self.refused: Counter[str] = Counter()  # searches the heuristic answered: busy, late, broken
        self._new_pool = pool
        self._pool: Pool | None = None
        self._closing: set[asyncio.Task[None]] = set()
        self._freed = asyncio.Event()  # set when a worker is given back (a waiting job may start)

    async def move(self, game: str, round_: Any, seat: int, ply: int) -> Move | None:
        """The table's bot's move, thought in a worker; None if no worker is free, the search
        takes longer than `limit`, or the pool broke (a worker killed by the system), for the
        caller to answer with the heuristic."""
        if self.busy >= self.workers:
            self.refused["busy"] += 1
            return None
        search = self._submit(bot_move, game, round_, seat, ply)
        try:
            move: Move = await asyncio.wait_for(asyncio.shield(search), self.limit)
        except TimeoutError:
            self.refused["late"] += 1
            log.warning("a searching bot took more than %.1f s: the heuristic answered", self.limit)
            return None
        except BrokenProcessPool:
            self.refused["broken"] += 1
            log.error("a searching bot's worker process died: a new pool starts at the next search")
            self.close()
            return None
        except (OSError, RuntimeError, CancelledError) as failure:  # a cluster out of reach, or gone …
            self._lost(failure)
            return None
        except asyncio.CancelledError as failure:
            task = asyncio.current_task()
            if not search.cancelled() or (task is not None and task.cancelling()):
                raise  # this move itself is cancelled (the bot stops): not the search's failure
            self._lost(failure)  # the pool cancelled the search (closed meanwhile)
            return None
        self.answered += 1
        return move

    async def exact_move(self, game: str, round_: Any, seat: int, ply: int) -> Move:
        """The bot's move as its search finds it, however long that takes: where everyone must
        meet the same bots (the daily deal), no time limit cuts a search short and no heuristic
        stands in for it. Waits for a free worker; a pool that breaks under it is replaced and
        asked once more; without one, the search runs in a thread of this process."""
        for _ in range(2):
            await self._until(lambda: self.busy < self.workers)
            try:
                move: Move = await self._submit(bot_move, game, round_, seat, ply)
            except (BrokenProcessPool, OSError, RuntimeError) as failure:
                log.warning("an exact search was lost (%r): asked again of a new pool", failure)
                self.close()
                continue
            self.answered += 1
            return move
        return await asyncio.to_thread(bot_move, game, round_, seat, ply)

    async def run(self, fn: Callable[..., Any], *args: Any) -> Any:
        """A long job that is not a move (a match's review) without the search's limit, in the
        long jobs' own pool: it waits for one of its `long_workers`, never for a worker of the
        tables' searches, which it never takes."""
        await self._until(lambda: self.long_busy < self.long_workers)
        if self._long_pool is None:
            self._long_pool = self._new_pool(self.long_workers)
        pool = self._long_pool
        self.long_busy += 1
        try:
            if isinstance(pool, ProcessPoolExecutor):  # a worker of this machine's own
                return await asyncio.wrap_future(pool.submit(_lowly, fn, *args))
            if isinstance(pool, Executor):
                return await asyncio.wrap_future(pool.submit(fn, *args))
            return await pool.submit(fn, *args)
        finally:
            self.long_busy -= 1
            self._freed.set()

    async def _until(self, free: Callable[[], bool]) -> None:
        """Waits until `free()` (a worker was given back, and one of the kind asked for is idle)."""
        while not free():
            self._freed.clear()
            await self._freed.wait()

    def _submit(self, fn: Callable[..., Any], *args: Any) -> asyncio.Future[Any]:
        """The call, started in the pool (started itself at the first call); a worker is busy
        until the call ends, answered or not."""
        if self._pool is None:
            self._pool = self._new_pool(self.workers)
        self.busy += 1
        pool = self._pool
        if isinstance(pool, Executor):
            job = asyncio.wrap_future(pool.submit(fn, *args))
        else:
            job = asyncio.ensure_future(pool.submit(fn, *args))
        job.add_done_callback(self._ended)
        return job

    def _lost(self, failure: BaseException) -> None:
        """A search its pool lost (a cluster out of reach or gone, a pool closed under it): the
        heuristic answers, and the next search starts a new pool (a cluster: connects again)."""
        self.refused["broken"] += 1
        log.warning("a search was lost (%r): the heuristic answered; a new pool at the next search", failure)
        self.close()

    def _ended(self, search: asyncio.Future[Any]) -> None:
        self.busy -= 1
        self._freed.set()
        if not search.cancelled():
            search.exception()  # a late search's failure is read here, not logged as unretrieved

    def close(self) -> None:
        """Stops the workers without waiting for a search under way (its answer is not needed);
        a cluster's connection closes in the background (`stop` waits for it)."""
        pool, self._pool = self._pool, None
        self._shut(pool)

    def _shut(self, pool: Pool | None) -> None:
        if isinstance(pool, Executor):
            pool.shutdown(wait=False, cancel_futures=True)
        elif pool is not None:
            closing = asyncio.get_running_loop().create_task(pool.close())
            self._closing.add(closing)
            closing.add_done_callback(self._closing.discard)

    async def stop(self, within: float = 5.0) -> None:
        """Closes the pools, and waits (at most `within`) for a cluster's connection to close."""
        self.close()
        long_pool, self._long_pool = self._long_pool, None
        self._shut(long_pool)
        if self._closing:
            await asyncio.wait(list(self._closing), timeout=within)


_niced = False


def _lowly(fn: Callable[..., Any], *args: Any) -> Any:
    """`fn(*args)` in a local worker for long jobs, lowered in priority at its first job."""
    global _niced
    if not _niced:
        _niced = True
        with contextlib.suppress(OSError):  # a system that refuses: the worker's own priority
            os.nice(LONG_NICENESS)
    return fn(*args)
