"""End to end: how Telegram opens the Mini App. With WEBAPP_URL set, a player's
decision keyboard carries a button that opens their table, the private chats' menu button opens
the app, and the group's started message links to a watch button that only the group's members
get; without it, nothing of the Mini App appears."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.e2e.fake_api import FakeBotApi
from tests.e2e.harness import ALICE, BOB, GROUP, MALLORY, Bot, private, seated_alone
from tests.e2e.miniapp import WEBAPP_URL, served_bot


def web_app_buttons(api: FakeBotApi, chat: int) -> list[dict[str, Any]]:
    out = []
    for call in api.calls:
        markup = call.params.get("reply_markup")
        if call.chat == chat and markup:
            rows = (json.loads(markup) if isinstance(markup, str) else markup)["inline_keyboard"]
            out += [button for row in rows for button in row if "web_app" in button]
    return out


def menu_label(api: FakeBotApi, user: dict[str, Any]) -> str | None:
    """The label of the user's private chat's menu button, as last set for that chat."""
    set_for = [c for c in api.calls if c.method == "setChatMenuButton" and c.chat == user["id"]]
    return json.loads(set_for[-1].params["menu_button"])["text"] if set_for else None


def group_links(api: FakeBotApi) -> list[str]:
    links = []
    for call in api.calls:
        markup = call.params.get("reply_markup")
        if call.chat == GROUP["id"] and markup:
            rows = (json.loads(markup) if isinstance(markup, str) else markup)["inline_keyboard"]
            links += [button["url"] for row in rows for button in row if "url" in button]
    return links


async def test_with_webapp_url_the_keyboard_the_menu_and_the_group_open_the_app(
    api: FakeBotApi, tmp_path: Path
) -> None:
    async with served_bot(api, tmp_path / "bot.sqlite3") as (bot, _):
        await seated_alone(bot, "gongzhu")
        opener = web_app_buttons(api, ALICE["id"])
        assert opener and opener[-1]["web_app"]["url"] == f"{WEBAPP_URL}?t=1"
        assert opener[-1]["text"] == "🃏 打开牌桌小程序"
        menu = next(c for c in api.calls if c.method == "setChatMenuButton")
        assert json.loads(menu.params["menu_button"])["web_app"]["url"] == WEBAPP_URL
        assert "chat_id" not in menu.params  # the bot-wide button, in Chinese
        assert menu_label(api, ALICE) == "牌桌"  # hers, set when she opened the chat
        assert "https://t.me/gouji_test_bot?start=w1" in group_links(api)
        await bot.say(BOB, private(BOB), "/start w1")  # Bob is in the group, not seated
        watch = await bot.wait(lambda calls: web_app_buttons(api, BOB["id"]))
        assert watch and watch[0]["web_app"]["url"] == f"{WEBAPP_URL}?t=1"
        await bot.wait(lambda calls: menu_label(api, BOB) == "Table")  # his chat's button: his language
        await bot.say(BOB, private(BOB), "/lang zh")
        await bot.wait(lambda calls: menu_label(api, BOB) == "牌桌")
        api.outsiders.add(MALLORY["id"])
        before = await bot.say(MALLORY, private(MALLORY), "/start w1")
        answer = await bot.wait(
            lambda calls: next((c for c in calls[before:] if c.chat == MALLORY["id"]), None)
        )
        assert "无效" in answer.text or "does not work" in answer.text
        assert not web_app_buttons(api, MALLORY["id"])


async def test_without_webapp_url_nothing_of_the_app_appears(bot: Bot) -> None:
    await seated_alone(bot, "gongzhu")
    assert not web_app_buttons(bot.api, ALICE["id"])
    assert not any(c.method == "setChatMenuButton" for c in bot.api.calls)
    assert not [link for link in group_links(bot.api) if "?start=w" in link]  # join links only
    before = await bot.say(BOB, private(BOB), "/start w1")  # as a plain /start: the welcome
    answer = await bot.wait(lambda calls: next((c for c in calls[before:] if c.chat == BOB["id"]), None))
    assert not web_app_buttons(bot.api, BOB["id"]) and answer.method == "sendMessage"
