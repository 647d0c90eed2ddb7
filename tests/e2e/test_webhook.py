"""End to end: the real `bot.py` in webhook mode, as deployed. Telegram is the fake Bot
API, which POSTs every update to the bot's webhook with the secret it was given; the bot's one
HTTP server also answers /healthz and /metrics."""

from __future__ import annotations

import json
import socket
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from prometheus_client.parser import text_string_to_metric_families

from handlers.config import derived_secret
from tests.e2e.fake_api import FakeBotApi
from tests.e2e.harness import ALICE, GROUP, TOKEN, assert_no_hand_leaves_its_chat, score_sheets
from tests.e2e.process import (
    HOOK_PATH,
    PUBLIC_URL,
    BotProcess,
    hooked_bot,
    join_by_link,
    play_alone,
    port_is_free,
)


@pytest.fixture
def hooked(api: FakeBotApi, tmp_path: Path) -> Iterator[BotProcess]:
    """bot.py with WEBHOOK_URL set, started; the fake Telegram delivers to its local port."""
    bot = hooked_bot(api, tmp_path / "bot.sqlite3")
    try:
        yield bot
    finally:
        bot.kill()


def said(api: FakeBotApi, chat: int, text: str, after: int = 0) -> Any:
    return next((c for c in api.calls[after:] if c.chat == chat and text in c.text), None)


def metrics(bot: BotProcess) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    status, body = bot.get("/metrics")
    assert status == 200
    return {
        (sample.name, tuple(sorted(sample.labels.items()))): sample.value
        for family in text_string_to_metric_families(body.decode())
        for sample in family.samples
    }


def test_a_short_gongzhu_match_is_played_through_the_webhook(api: FakeBotApi, hooked: BotProcess) -> None:
    assert api.webhook == {"url": PUBLIC_URL, "secret_token": derived_secret(TOKEN)}
    api.send(ALICE, GROUP, "/gongzhu fast deals=1")
    join_by_link(api, ALICE)
    api.send(ALICE, GROUP, "/fill")
    api.wait_for(lambda calls: any("• 🤖" in c.text and "空位" not in c.text for c in calls))  # filled
    api.send(ALICE, GROUP, "/startgame")
    answers, moves = play_alone(api, ALICE, lambda calls: bool(score_sheets(calls)))
    assert len(answers) >= 5 and all(a.status == 200 for a in answers)
    stale = [a.text for a in answers if "过期" in a.text]
    assert len(stale) <= 2, stale  # a keyboard pressed just as the bots moved on, at most
    assert all(status == 200 for _, status in api.deliveries)
    assert score_sheets(api.calls)[-1].files  # the match's result, in the group
    assert_no_hand_leaves_its_chat(hooked, ALICE)  # type: ignore[arg-type]
    assert api.polls == 0  # no getUpdates: Telegram would refuse it while the webhook is set
    counted = metrics(hooked)
    assert counted[("gouji_bot_moves_total", (("actor", "player"), ("game", "gongzhu")))] >= moves - len(
        stale
    )
    assert counted[("gouji_bot_moves_total", (("actor", "bot"), ("game", "gongzhu")))] > 0
    assert counted[("gouji_bot_press_answer_seconds_count", ())] == len(answers)
    assert counted[("gouji_bot_webhook_requests_total", (("outcome", "accepted"),))] == len(api.deliveries)
    assert hooked.terminate() < 15
    assert hooked.process.returncode == 0
    assert not hooked.errors(), hooked.errors()


def test_a_request_without_the_secret_or_not_an_update_is_refused_and_changes_nothing(
    api: FakeBotApi, hooked: BotProcess
) -> None:
    forged = {"update_id": 900, "message": _command("/gouji")}
    assert api.deliver(forged, secret="") == 403  # no header
    assert api.deliver(forged, secret="not-the-secret") == 403
    assert api.deliver(forged, secret=derived_secret("654321:another-bots-token")) == 403
    assert api.deliver({}, body=b"{not json") == 400
    assert api.deliver({}, body=json.dumps([1, 2]).encode()) == 400
    assert api.deliver({}, body=json.dumps({"message": "no update_id"}).encode()) == 400
    before = len(api.calls)
    api.send(ALICE, GROUP, "/help")  # the group's next update, with the secret: handled in order
    api.wait_for(lambda calls: said(api, GROUP["id"], "/gouji", before))
    assert not said(api, GROUP["id"], "等人入座")  # the forged /gouji opened no table
    assert _too_large_refused_unread(hooked.port, api.webhook["secret_token"] if api.webhook else "")
    counted = metrics(hooked)
    assert counted[("gouji_bot_webhook_requests_total", (("outcome", "forbidden"),))] == 3
    assert counted[("gouji_bot_webhook_requests_total", (("outcome", "bad_request"),))] == 3
    assert counted[("gouji_bot_webhook_requests_total", (("outcome", "too_large"),))] == 1


def test_sigterm_keeps_the_webhook_and_frees_the_port(api: FakeBotApi, hooked: BotProcess) -> None:
    status, health = hooked.health()
    assert status == 200 and health == {
        "status": "ok",
        "failing": [],
        "parts": {"store": "ok", "referee": "ok", "bot_api": "ok"},
    }
    assert TOKEN.split(":")[1] not in json.dumps(health)
    assert hooked.terminate() < 15
    assert hooked.process.returncode == 0
    assert not any(c.method == "deleteWebhook" for c in api.calls)  # a restart keeps receiving
    assert api.webhook is not None
    assert port_is_free(hooked.port)
    assert not hooked.errors(), hooked.errors()


def _command(text: str) -> dict[str, Any]:
    return {
        "message_id": 77,
        "date": 0,
        "chat": GROUP,
        "from": ALICE,
        "text": text,
        "entities": [{"type": "bot_command", "offset": 0, "length": len(text)}],
    }


def _too_large_refused_unread(port: int, secret: str) -> bool:
    """A request announcing 50 MB gets 413 at once, before a byte of its body was sent."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as conn:
        conn.sendall(
            (
                f"POST {HOOK_PATH} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                f"X-Telegram-Bot-Api-Secret-Token: {secret}\r\nContent-Length: 50000000\r\n\r\n"
            ).encode()
        )
        answer = conn.recv(4096).decode()
    return answer.startswith("HTTP/1.1 413")
