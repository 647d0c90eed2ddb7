"""End to end: every path that shows a table which has fewer seats than its game — a
lobby stopped before its start, its settings, /table in the group, a lobby recovered after a
restart — shows the lobby's message, never a table picture (which needs every seat). The
autouse guard of tests/e2e/conftest.py fails each of these on any ERROR the bot logs."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.e2e.fake_api import FakeBotApi
from tests.e2e.harness import ALICE, BOB, GROUP, Bot, join_link, private


def lobby_message(bot: Bot, game: str) -> dict[str, Any]:
    return next(
        message
        for (chat, _), message in sorted(bot.api.messages.items())
        if chat == GROUP["id"] and game in message.get("text", "")
    )


def group_photos(bot: Bot, after: int = 0) -> list[str]:
    return [c.method for c in bot.api.calls[after:] if c.chat == GROUP["id"] and "Photo" in c.method]


async def seat_bob(bot: Bot) -> None:
    await bot.say(BOB, GROUP, "/join")
    await bot.say(BOB, private(BOB), await join_link(bot))


async def test_a_lobby_of_one_stopped_by_its_creator_says_so_and_loses_its_buttons(bot: Bot) -> None:
    await bot.say(ALICE, GROUP, "/gongzhu fast")
    await bot.until(lambda calls: bot.buttons(GROUP["id"]))
    before = await bot.say(ALICE, GROUP, "/stop")
    await bot.until(lambda calls: not bot.buttons(GROUP["id"]))
    lobby = lobby_message(bot, "拱猪")
    assert lobby["text"].startswith("⏹ 拱猪 牌桌已由 Alice 结束，没有开局。"), lobby["text"]
    assert "• Alice" in lobby["text"] and "设置" not in lobby["text"]
    assert not group_photos(bot, before)  # no picture of a table of one seat
    assert bot.app.bot_data.services.referee.tables_in(GROUP["id"]) == []
    before = await bot.say(ALICE, GROUP, "/table")  # nothing left to show: said in words
    answer = await bot.wait(lambda calls: next((c for c in calls[before:] if c.chat == GROUP["id"]), None))
    assert answer.method == "sendMessage" and "/gouji" in answer.text


async def test_a_gouji_lobby_of_two_stopped_by_a_group_admin_names_the_admin(bot: Bot) -> None:
    await bot.say(ALICE, GROUP, "/gouji fast")
    await bot.say(ALICE, private(ALICE), await join_link(bot))
    await seat_bob(bot)
    bot.api.admins.add(BOB["id"])  # Bob did not open the table, but administers the group
    await bot.say(BOB, GROUP, "/stop")
    await bot.until(lambda calls: not bot.buttons(GROUP["id"]))
    text = lobby_message(bot, "够级")["text"]
    assert text.startswith("⏹ 够级 牌桌已由 Bob 结束，没有开局。"), text
    assert "• Alice" in text and "• Bob" in text and text.count("• 空位") == 4
    assert not group_photos(bot)


async def test_settings_and_table_of_a_lobby_of_two_show_the_lobby_message(bot: Bot) -> None:
    await bot.say(ALICE, GROUP, "/gouji fast")
    await bot.say(ALICE, private(ALICE), await join_link(bot))
    await seat_bob(bot)
    message, _, data = next(b for b in bot.buttons(GROUP["id"]) if b[1] == "设置")
    await bot.press(ALICE, message, data, bots=False)
    message, _, data = next(b for b in bot.buttons(GROUP["id"]) if b[1].startswith("开点"))
    await bot.press(ALICE, message, data, bots=False)
    assert "开点: ✗" in [text for _, text, _ in bot.buttons(GROUP["id"])]
    before = await bot.say(ALICE, GROUP, "/table")
    await bot.until(lambda calls: any("• Bob" in c.text for c in calls[before:]))
    assert not group_photos(bot)
    await bot.say(ALICE, GROUP, "/stop")
    await bot.until(lambda calls: not bot.buttons(GROUP["id"]))  # the settings' buttons go too
    assert lobby_message(bot, "够级")["text"].startswith("⏹ 够级 牌桌已由 Alice 结束")


async def test_a_lobby_recovered_after_a_restart_is_shown_and_stopped_as_a_lobby(
    api: FakeBotApi, tmp_path: Path
) -> None:
    database = tmp_path / "bot.sqlite3"
    first = await Bot.start(api, database)
    await first.say(ALICE, GROUP, "/gouji fast")
    await first.say(ALICE, private(ALICE), await join_link(first))
    await seat_bob(first)
    await first.stop()
    bot = await Bot.start(api, database)  # the lobby of two is loaded from the store
    try:
        before = await bot.say(BOB, GROUP, "/table")
        await bot.until(lambda calls: any("• Bob" in c.text for c in calls[before:]))
        await bot.say(ALICE, GROUP, "/stop")
        await bot.until(lambda calls: not bot.buttons(GROUP["id"]))
        assert lobby_message(bot, "够级")["text"].startswith("⏹ 够级 牌桌已由 Alice 结束")
        assert not group_photos(bot)
    finally:
        await bot.stop()


async def test_in_english_the_stopped_lobby_speaks_english(bot: Bot) -> None:
    bot.api.admins.add(BOB["id"])  # a group's language is an admin's choice
    await bot.say(BOB, GROUP, "/lang en")
    await bot.say(BOB, GROUP, "/gongzhu")
    await bot.until(lambda calls: bot.buttons(GROUP["id"]))
    await bot.say(BOB, GROUP, "/stop")
    await bot.until(lambda calls: not bot.buttons(GROUP["id"]))
    text = lobby_message(bot, "Gongzhu")["text"]
    assert text.startswith("⏹ Bob stopped the Gongzhu table before it started."), text
