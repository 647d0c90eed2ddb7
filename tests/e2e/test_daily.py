"""End to end: two people play today's 拱猪 deal, each alone with the strong bots. They are dealt
the same cards in the same seat and, making the same moves, meet the same bots' answers. The
first to finish is told so; the second hears their standing among both and within their group;
`/daily` tells the first the same afterwards. A group that asked hears yesterday's places once,
after midnight; `/daily review` reviews one's own deal in private."""

from __future__ import annotations

from typing import Any

from engine.games import GAMES
from engine.referee import day_of
from handlers.announce import signed
from handlers.games import either
from handlers.i18n import listed, t
from tests.e2e.harness import ALICE, BOB, GROUP, Bot, play_until, private


def texts_to(bot: Bot, user: dict[str, Any], before: int = 0) -> list[str]:
    return [c.text for c in bot.api.calls[before:] if c.chat == user["id"] and c.text]


def sheet_captions(bot: Bot, user: dict[str, Any], before: int) -> list[str]:
    return [
        c.text
        for c in bot.api.calls[before:]
        if c.method == "sendPhoto" and c.chat == user["id"] and c.text.startswith("📊")
    ]


async def play_the_daily(bot: Bot, user: dict[str, Any]) -> tuple[str, str]:
    """The player's whole deal, always their first button: (their first hand, the deal's last
    score sheet's caption)."""
    before = await bot.say(user, private(user), "/daily gongzhu")
    await play_until(bot, lambda calls: sheet_captions(bot, user, before), players=(user,))
    hand = next(c.text for c in bot.api.calls[before:] if c.method == "sendPhoto" and c.chat == user["id"])
    return hand.split("\n")[0], sheet_captions(bot, user, before)[-1]


async def test_two_people_play_the_same_deal_and_hear_where_they_stand(bot: Bot) -> None:
    bot.api.admins.add(ALICE["id"])
    referee = bot.app.bot_data.services.referee
    for user in (ALICE, BOB):
        await bot.say(user, private(user), "/start")
    await referee.register_group(GROUP["id"], GROUP["title"])
    async with referee.store.transaction() as q:  # both played a table in the group before
        for user in (ALICE, BOB):
            await q.add_stats(user["id"], GROUP["id"], "gongzhu", hands=1)
    before = await bot.say(ALICE, GROUP, "/daily on")
    assert t("zh", "daily.line_on") in await bot.wait(lambda calls: texts_to(bot, GROUP, before))
    day = referee.today()

    alice_hand, alice_end = await play_the_daily(bot, ALICE)
    alice = await referee.daily_standing(ALICE["id"], "gongzhu")
    assert alice is not None
    score = signed(alice.mine.score)
    assert alice_end.endswith(t("zh", "daily.first", game="拱猪", day=day, score=score))
    bob_hand, bob_end = await play_the_daily(bot, BOB)
    assert bob_hand == alice_hand  # the same cards in the same seat
    bob = await referee.daily_standing(BOB["id"], "gongzhu")
    assert bob is not None and bob.mine.score == alice.mine.score  # the same moves met the same bots
    told = t("en", "daily.standing", game="Gongzhu", day=day, score=score, share="50 %", others=1)
    places = f"1. Alice 50 % ({score}) · 1. you 50 % ({score})"
    assert bob_end.endswith(f"{told}\n{t('en', 'daily.in_group', group=GROUP['title'], places=places)}")

    before = await bot.say(ALICE, private(ALICE), "/daily")  # now she hears both
    now = texts_to(bot, ALICE, before)[-1]
    assert t("zh", "daily.standing", game="拱猪", day=day, score=score, share="50 %", others=1) in now
    assert t("zh", "daily.not_played", game="够级", command="/daily gouji") in now

    before = await bot.say(BOB, private(BOB), "/daily gongzhu")  # one try a day
    assert texts_to(bot, BOB, before)[-1] == t("en", "reason.daily_played")
    before = await bot.say(BOB, GROUP, "/daily")  # the group hears of today only once it is over
    commands = either("en", [f"/daily {game}" for game in GAMES])  # the group chose no language: Bob's
    yesterday = day_of(bot.clock.now() - 86400)
    assert texts_to(bot, GROUP, before)[-1] == t("en", "daily.group_none", day=yesterday, commands=commands)

    before = len(bot.api.calls)
    await bot.clock.advance(referee.daily_line_at() - bot.clock.now())  # 00:05 UTC the next day
    line = await bot.until(lambda calls: [c.text for c in calls[before:] if c.chat == GROUP["id"]])
    game_line = t("zh", "daily.group_game", game="拱猪", places=listed("zh", ["Alice 50 %", "Bob 50 %"]))
    assert line == [f"{t('zh', 'daily.group_title', day=day)}\n{game_line}"]


async def test_a_finished_deal_is_reviewed_in_private(bot: Bot) -> None:
    await bot.say(BOB, private(BOB), "/start")
    before = await bot.say(BOB, private(BOB), "/daily review gongzhu")
    assert texts_to(bot, BOB, before)[-1] == t("en", "reason.daily_unfinished", commands="/daily gongzhu")
    await play_the_daily(bot, BOB)
    before = await bot.say(BOB, private(BOB), "/daily review gongzhu")
    said = await bot.until(lambda calls: [text for text in texts_to(bot, BOB, before) if "Bob" in text])
    assert said[-1].startswith(t("en", "review.title", match=1, game="Gongzhu"))
    assert all(c.chat == BOB["id"] for c in bot.api.calls[before:] if c.chat is not None)  # privately only
