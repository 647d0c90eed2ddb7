"""End to end: `/quick` in private seats two people who share no group at one table, bots take
the other seats after the wait, and everything a group would hear reaches them privately — in
their own language, with first names only — while no message goes to any group. The pool
survives a restart."""

from __future__ import annotations

from pathlib import Path

from engine.referee import ManualClock
from engine.referee.quick import QUICK_WAIT
from handlers.i18n import t
from tests.e2e.fake_api import FakeBotApi
from tests.e2e.harness import ALICE, BOB, GROUP, Bot, play_until, private

OTHER = {"id": -100600, "type": "supergroup", "title": "Other group"}
ERIN = {"id": 505, "is_bot": False, "first_name": "Erin", "last_name": "Zhou", "language_code": "en"}


def texts_to(bot: Bot, user: dict, before: int = 0) -> list[str]:
    return [c.text for c in bot.api.calls[before:] if c.chat == user["id"] and c.text]


def sheets_to(bot: Bot, user: dict) -> list[str]:
    photos = [c for c in bot.api.calls if c.method == "sendPhoto" and c.chat == user["id"]]
    return [c.text for c in photos if "📊" in c.text]


async def test_two_people_of_different_groups_play_a_quick_table_with_bots(bot: Bot) -> None:
    await bot.say(ALICE, GROUP, "/notify")  # each is known in a group of their own, not the other's
    await bot.say(ERIN, OTHER, "/notify")
    for user in (ALICE, ERIN, BOB):
        await bot.say(user, private(user), "/start")
    quick_from = len(bot.api.calls)
    before = await bot.say(ALICE, private(ALICE), "/quick gongzhu fast")
    pool_zh = t("zh", "game.gongzhu") + " · " + t("zh", "value.fast")
    said = await bot.wait(lambda calls: texts_to(bot, ALICE, before))
    assert said[-1] == t("zh", "quick.waiting", pool=pool_zh, waiting=1, seats=4, seconds=round(QUICK_WAIT))
    await bot.clock.advance(20)
    before = await bot.say(ERIN, private(ERIN), "/quick gongzhu fast")
    said = await bot.wait(lambda calls: texts_to(bot, ERIN, before))
    pool_en = t("en", "game.gongzhu") + " · " + t("en", "value.fast")
    left = round(QUICK_WAIT - 20)
    assert said[-1] == t("en", "quick.waiting", pool=pool_en, waiting=2, seats=4, seconds=left)
    before = await bot.say(BOB, private(BOB), "/quick")  # how many wait where, nothing more
    said = await bot.wait(lambda calls: texts_to(bot, BOB, before))
    assert f"• {pool_en}: 2" in said[-1]
    before = await bot.say(ERIN, private(ERIN), "/quick gouji")
    assert t("en", "reason.quick_waiting") in (await bot.wait(lambda calls: texts_to(bot, ERIN, before)))[-1]
    assert not bot.buttons(ALICE["id"])
    await bot.clock.advance(QUICK_WAIT - 20)  # the oldest's wait is over: bots take two seats
    await bot.until(lambda calls: bot.buttons(ALICE["id"]) or bot.buttons(ERIN["id"]))
    referee = bot.app.bot_data.services.referee
    [view] = [v for v in (referee.view(t) for t in referee.tables) if v.status == "running"]
    assert sorted(s.player or 0 for s in view.seats) == [0, 0, ALICE["id"], ERIN["id"]]
    await play_until(bot, lambda calls: sheets_to(bot, ALICE) and sheets_to(bot, ERIN), players=(ALICE, ERIN))
    # the deal's end, as a group would have heard it, privately and in each one's language
    assert sheets_to(bot, ALICE)[0].startswith(t("zh", "announce.sheet"))
    assert sheets_to(bot, ERIN)[0].startswith(t("en", "announce.sheet"))
    assert any("Erin" in text for text in texts_to(bot, ALICE))  # she hears of Erin …
    assert not any("Zhou" in text for text in texts_to(bot, ALICE))  # … by her first name only
    assert not [c for c in bot.api.calls[quick_from:] if c.chat is not None and c.chat < 0]  # no group hears


async def test_the_pool_survives_a_restart(api: FakeBotApi, tmp_path: Path) -> None:
    clock, database = ManualClock(), tmp_path / "bot.sqlite3"
    bot = await Bot.start(api, database, clock)
    await bot.say(ALICE, private(ALICE), "/start")
    await bot.say(ALICE, private(ALICE), "/quick gouji outline")
    await bot.clock.advance(30)
    await bot.stop()
    bot = await Bot.start(api, database, clock)  # a new process on the same SQLite file
    try:
        assert not bot.buttons(ALICE["id"])
        await bot.clock.advance(QUICK_WAIT - 30)
        await bot.until(lambda calls: bot.buttons(ALICE["id"]))
        referee = bot.app.bot_data.services.referee
        view = referee.table_of_player(ALICE["id"])
        assert view is not None and view.options["variant"] == "outline"
        assert [s.player for s in view.seats].count(None) == 5
        before = await bot.say(ALICE, private(ALICE), "/leave")  # a bot takes her seat; a loss
        await bot.until(lambda calls: view.id not in referee.tables)  # nobody left: it stopped
        assert any(t("zh", "play.you_left") in c.text for c in bot.api.calls[before:])
        before = await bot.say(ALICE, private(ALICE), "/top quick")  # rated in the quick league: a loss
        board = (await bot.wait(lambda calls: [c.text for c in calls[before:] if c.chat == ALICE["id"]]))[-1]
        assert board.startswith(t("zh", "league.top_title_quick", game=t("zh", "game.gouji")))
        assert "Alice" in board
        before = await bot.say(ALICE, private(ALICE), "/top")  # every group's: nothing of it
        assert (
            "Alice"
            not in (await bot.wait(lambda calls: [c.text for c in calls[before:] if c.chat == ALICE["id"]]))[
                -1
            ]
        )
        before = await bot.say(ALICE, private(ALICE), "/me")  # her quick league's card
        await bot.wait(
            lambda calls: [c for c in calls[before:] if c.method == "sendPhoto" and c.chat == ALICE["id"]]
        )
    finally:
        await bot.stop()
