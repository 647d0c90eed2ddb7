"""Requests anyone can send that used to end in an ERROR with a traceback (the
end-to-end guard fails any test whose bot logs one): a header over aiohttp's line limit, a move
body sent in part before the client leaves, a deeply nested JSON body in the page API and in the
webhook, a webhook message without its chat. Each gets a plain 4xx and changes nothing."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from handlers.config import derived_secret
from handlers.web.bodies import BadBody, read_body
from tests.e2e.fake_api import FakeBotApi
from tests.e2e.harness import ALICE, GROUP, MALLORY, TOKEN, Bot, seated_alone
from tests.e2e.miniapp import Caller, init_data, served_bot
from tests.ports import free_port

HOOK = "/tg/updates"
DEEP = b"[" * 3000 + b"]" * 3000  # within the API's 4 KB, deeper than json's recursion limit


@pytest.fixture
async def served(api: FakeBotApi, tmp_path: Path) -> AsyncIterator[tuple[Bot, str]]:
    async with served_bot(
        api,
        tmp_path / "bot.sqlite3",
        webhook_url=f"https://bot.example.test{HOOK}",
        webhook_secret=derived_secret(TOKEN),
    ) as (bot, base):
        yield bot, base


async def raw(port: int, request: bytes, leave: bool = False) -> bytes:
    """Sends `request` as it is; with `leave`, goes away without reading; else the answer's head."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(request)
    await writer.drain()
    answer = b"" if leave else await reader.readuntil(b"\r\n\r\n")
    writer.close()
    await writer.wait_closed()
    return answer


def port_of(base: str) -> int:
    return int(base.rsplit(":", 1)[1])


async def test_a_header_over_the_limit_is_a_400_not_an_error(served: tuple[Bot, str]) -> None:
    _, base = served
    head = await raw(
        port_of(base), b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * 20_000 + b"\r\n\r\n"
    )
    assert head.split(b" ")[1] == b"400"


async def test_a_move_body_sent_in_part_then_left_changes_nothing(served: tuple[Bot, str]) -> None:
    bot, base = served
    await seated_alone(bot, "gongzhu")
    version = bot.version()
    auth = f"Authorization: tma {init_data(ALICE)}\r\n".encode()
    start = b"POST /api/tables/1/moves HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
    await raw(port_of(base), start + auth + b"Content-Length: 100\r\n\r\n" + b'{"move": "', leave=True)
    async with aiohttp.ClientSession() as session:  # the server goes on, and nothing was played
        status, _ = await Caller(session, base, ALICE).get("/api/tables/1")
    assert status == 200 and bot.version() == version


async def test_deeply_nested_bodies_are_refused_plainly(served: tuple[Bot, str]) -> None:
    bot, base = served
    await seated_alone(bot, "gongzhu")
    bot.api.outsiders.add(MALLORY["id"])
    version = bot.version()
    async with aiohttp.ClientSession() as session:
        assert (await Caller(session, base, MALLORY).post("/api/me/quiet", DEEP))[0] == 400
        assert (await Caller(session, base, ALICE).post("/api/tables/1/moves", DEEP))[0] == 400
        assert (await Caller(session, base, ALICE).post("/api/tables/1/moves", b"x" * 5000))[
            0
        ] == 400  # > 4 KB
        secret = {
            "X-Telegram-Bot-Api-Secret-Token": derived_secret(TOKEN),
            "Content-Type": "application/json",
        }
        deep = b'{"update_id": 5, "message": ' + b"[" * 100_000 + b"]" * 100_000 + b"}"
        async with session.post(base + HOOK, data=deep, headers=secret) as answer:
            assert answer.status == 400
        chatless = {"update_id": 6, "message": {"message_id": 1, "date": 0, "text": "/help", "from": ALICE}}
        async with session.post(base + HOOK, data=json.dumps(chatless), headers=secret) as answer:
            assert answer.status == 400
        senderless = {
            "update_id": 7,
            "message": {"message_id": 2, "date": 0, "text": "/gouji", "chat": GROUP},
        }
        async with session.post(base + HOOK, data=json.dumps(senderless), headers=secret) as answer:
            assert answer.status == 400
    assert bot.version() == version


class _Slow:
    """A request whose body never arrives."""

    content_length = 10

    class content:
        @staticmethod
        async def read(most: int) -> bytes:
            await asyncio.Event().wait()
            return b""


async def test_a_body_that_does_not_arrive_in_time_is_refused() -> None:
    slow: Any = _Slow()
    with pytest.raises(BadBody, match="slow"):
        await read_body(slow, 4096, seconds=0)


async def test_with_a_metrics_port_metrics_leave_the_public_port(api: FakeBotApi, tmp_path: Path) -> None:
    metrics_port = free_port()
    async with (
        served_bot(api, tmp_path / "bot.sqlite3", metrics_port=metrics_port) as (_, base),
        aiohttp.ClientSession() as session,
    ):
        async with session.get(base + "/metrics") as public:
            assert public.status == 404
        async with session.get(base + "/healthz") as health:
            assert health.status == 200
        async with session.get(f"http://127.0.0.1:{metrics_port}/metrics") as private_metrics:
            assert private_metrics.status == 200 and "gouji_bot_" in await private_metrics.text()
