"""The Mini App's side of the end-to-end tests: the real bot with WEBAPP_URL set and its HTTP
server on a free port, and callers signing `initData` as Telegram would for a user."""

from __future__ import annotations

import json
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import aiohttp

from handlers.web.initdata import sign
from handlers.web.server import WebServer
from tests.e2e.fake_api import FakeBotApi
from tests.e2e.harness import TOKEN, Bot
from tests.ports import free_port

WEBAPP_URL = "https://bot.example.test/app/"


def init_data(user: dict[str, Any], token: str = TOKEN, age: float = 60.0) -> str:
    """What Telegram hands the page for `user`, signed with `token`, `age` seconds old."""
    fields = {
        "auth_date": str(int(time.time() - age)),
        "query_id": "AAHdF6IQAAAAAN0XohDhrOrc",
        "user": json.dumps({k: user[k] for k in ("id", "first_name", "language_code")}),
    }
    return urlencode({**fields, "hash": sign(fields, token)})


@asynccontextmanager
async def served_bot(api: FakeBotApi, database: Path, **settings: Any) -> AsyncIterator[tuple[Bot, str]]:
    """The bot with the Mini App configured, its server started; yields the bot and the base URL."""
    port = free_port()
    bot = await Bot.start(api, database, webapp_url=WEBAPP_URL, http=True, port=port, **settings)
    try:
        async with web_server(bot):
            yield bot, f"http://127.0.0.1:{port}"
    finally:
        await bot.stop()


@asynccontextmanager
async def web_server(bot: Bot) -> AsyncIterator[WebServer]:
    """The bot's HTTP server on its configured port, started, and stopped at the end."""
    server = WebServer(bot.app.bot_data.config, bot.app, bot.app.bot_data.metrics)
    await server.start()
    try:
        yield server
    finally:
        await server.stop()


class Caller:
    """One user's page: every call with their initData."""

    def __init__(self, session: aiohttp.ClientSession, base: str, user: dict[str, Any] | None, **sign: Any):
        self.session, self.base = session, base
        self.headers = {} if user is None else {"Authorization": f"tma {init_data(user, **sign)}"}

    async def get(self, path: str) -> tuple[int, Any]:
        async with self.session.get(self.base + path, headers=self.headers) as answer:
            assert answer.headers.get("Cache-Control") == "no-store", path
            return answer.status, await answer.json(content_type=None)

    async def post(self, path: str, body: Any) -> tuple[int, Any]:
        data = body if isinstance(body, bytes) else json.dumps(body).encode()
        async with self.session.post(self.base + path, data=data, headers=self.headers) as answer:
            return answer.status, await answer.json(content_type=None)


async def play_by_api(bot: Bot, alice: Caller, done: Any) -> list[str]:
    """Alice plays the normal bot's hint at each of her decisions, through the API only."""
    moves: list[str] = []
    while not done():
        _, view = await alice.get("/api/tables/1")
        if not view["legal"]:
            due = bot.clock.pending()
            await bot.clock.advance(max(0.0, due[0] - bot.clock.now()) if due else 0.0)
            await bot.told()
            continue
        _, hint = await alice.get("/api/tables/1/hint")
        assert hint["move"] in view["legal"]
        status, _ = await alice.post(
            "/api/tables/1/moves", {"move": hint["move"], "version": view["version"]}
        )
        assert status == 200
        moves.append(hint["move"])
        await bot.clock.advance(0)
        await bot.told()
    return moves
