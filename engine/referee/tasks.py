"""Keeping asyncio tasks: referenced until done, their failures logged, cancelled or awaited at
shutdown. Shared by the referee and the interface, which both start tasks of their own."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterable

log = logging.getLogger(__name__)


def kept(task: asyncio.Task[None], tasks: set[asyncio.Task[None]], failure: str) -> None:
    """Keeps `task` referenced in `tasks` until it is done, and logs its failure (`failure`, with
    the traceback) instead of "Task exception was never retrieved" when it is collected."""
    tasks.add(task)

    def done(task: asyncio.Task[None]) -> None:
        tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error(failure, exc_info=task.exception())

    task.add_done_callback(done)


async def abandoned(tasks: Iterable[asyncio.Task[None]]) -> None:
    """Cancels the tasks and waits for them to end: at shutdown, once the time to finish them
    is up (a task left pending is logged by asyncio as destroyed when the loop closes)."""
    waiting = [task for task in tasks if not task.done()]
    for task in waiting:
        task.cancel()
    await asyncio.gather(*waiting, return_exceptions=True)


async def finished(tasks: set[asyncio.Task[None]]) -> None:
    """Waits until every task in `tasks` is done, those they start meanwhile included."""
    while tasks:
        await asyncio.gather(*tasks, return_exceptions=True)
