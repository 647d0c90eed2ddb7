"""Updates handled concurrently, python-telegram-bot's `BaseUpdateProcessor` seam:
updates of different chats and people at once, so a press at one table never waits for another
table's command; an update waits only for earlier updates of its chat or of its sender, so a
player's two presses, their `/start` in private and `/join` in the group, or a group's `/join`
and `/startgame`, are handled in the order they were sent.

Plays (button presses and typed moves) have a lane of their own: a flood of commands
(2,000 strangers' `/help` from a forwarded link) fills the other lane's slots while their replies
wait for Telegram's budget, and a table's presses must not queue behind them."""

from __future__ import annotations

import asyncio
import inspect
from collections.abc import Awaitable
from typing import Any

from telegram import Update
from telegram.ext import BaseUpdateProcessor

MAX_AT_ONCE = 256  # updates handled at once in each lane
UNBOUNDED = 1 << 30  # python-telegram-bot starts a task per update anyway; the lanes bound them


def is_play(update: object) -> bool:
    """A button press, or a message typed in a private chat that is no command (a typed move)."""
    if not isinstance(update, Update):
        return False
    if update.callback_query is not None:
        return True
    message = update.message
    return (
        message is not None
        and message.chat.type == "private"
        and bool(message.text)
        and not (message.text or "").startswith("/")
    )


def order_keys(update: object) -> list[int]:
    """What an update must stay in order with: its chat and its sender (one key in private)."""
    if not isinstance(update, Update):
        return []
    keys = {c.id for c in (update.effective_chat, update.effective_user) if c is not None}
    return sorted(keys)


class PerChatOrder(BaseUpdateProcessor):
    def __init__(self, max_concurrent_updates: int = MAX_AT_ONCE) -> None:
        # python-telegram-bot's own bound would hold plays behind commands: the lanes bound instead
        super().__init__(UNBOUNDED)
        self._lanes = {play: asyncio.BoundedSemaphore(max_concurrent_updates) for play in (True, False)}
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
            async with self._lanes[is_play(update)]:
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
