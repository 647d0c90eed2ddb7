"""End to end: /healthz and /metrics of the bot's HTTP server, in polling mode, with
the store refusing writes and the Bot API failing, then both healed (a manual clock: the
heartbeat is the store's probe)."""

from __future__ import annotations

import asyncio
import json
import sqlite3
import urllib.error
import urllib.request
from collections.abc import AsyncIterator
from dataclasses import replace
from typing import Any

import pytest
from prometheus_client.parser import text_string_to_metric_families

from handlers.web.server import WebServer
from tests.e2e.fake_api import Fault
from tests.e2e.harness import ALICE, GROUP, Bot, choices, seated_alone
from tests.ports import free_port


@pytest.fixture
async def served(bot: Bot) -> AsyncIterator[WebServer]:
    config = replace(bot.app.bot_data.config, http=True, port=free_port())
    server = WebServer(config, bot.app, bot.app.bot_data.metrics)
    await server.start()
    yield server
    await server.stop()


async def get(server: WebServer, path: str) -> tuple[int, dict[str, str], bytes]:
    def fetch() -> tuple[int, dict[str, str], bytes]:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{server.config.port}{path}", timeout=10) as answer:
                return answer.status, dict(answer.headers), answer.read()
        except urllib.error.HTTPError as error:
            return error.code, dict(error.headers), error.read()

    return await asyncio.to_thread(fetch)


async def health(server: WebServer) -> tuple[int, dict[str, Any]]:
    status, headers, body = await get(server, "/healthz")
    assert headers["Cache-Control"] == "no-store"
    return status, json.loads(body)


async def samples(server: WebServer) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    status, headers, body = await get(server, "/metrics")
    assert status == 200 and headers["Content-Type"].startswith("text/plain; version=")
    families = list(text_string_to_metric_families(body.decode()))
    assert all(family.documentation for family in families if family.name.startswith("gouji_bot"))
    return {(s.name, tuple(sorted(s.labels.items()))): s.value for f in families for s in f.samples}


@pytest.mark.log_errors("the database refuses writes")
async def test_healthz_fails_while_the_store_refuses_writes_and_recovers_by_itself(
    bot: Bot, served: WebServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert await health(served) == (
        200,
        {"status": "ok", "failing": [], "parts": {"store": "ok", "referee": "ok", "bot_api": "ok"}},
    )
    store = bot.app.bot_data.store
    assert store is not None
    healthy_commit = store._commit

    async def refusing() -> None:
        raise sqlite3.OperationalError("database or disk is full")

    monkeypatch.setattr(store, "_commit", refusing)
    await bot.clock.advance(1.5)  # the heartbeat's write is refused
    status, body = await health(served)
    assert status == 503 and body["failing"] == ["store"] and body["parts"]["store"] == "refusing writes"
    assert (await samples(served))[("gouji_bot_store_faults_total", ())] >= 1
    monkeypatch.setattr(store, "_commit", healthy_commit)
    await bot.clock.advance(1.5)
    assert (await health(served))[0] == 200


@pytest.mark.log_errors("Internal Server Error (502)")  # the /help answer that could not be sent
async def test_healthz_fails_while_the_bot_api_keeps_failing(bot: Bot, served: WebServer) -> None:
    await bot.say(ALICE, GROUP, "/help")
    assert (await health(served))[0] == 200
    bot.api.faults.append(Fault(502, "sendMessage", times=4))  # Telegram down: each try of the answer fails
    api_health, failing, recovered = served.metrics.api, asyncio.Event(), asyncio.Event()
    count_answer = api_health.answered

    def answered(yes: bool) -> None:  # the bot has read a Bot API answer (the fake's 502s included)
        count_answer(yes)
        if api_health.failing:
            failing.set()
        elif yes and failing.is_set():
            recovered.set()

    api_health.answered = answered  # type: ignore[method-assign]
    bot.api.send(ALICE, GROUP, "/help")
    # the fake sends its 4th 502 before the bot has read it: wait for the bot's reading, not a count
    await asyncio.wait_for(failing.wait(), timeout=20)
    status, body = await health(served)
    assert status == 503 and body["failing"] == ["bot_api"]
    await bot.say(ALICE, GROUP, "/help")  # answered again
    # the fake has sent its answer; the bot may not have read it yet: wait for that, as above
    await asyncio.wait_for(recovered.wait(), timeout=20)
    assert (await health(served))[0] == 200
    counted = await samples(served)
    assert counted[("gouji_bot_api_calls_total", (("method", "sendMessage"), ("outcome", "error")))] == 4


async def test_metrics_count_moves_presses_and_calls_as_they_happen(bot: Bot, served: WebServer) -> None:
    await seated_alone(bot, "gongzhu")
    first = await samples(served)
    assert first[("gouji_bot_tables", (("state", "running"),))] == 1
    assert first[("gouji_bot_tables", (("state", "lobby"),))] == 0
    assert first[("gouji_bot_outbox_notices", ())] == 0
    message, _, data = choices(bot, ALICE["id"])[-1]
    await bot.press(ALICE, message, data)
    then = await samples(served)
    player = ("gouji_bot_moves_total", (("actor", "player"), ("game", "gongzhu")))
    assert then.get(player, 0) == first.get(player, 0) + 1
    assert then[("gouji_bot_presses_total", ())] == first.get(("gouji_bot_presses_total", ()), 0) + 1
    assert then[("gouji_bot_press_answer_seconds_count", ())] == then[("gouji_bot_presses_total", ())]
    ok = ("gouji_bot_api_calls_total", (("method", "answerCallbackQuery"), ("outcome", "ok")))
    assert then[ok] == first.get(ok, 0) + 1
    assert ("gouji_bot_searches_refused_total", (("reason", "busy"),)) in then
