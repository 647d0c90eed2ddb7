"""Whether a page's caller is in a table's group, as Telegram says (`getChatMember`), asked as
rarely as will do: a yes is kept `YES_SECONDS`, a no `NO_SECONDS` (one who joins the group may
watch within a minute); callers asking the same (group, user) at once share one call; at most
`MAX_CHECKS` calls wait at a time, past which a caller hears "busy" (503) rather than queueing
behind Telegram's budget. A caller who goes away does not cancel the shared call (the others
wait on it), and the call itself is bounded by the rate limiter and Telegram's time-outs."""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Awaitable, Callable

from handlers.web.memory import keep

YES_SECONDS = 300.0
NO_SECONDS = 60.0
MAX_CHECKS = 16  # Telegram calls under way at once for pages; the bot's budget is 25 a second
KEPT = 10_000  # answers remembered at most; the oldest go first

Ask = Callable[[int, int], Awaitable[bool]]  # (group, user) → whether Telegram says member


class Busy(Exception):
    """Too many checks are waiting for Telegram: the caller should try again shortly."""


class MemberChecks:
    def __init__(self, ask: Ask, now: Callable[[], float] = time.monotonic) -> None:
        self.ask, self.now = ask, now
        self._answers: dict[tuple[int, int], tuple[bool, float]] = {}  # → (member, until when)
        self._asking: dict[tuple[int, int], asyncio.Task[bool]] = {}

    async def member(self, group: int, user: int) -> bool:
        key = (group, user)
        known = self._answers.get(key)
        if known is not None and known[1] > self.now():
            return known[0]
        task = self._asking.get(key)
        if task is None:
            if len(self._asking) >= MAX_CHECKS:
                raise Busy()
            task = self._asking[key] = asyncio.get_running_loop().create_task(self._check(key))
        return await asyncio.shield(task)

    async def _check(self, key: tuple[int, int]) -> bool:
        try:
            member = await self.ask(*key)
            keep(self._answers, key, (member, self.now() + (YES_SECONDS if member else NO_SECONDS)), KEPT)
            return member
        finally:
            del self._asking[key]

    async def close(self) -> None:
        """Ends the calls still waiting (the server stops)."""
        tasks = list(self._asking.values())
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(BaseException):
                await task
