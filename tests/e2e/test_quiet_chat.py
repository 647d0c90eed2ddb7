"""End to end: a player who plays in the Mini App keeps their private chat quiet. The
hand pictures and keyboards give way to one short text per table with the button that opens
the app, edited in place as their turn comes and goes; `/quiet off` (or the page's switch)
brings the pictures back; without WEBAPP_URL the setting is refused and nothing changes."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from tests.e2e.fake_api import Call, FakeBotApi
from tests.e2e.harness import ALICE, BOB, MALLORY, Bot, private, seated_alone
from tests.e2e.miniapp import WEBAPP_URL, Caller, play_by_api, served_bot

SENT = ("sendPhoto", "sendMessage")


def to_alice(calls: list[Call], methods: tuple[str, ...]) -> list[Call]:
    return [c for c in calls if c.chat == ALICE["id"] and c.method in methods]


def opens_the_app(call: Call) -> bool:
    markup = call.params.get("reply_markup")
    rows = (json.loads(markup) if isinstance(markup, str) else markup or {}).get("inline_keyboard", [])
    return [[button.get("web_app", {}).get("url") for button in row] for row in rows] == [
        [f"{WEBAPP_URL}?t=1"]
    ]


def live(api: FakeBotApi) -> list[dict[str, Any]]:
    """The bot's messages still in Alice's chat."""
    return [m for m in api.by_chat[ALICE["id"]].values() if m.get("from", {}).get("is_bot")]


async def reply_after(bot: Bot, before: int, user: dict[str, Any]) -> Call:
    """The bot's first text to the user after call `before`, once it has come (the bot's first
    call after a command may be another, such as tidying the chat)."""
    return await bot.wait(
        lambda calls: next(
            (c for c in calls[before:] if c.chat == user["id"] and c.method == "sendMessage"), None
        )
    )


@pytest.mark.parametrize(
    ("game", "options", "title"),
    [
        ("gouji", "fast max_hands=1 revolution=off", "🃏 够级 · 第 1 桌"),
        ("gongzhu", "fast deals=1", "🃏 拱猪 · 第 1 桌"),
    ],
)
async def test_a_quiet_chat_keeps_one_message_for_a_whole_round_played_in_the_app(
    api: FakeBotApi, tmp_path: Path, game: str, options: str, title: str
) -> None:
    async with served_bot(api, tmp_path / "bot.sqlite3") as (bot, base), aiohttp.ClientSession() as session:
        await seated_alone(bot, game, options)
        await bot.told()  # the start's messages all out: none is still on its way when she asks
        assert [m for m in live(api) if "photo" in m]  # the hand picture, with its keyboard
        before = await bot.say(ALICE, private(ALICE), "/quiet")
        await bot.wait(  # the answer, the text, and the picture deleted
            lambda calls: (
                len(to_alice(calls[before:], SENT)) == 2 and not [m for m in live(api) if "photo" in m]
            )
        )
        said, quiet = to_alice(api.calls[before:], SENT)
        assert said.text.startswith("🔕 安静私聊") and quiet.method == "sendMessage"
        assert quiet.text.startswith(title) and opens_the_app(quiet)
        assert [m for m in live(api) if "photo" in m] == []  # the picture deleted: one message a table
        (message,) = [m for m in live(api) if m.get("text", "").startswith("🃏")]
        mark = len(api.calls)
        referee = bot.app.bot_data.services.referee
        moves = await play_by_api(
            bot, Caller(session, base, ALICE), lambda: referee.view(1).status != "running"
        )
        assert len(moves) >= 5
        assert to_alice(api.calls[before:], SENT) == [said, quiet]  # a whole round: no other message
        edits = to_alice(api.calls[mark:], ("editMessageText",))
        assert {int(c.params["message_id"]) for c in edits} == {message["message_id"]}
        turns = [c for c in edits if c.text.split("\n")[1].startswith("⏰ 轮到你了")]
        assert len(turns) >= len(moves) // 2  # the turn is said, by an edit …
        assert len(edits) <= 2 * len(moves) + 2  # … and only as it comes and goes, not every move
        assert "结束" in edits[-1].text and not to_alice(api.calls[mark:], ("sendPhoto", "editMessageMedia"))
        assert "🏁" in edits[-1].text  # her result, in the same message


async def test_the_page_switches_the_chat_and_back_and_only_for_someone_the_bot_knows(
    api: FakeBotApi, tmp_path: Path
) -> None:
    async with served_bot(api, tmp_path / "bot.sqlite3") as (bot, base), aiohttp.ClientSession() as session:
        await seated_alone(bot, "gongzhu")
        alice = Caller(session, base, ALICE)
        assert (await alice.get("/api/tables/1"))[1]["quiet"] is False
        assert (await alice.post("/api/me/quiet", {"quiet": "yes"}))[0] == 400
        assert (await alice.post("/api/me/quiet", b"[1]"))[0] == 400
        assert (await Caller(session, base, MALLORY).post("/api/me/quiet", {"quiet": True}))[0] == 400
        assert (await Caller(session, base, None).post("/api/me/quiet", {"quiet": True}))[0] == 401
        assert "quiet" not in (await Caller(session, base, BOB).get("/api/tables/1"))[1]  # a spectator
        mark = len(api.calls)
        assert await alice.post("/api/me/quiet", {"quiet": True}) == (200, {"quiet": True})
        assert [c.method for c in to_alice(api.calls[mark:], SENT)] == ["sendMessage"]
        assert (await alice.get("/api/tables/1"))[1]["quiet"] is True

        mark = len(api.calls)
        await bot.say(ALICE, private(ALICE), "/quiet off")
        await bot.wait(lambda calls: len(to_alice(calls[mark:], SENT)) >= 2)
        back = to_alice(api.calls[mark:], SENT)
        # the answer, the hand again (on a busy machine the table's next notice may follow)
        assert [c.method for c in back[:2]] == ["sendMessage", "sendPhoto"]
        assert back[0].text.startswith("🔔") and bot.buttons(ALICE["id"])  # its keyboard too
        before = await bot.say(ALICE, private(ALICE), "/quiet maybe")
        assert (await reply_after(bot, before, ALICE)).text == "发送 /quiet on 或 /quiet off。"
        assert (await alice.get("/api/tables/1"))[1]["quiet"] is False


async def test_without_the_app_quiet_is_refused_and_the_hand_stays(bot: Bot) -> None:
    await seated_alone(bot, "gongzhu")
    before = await bot.say(ALICE, private(ALICE), "/quiet on")
    assert (await reply_after(bot, before, ALICE)).text.startswith("安静私聊需要牌桌小程序")
    assert not to_alice(bot.api.calls[before:], ("sendPhoto", "deleteMessages", "editMessageText"))
    player = await bot.app.bot_data.services.referee.player(ALICE["id"])
    assert player is not None and player.quiet is False
    before = await bot.say(ALICE, private(ALICE), "/hand")
    assert to_alice(bot.api.calls[before:], ("sendPhoto",))
