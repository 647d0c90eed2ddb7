"""End to end, as a hostile user would try it (docs/security.md): the four doors that let
a player read other hands or act on a table that is not theirs, each walked through the real bot
and refused with a short answer in the user's language, with nothing changed."""

from __future__ import annotations

import json
from typing import Any

from engine.record import replay_record
from handlers.i18n import t
from tests.e2e.fake_api import SENDS, Call
from tests.e2e.harness import (
    ALICE,
    BOB,
    CAROL,
    GROUP,
    MALLORY,
    SEED,
    Bot,
    choices,
    from_group,
    join_link,
    play_until,
    private,
    seated_alone,
)

OTHER_GROUP = {"id": -200600, "type": "supergroup", "title": "别的群"}


def said_to(bot: Bot, chat: dict[str, Any], before: int) -> list[Call]:
    return [c for c in bot.api.calls[before:] if c.chat == chat["id"] and c.method in SENDS]


async def answer(bot: Bot, user: dict[str, Any], chat: dict[str, Any], text: str) -> str:
    """What the bot says back to `text` from `user` in `chat`: its first message there, or in
    the user's private chat (where an answer that concerns them alone goes)."""
    before = await bot.say(user, chat, text)
    reply = await bot.wait(lambda calls: said_to(bot, chat, before) or said_to(bot, private(user), before))
    return reply[0].text


def seats(bot: Bot) -> list[int | None]:
    return [s.player for s in bot.app.bot_data.services.referee.view(1).seats]


# -- door 1: /record during a match ---------------------------------------------------------------


async def test_record_during_a_match_gives_no_seed_and_no_moves_only_after_its_end(bot: Bot) -> None:
    await seated_alone(bot, "gouji", "fast max_hands=1")
    before = len(bot.api.calls)
    # in the group's language, not Bob's
    assert await answer(bot, BOB, GROUP, "/record") == t("zh", "reason.record_after_end")
    assert not [c for c in bot.api.calls[before:] if c.method == "sendDocument"]
    await play_until(bot, lambda calls: any("本局结束" in c.text for c in calls), limit=400)
    assert not [c for c in bot.api.calls if SEED in c.text or c.method == "sendDocument"]
    before = await bot.say(BOB, GROUP, "/record")  # the match is over: the whole record
    document = await bot.wait(
        lambda calls: next((c for c in calls[before:] if c.method == "sendDocument"), None)
    )
    record = json.loads(next(iter(document.files.values())))
    assert record["seed"] == SEED
    assert replay_record(record).log == bot.app.bot_data.services.referee.tables[1].match.log


# -- door 2: a typed move that costs the bot -------------------------------------------------------


async def test_a_typed_move_naming_more_cards_than_the_decks_is_refused_at_once(bot: Bot) -> None:
    await seated_alone(bot, "gouji")
    version = bot.version()
    for text in ("9x100000000", "9x999999999999", "9x17", "9" * 4000):
        reply = await answer(bot, ALICE, private(ALICE), text)
        assert reply.startswith("出牌无效："), reply
        assert len(reply) < 120  # the text is quoted by its start at most
    assert bot.version() == version  # nothing changed
    assert "最多只有 24 张 9" in await answer(bot, ALICE, private(ALICE), "9x25")  # the largest deck


# -- door 3: a join link for any table of any group ---------------------------------------------------


async def test_a_join_link_seats_only_members_of_the_tables_group_and_tells_others_nothing(
    bot: Bot,
) -> None:
    await bot.say(ALICE, GROUP, "/gongzhu fast")
    link = await join_link(bot)
    assert link != "/start j1" and len(link) > len("/start j") + 15  # a token, not the table id
    bot.api.outsiders.add(MALLORY["id"])
    replies = [
        await answer(bot, MALLORY, private(MALLORY), text)
        for text in (link, "/start j1", "/start j2", "/start jAAAAAAAAAAAAAAAA")
    ]
    assert replies == [t("en", "lobby.link_invalid")] * 4  # the same, whether the table exists or not
    assert any(
        c.method == "getChatMember" and int(c.params["user_id"]) == MALLORY["id"] for c in bot.api.calls
    )
    assert seats(bot) == [ALICE["id"]]
    await bot.say(BOB, private(BOB), link)  # a member of the group follows the same link
    await bot.until(lambda calls: seats(bot) == [ALICE["id"], BOB["id"]])


# -- door 4: buttons and commands outside their chat, and someone else's lobby -------------------------


async def test_a_button_copied_into_another_chat_acts_nowhere(bot: Bot) -> None:
    await bot.say(ALICE, GROUP, "/gongzhu fast")
    await bot.until(lambda calls: bot.buttons(GROUP["id"]))
    fill = next(data for _, _, data in bot.buttons(GROUP["id"]) if data.startswith("f|"))
    version = bot.version()
    elsewhere = bot.api.post(OTHER_GROUP, "copied")
    for user in (MALLORY, ALICE):  # even the creator's press counts only where the button was sent
        refused = await bot.press(user, elsewhere, fill, bots=False)
        assert refused.params["text"] == t(str(user["language_code"])[:2], "refuse.forged")
    assert bot.version() == version and seats(bot) == [ALICE["id"]]
    # a player's move button pasted into another player's chat is just as dead
    await bot.say(ALICE, private(ALICE), await join_link(bot))
    await bot.say(ALICE, GROUP, "/fill")
    await bot.say(ALICE, GROUP, "/startgame")
    await bot.until(lambda calls: bot.buttons(ALICE["id"]))
    _, _, move = choices(bot, ALICE["id"])[-1]
    version = bot.version()
    refused = await bot.press(BOB, bot.api.post(private(BOB), "pasted"), move, bots=False)
    assert refused.params["text"] == t("en", "refuse.forged") and bot.version() == version


async def test_commands_addressed_to_another_bot_are_ignored(bot: Bot) -> None:
    await bot.say(ALICE, GROUP, "/gongzhu fast")
    await bot.say(BOB, private(BOB), "/start")
    version, before = bot.version(), len(bot.api.calls)
    for text in ("/stop@other_bot", "/join@other_bot", "/fill@other_bot", "/startgame@other_bot",
                 "/gouji@other_bot", "/dance@other_bot", "/leave@Other_Bot"):  # fmt: skip
        bot.api.send(ALICE, GROUP, text)
    help_text = await answer(bot, BOB, GROUP, "/help")  # updates are handled in order
    assert said_to(bot, GROUP, before) == []  # nothing answered there, Bob's help in private
    assert [c.text for c in said_to(bot, private(BOB), before)] == [help_text]
    assert bot.version() == version and seats(bot) == [ALICE["id"]]
    await bot.say(BOB, GROUP, "/join@GOUJI_TEST_BOT")  # addressed to us: ours, whatever the case
    await bot.until(lambda calls: seats(bot) == [ALICE["id"], BOB["id"]])


async def test_only_the_creator_or_an_admin_fills_and_starts_and_a_leaving_creator_hands_over(
    bot: Bot,
) -> None:
    await bot.say(ALICE, GROUP, "/gongzhu fast")
    await bot.say(ALICE, private(ALICE), await join_link(bot))
    for user in (BOB, CAROL):
        await bot.say(user, private(user), "/start")
    await bot.say(BOB, GROUP, "/join")
    for text in ("/fill", "/addbot", "/startgame"):  # his alone: in private, in his language
        assert await answer(bot, BOB, GROUP, text) == from_group("en", t("en", "reason.not_allowed"))
    start = next(
        (m, d) for m, _, d in bot.buttons(GROUP["id"]) if d.startswith("s|")
    )  # the lobby's own Start button, pressed by Bob
    toast = (await bot.press(BOB, *start, bots=False)).params["text"]
    assert toast == t("en", "reason.not_allowed")  # a toast is his alone: his language
    assert seats(bot) == [ALICE["id"], BOB["id"]]
    bot.api.admins.add(CAROL["id"])  # a group admin, not seated, may add a bot
    await bot.say(CAROL, GROUP, "/addbot")
    await bot.until(lambda calls: seats(bot) == [ALICE["id"], BOB["id"], None])
    await bot.say(ALICE, GROUP, "/leave")  # the creator leaves: Bob, the next human, has the table
    await bot.until(lambda calls: seats(bot) == [BOB["id"], None])
    assert await answer(bot, ALICE, GROUP, "/fill") == from_group(
        "zh", t("zh", "reason.not_allowed")
    )  # Bob's table now
    await bot.say(BOB, GROUP, "/fill")
    await bot.say(BOB, GROUP, "/startgame")
    await bot.until(lambda calls: bot.app.bot_data.services.referee.view(1).status == "running")
