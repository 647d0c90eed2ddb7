"""End to end: opening a table, joining through the deep link, bots, starting; every message
through the real python-telegram-bot stack and HTTP."""

from __future__ import annotations

import json

from tests.e2e.harness import ALICE, BOB, GROUP, Bot, join_link, private


async def test_the_bot_registers_its_commands_in_chinese_and_english(bot: Bot) -> None:
    calls = [c for c in bot.api.calls if c.method == "setMyCommands"]
    assert len(calls) == 2
    zh, en = (json.loads(c.params["commands"]) for c in calls)
    assert {"command": "gouji", "description": "开一桌够级"} in zh
    assert {"command": "gouji", "description": "Open a Gouji table"} in en and calls[1].params[
        "language_code"
    ] == "en"


async def test_joining_without_a_private_chat_goes_through_the_deep_link(bot: Bot) -> None:
    await bot.say(ALICE, GROUP, "/gongzhu fast")
    lobby = await bot.wait(
        lambda calls: next((c for c in calls if "拱猪" in c.text and c.chat == GROUP["id"]), None)
    )
    assert "• Alice" in lobby.text and "• 空位" in lobby.text and "（快）" in lobby.text
    # seats are drawn at the start: no number promises one, and the list says so
    assert "1." not in lobby.text and "开局时随机排座" in lobby.text
    assert "设置：默认" in lobby.text  # the rules in words, not key=value
    before = await bot.say(BOB, GROUP, "/join")
    link = await bot.wait(lambda calls: next((c for c in calls[before:] if "start=j" in c.text), None))
    assert "https://t.me/gouji_test_bot?start=j" in link.text
    assert "• Bob" not in bot.api.messages[(GROUP["id"], lobby_id(bot))]["text"]
    before = await bot.say(BOB, private(BOB), await join_link(bot))
    await bot.wait(
        lambda calls: any(c.method == "editMessageText" and "• Bob" in c.text for c in calls[before:])
    )
    welcome = await bot.wait(lambda calls: next((c for c in calls[before:] if c.chat == BOB["id"]), None))
    assert welcome.text.startswith("You are seated at the Gongzhu table")  # Bob's Telegram speaks English


def lobby_id(bot: Bot) -> int:
    return min(
        m
        for (chat, m), message in bot.api.messages.items()
        if chat == GROUP["id"] and "拱猪" in message.get("text", "")
    )


async def test_a_bad_option_is_refused_with_what_is_allowed(bot: Bot) -> None:
    before = await bot.say(ALICE, GROUP, "/gouji kaidian=maybe")
    answer = await bot.wait(lambda calls: next((c for c in calls[before:] if c.chat == GROUP["id"]), None))
    assert answer.text == "kaidian 只能是 on 或 off。"  # in Alice's language (was English)
    assert not any("够级 ·" in c.text for c in bot.api.calls)  # no lobby opened
    before = await bot.say(BOB, GROUP, "/gouji colour=red")
    answer = await bot.wait(lambda calls: next((c for c in calls[before:] if c.chat == GROUP["id"]), None))
    assert answer.text.startswith("There is no option “colour”. The options are: teams, ")


async def test_an_unknown_command_gets_a_clear_answer(bot: Bot) -> None:
    before = await bot.say(ALICE, GROUP, "/dance")
    answer = await bot.wait(lambda calls: next((c for c in calls[before:] if c.chat == GROUP["id"]), None))
    assert answer.text == "不认识这个命令。发送 /help 查看可用命令。"


async def test_the_lobby_settings_step_options_for_the_creator_only(bot: Bot) -> None:
    await bot.say(ALICE, GROUP, "/gouji fast")
    await bot.until(lambda calls: bot.buttons(GROUP["id"]))

    def button(label: str) -> tuple[dict, str, str]:
        return next(b for b in bot.buttons(GROUP["id"]) if b[1].startswith(label))

    message, _, data = button("设置")
    await bot.press(ALICE, message, data, bots=False)
    labels = [text for _, text, _ in bot.buttons(GROUP["id"])]
    assert "开点: ✓" in labels and "限时: 快" in labels and "座位: 抽签" in labels
    message, _, data = button("开点")
    refused = await bot.press(BOB, message, data, bots=False)  # Bob did not open the table
    assert refused.params["text"] == "Only the table's creator or a group admin can do that."
    assert "开点: ✓" in [text for _, text, _ in bot.buttons(GROUP["id"])]
    await bot.press(ALICE, message, data, bots=False)
    await bot.press(ALICE, *button("限时")[::2], bots=False)
    labels = [text for _, text, _ in bot.buttons(GROUP["id"])]
    assert "开点: ✗" in labels and "限时: 普通" in labels
    view = bot.app.bot_data.services.referee.view(1)
    assert view.options["kaidian"] is False and view.time_control == "normal"
    lobby_text = bot.api.messages[(GROUP["id"], message["message_id"])]["text"]
    assert "开点: ✗" in lobby_text and "（普通）" in lobby_text and "=" not in lobby_text
    await bot.press(ALICE, *button("← 返回")[::2], bots=False)
    assert [text for _, text, _ in bot.buttons(GROUP["id"])][:2] == ["入座", "离座"]


async def test_a_group_admin_sets_the_groups_language_and_tables_speak_it(bot: Bot) -> None:
    """The group kept the language of whoever opened the table."""
    from handlers.i18n import t

    def said(before: int) -> list[str]:
        return [c.text for c in bot.api.calls[before:] if c.chat == GROUP["id"] and c.method == "sendMessage"]

    before = await bot.say(BOB, GROUP, "/lang zh")  # Bob is no admin of the group
    await bot.wait(lambda calls: said(before))
    assert said(before)[0] == t("en", "reason.not_allowed")
    before = await bot.say(BOB, GROUP, "/lang xx")
    assert said(before)[0] == t("en", "help.lang_unknown", languages="zh, en")
    bot.api.admins.add(BOB["id"])
    before = await bot.say(BOB, GROUP, "/lang en")
    await bot.wait(lambda calls: said(before))
    assert said(before)[0] == t("en", "help.lang_set_group")
    before = await bot.say(ALICE, GROUP, "/gongzhu fast")  # Alice's Telegram speaks Chinese
    lobby = await bot.wait(lambda calls: [c.text for c in calls[before:] if "Gongzhu" in c.text])
    assert lobby[0].startswith("Gongzhu · waiting for players")


async def test_a_first_start_in_private_says_what_the_bot_is(bot: Bot) -> None:
    """A first /start said only the group's command list."""
    before = await bot.say(BOB, private(BOB), "/start")
    said = await bot.wait(lambda calls: [c.text for c in calls[before:] if c.chat == BOB["id"]])
    assert said[0].startswith("👋 I referee card tables in groups") and "/gouji" in said[0]


async def test_teams_chosen_has_team_buttons_and_the_start_honours_them(bot: Bot) -> None:
    """Docs/rules/gouji.md §1 `teams=chosen`: a player picks a team in the lobby."""
    await bot.say(ALICE, GROUP, "/gouji fast teams=chosen")
    await bot.say(ALICE, private(ALICE), await join_link(bot))
    await bot.until(lambda calls: any(text == "选联邦2" for _, text, _ in bot.buttons(GROUP["id"])))
    message, _, team2 = next(b for b in bot.buttons(GROUP["id"]) if b[1] == "选联邦2")
    refused = await bot.press(BOB, message, team2, bots=False)  # Bob has no seat
    assert refused.params["text"] == "You have no seat at this table."
    await bot.press(ALICE, message, team2, bots=False)
    await bot.until(
        lambda calls: "• Alice（联邦2）" in bot.api.messages[(GROUP["id"], message["message_id"])]["text"]
    )
    await bot.say(ALICE, GROUP, "/fill")
    await bot.say(ALICE, GROUP, "/startgame")
    referee = bot.app.bot_data.services.referee
    await bot.until(lambda calls: referee.view(1).status == "running")
    seat = referee.view(1).seat_of(ALICE["id"])
    assert seat is not None and seat % 2 == 1  # team 2 plays the odd seats


async def test_rules_is_a_players_guide_with_the_tables_settings_in_words(bot: Bot) -> None:
    """/rules explains the game (a few screens, both languages), and the table's own
    settings in words, not key=value; in private it names the game asked for."""
    await bot.say(ALICE, GROUP, "/gongzhu fast decks=2")
    before = await bot.say(ALICE, GROUP, "/rules")
    guide = await bot.wait(lambda calls: [c.text for c in calls[before:] if c.method == "sendMessage"])
    assert guide[0].startswith("🐷 拱猪 玩法速览") and "−1000" in guide[0] and "当猪" in guide[0]
    assert "副数：2" in guide[0] or "副数: 2" in guide[0]  # this table plays two decks
    assert "decks=2" not in guide[0] and "/rules gouji" in guide[0]
    before = await bot.say(BOB, private(BOB), "/rules gouji")  # Bob's Telegram is English
    guide = await bot.wait(lambda calls: [c.text for c in calls[before:] if c.chat == BOB["id"]])
    assert guide[0].startswith("🃏 Gouji in a nutshell") and "opposite" in guide[0]
    assert "/rules gongzhu" in guide[0] and "/rules houshuiwan" in guide[0]


async def test_rules_explains_the_tables_variant(bot: Bot) -> None:
    await bot.say(ALICE, GROUP, "/gouji variant=houshuiwan")
    before = await bot.say(ALICE, GROUP, "/rules")
    guide = await bot.wait(lambda calls: [c.text for c in calls[before:] if c.method == "sendMessage"])
    assert "后水湾" in guide[0] and "马牌" in guide[0] and "288" in guide[0]
    assert "· 玩法: 后水湾" in guide[0]  # its settings in words, relative to the variant
    before = await bot.say(BOB, private(BOB), "/rules outline")
    guide = await bot.wait(lambda calls: [c.text for c in calls[before:] if c.chat == BOB["id"]])
    assert guide[0].startswith("🃏 Gouji in a nutshell") and "outline (《够级大纲》" in guide[0]


async def test_a_bot_is_removed_from_the_lobby_by_command_and_by_button(bot: Bot) -> None:
    await bot.say(ALICE, GROUP, "/gongzhu fast")
    await bot.until(lambda calls: any(text == "减机器人" for _, text, _ in bot.buttons(GROUP["id"])))

    def bots_in_lobby() -> int:
        return str(bot.api.messages[(GROUP["id"], lobby_id(bot))]["text"]).count("🤖")

    await bot.say(ALICE, GROUP, "/fill")
    await bot.until(lambda calls: bots_in_lobby() == 3)
    await bot.say(ALICE, GROUP, "/removebot")
    await bot.until(lambda calls: bots_in_lobby() == 2)
    message, _, data = next(b for b in bot.buttons(GROUP["id"]) if b[1] == "减机器人")
    await bot.press(ALICE, message, data, bots=False)
    await bot.until(lambda calls: bots_in_lobby() == 1)
    before = await bot.say(BOB, GROUP, "/removebot")  # not his table: nothing changes
    await bot.wait(lambda calls: [c for c in calls[before:] if c.method == "sendMessage"])
    assert bots_in_lobby() == 1


async def test_a_group_admin_sets_what_the_groups_new_tables_start_with(bot: Bot) -> None:
    from handlers.i18n import t

    def said(before: int) -> list[str]:
        chats = (GROUP["id"], BOB["id"])
        return [c.text for c in bot.api.calls[before:] if c.chat in chats and c.method == "sendMessage"]

    before = await bot.say(BOB, GROUP, "/defaults gouji fast kaidian=off")  # Bob is no admin
    await bot.wait(lambda calls: said(before))
    assert any(t(lang, "reason.not_allowed") in said(before)[0] for lang in ("zh", "en"))
    bot.api.admins.add(BOB["id"])
    before = await bot.say(BOB, GROUP, "/defaults chess")
    await bot.wait(lambda calls: said(before))
    assert "/defaults" in said(before)[0] and "/gouji" in said(before)[0]
    before = await bot.say(BOB, GROUP, "/defaults gouji fast kaidian=off")
    await bot.wait(lambda calls: said(before))
    assert said(before)[0] == t(
        "en", "help.defaults_set", game="Gouji", options="Options: Time: fast · Opening point: ✗"
    )
    before = await bot.say(ALICE, GROUP, "/gouji")
    lobby = await bot.wait(
        lambda calls: [c.text for c in calls[before:] if c.chat == GROUP["id"] and "够级" in c.text]
    )
    assert "开点: ✗" in lobby[0] and "（快）" in lobby[0]


async def test_start_in_a_group_is_answered_as_help_is(bot: Bot) -> None:
    """/start typed in a group (a menu tap) is answered with the commands, as /help is."""
    from handlers.commandtable import help_of

    before = await bot.say(ALICE, GROUP, "/start")
    chats = (GROUP["id"], ALICE["id"])
    said = await bot.wait(
        lambda calls: [c.text for c in calls[before:] if c.chat in chats and c.method == "sendMessage"]
    )
    assert help_of("zh") in said[0]
