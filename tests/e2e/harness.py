"""The real bot (python-telegram-bot over HTTP) against the fake Bot API server, on a real SQLite
file with a manual referee clock: what every end-to-end test drives."""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from telegram.ext import Application

from engine.referee.clock import ManualClock
from handlers.app import build
from handlers.config import Config
from tests.e2e.fake_api import Call, FakeBotApi

TOKEN = "123456:TEST-token"
SEED = "e2e-6"  # a seed where Alice may expose a card in the first 拱猪 deal
STEP = 5.0  # seconds the clock may jump when nothing happens: less than any move's time
GROUP = {"id": -100500, "type": "supergroup", "title": "牌友群"}
ALICE = {"id": 501, "is_bot": False, "first_name": "Alice", "language_code": "zh-hans"}
BOB = {"id": 502, "is_bot": False, "first_name": "Bob", "language_code": "en"}


def private(user: dict[str, Any]) -> dict[str, Any]:
    return {"id": user["id"], "type": "private", "first_name": user["first_name"]}


@dataclass
class Bot:
    api: FakeBotApi
    app: Application
    clock: ManualClock
    database: Path

    @classmethod
    async def start(cls, api: FakeBotApi, database: Path, clock: ManualClock | None = None) -> Bot:
        config = Config(TOKEN, database, api.url, 0.0, logging.INFO, None, 8443)
        clock = clock or ManualClock()
        app = build(config, clock=clock, rate_limit=False, new_seed=lambda: SEED)
        await app.initialize()
        await app.post_init(app)  # type: ignore[misc]
        await app.updater.start_polling(poll_interval=0.0, timeout=1)  # type: ignore[union-attr]
        await app.start()
        return cls(api, app, clock, database)

    async def stop(self) -> None:
        await self.app.updater.stop()  # type: ignore[union-attr]
        await self.app.stop()
        await self.app.post_shutdown(self.app)  # type: ignore[misc]
        await self.app.shutdown()

    async def wait(self, predicate: Any, timeout: float = 20.0) -> Any:
        return await asyncio.to_thread(self.api.wait_for, predicate, timeout)

    async def until(self, predicate: Any, tries: int = 40, step: float = STEP) -> Any:
        """Lets the referee's clock fire what is due (bots move at once) until `predicate(calls)`
        holds. Each try waits for the bot's next HTTP call, up to a quarter of a second; when
        none comes, the clock moves on to its next job, at most `step` seconds ahead (the group's
        paced messages wait seconds, a move's deadline much longer)."""
        for _ in range(tries):
            await self.clock.advance(0)
            found = predicate(self.api.calls)
            if found:
                return found
            try:
                await asyncio.to_thread(self.api.wait_for, _more_than(len(self.api.calls)), 0.25)
            except AssertionError:  # nothing new: time moves on
                due = self.clock.pending()
                if due:
                    await self.clock.advance(min(step, max(0.0, due[0] - self.clock.now())))
        raise AssertionError(f"never happened; last calls: {[c.method for c in self.api.calls[-8:]]}")

    async def say(self, user: dict[str, Any], chat: dict[str, Any], text: str) -> int:
        """Sends a message and waits until the bot has handled it (its reply or its effects have
        reached the server); returns how many calls there were before it."""
        before = len(self.api.calls)
        self.api.send(user, chat, text)
        await self.settle(before)
        return before

    async def press(
        self, user: dict[str, Any], message: dict[str, Any], data: str, bots: bool = True
    ) -> Call:
        """Presses a button and waits for its answer; then (`bots`) the bots move at once."""
        query = self.api.press(user, message, data)
        answer = await asyncio.to_thread(self.api.answer_of, query)
        if bots:
            await self.clock.advance(0)
        return answer

    def version(self, table: int = 1) -> int:
        return self.app.bot_data["services"].referee.view(table).version

    async def settle(self, before: int) -> None:
        """Waits for the bot's first call after `before`, then lets the bots move."""
        await self.wait(lambda calls: len(calls) > before)
        await self.clock.advance(0)

    def buttons(self, chat: int) -> list[tuple[dict[str, Any], str, str]]:
        """(message, text, data) of every button on the chat's messages that still have a keyboard."""
        out = []
        for (chat_id, _), message in sorted(self.api.messages.items()):
            if chat_id != chat:
                continue
            for row in (message.get("reply_markup") or {}).get("inline_keyboard", []):
                out += [
                    (message, b["text"], b.get("callback_data", "")) for b in row if b.get("callback_data")
                ]
        return out


def _more_than(count: int) -> Any:
    return lambda calls: len(calls) > count


def first(calls: list[Call], test: Any) -> Call | None:
    return next((c for c in calls if test(c)), None)
