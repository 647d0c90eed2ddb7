"""Updates handled concurrently (issue 19), python-telegram-bot's `BaseUpdateProcessor` seam:
updates of different chats and people at once, so a press at one table never waits for another
table's command; an update waits only for earlier updates of its chat or of its sender, so a
player's two presses, their `/start` in private and `/join` in the group, or a group's `/join`
and `/startgame`, are handled in the order they were sent."""

from __future__ import annotations

import asyncio
import inspect
from collections.abc import Awaitable
from typing import Any

from telegram import Update
from telegram.ext import BaseUpdateProcessor

MAX_AT_ONCE = 256


def order_keys(update: object) -> list[int]:
    """What an update must stay in order with: its chat and its sender (one key in private)."""
    if not isinstance(update, Update):
        return []
    keys = {c.id for c in (update.effective_chat, update.effective_user) if c is not None}
    return sorted(keys)


class PerChatOrder(BaseUpdateProcessor):
    def __init__(self, max_concurrent_updates: int = MAX_AT_ONCE) -> None:
        super().__init__(max_concurrent_updates)
        # per chat or person, the last update taken in: the next one of theirs waits for it
        self._last: dict[int, asyncio.Future[None]] = {}

    async def do_process_update(self, update: object, coroutine: Awaitable[Any]) -> None:
        keys = order_keys(update)
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        earlier = {id(f): f for key in keys if (f := self._last.get(key)) is not None}
        for key in keys:
            self._last[key] = done
        started = False
        try:
            for previous in earlier.values():  # each only ever waits for older updates
                await previous
            started = True
            await coroutine
        finally:
            if not started and inspect.iscoroutine(coroutine):  # cancelled while waiting its turn
                coroutine.close()
            done.set_result(None)
            for key in keys:
                if self._last.get(key) is done:
                    del self._last[key]

    async def initialize(self) -> None:
        pass

    async def shutdown(self) -> None:
        pass
