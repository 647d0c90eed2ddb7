"""End to end: `/notify` in a group. A member who asks is told privately when a table opens there
with free seats, with the button that seats them; never its opener, never one without a private
chat, at most once an hour a person; `/notify` again stops it."""

from __future__ import annotations

from handlers.i18n import t
from tests.e2e.harness import ALICE, BOB, CAROL, GROUP, Bot, private


def pings(bot: Bot, user: dict, before: int) -> list[str]:
    """The words of a table opened that `user` was sent privately since `before`: a message
    with the button that seats them."""
    return [
        c.text
        for c in bot.api.calls[before:]
        if c.chat == user["id"]
        and c.method == "sendMessage"
        and "start=j" in str(c.params.get("reply_markup"))
    ]


async def test_a_member_who_asked_hears_of_a_new_table_once_an_hour(bot: Bot) -> None:
    for user in (ALICE, BOB):  # they can be written to; Carol cannot
        await bot.say(user, private(user), "/start")
    before = await bot.say(BOB, GROUP, "/notify")
    told = await bot.wait(lambda calls: [c.text for c in calls[before:] if c.chat == BOB["id"]])
    assert t("en", "notify.on", group=GROUP["title"]) in told[0]  # his language, privately
    await bot.say(CAROL, GROUP, "/notify on")
    await bot.say(ALICE, GROUP, "/notify on")
    before = await bot.say(ALICE, GROUP, "/gouji")
    said = await bot.wait(lambda calls: pings(bot, BOB, before))
    assert said == [t("en", "notify.opened", group=GROUP["title"], game="Gouji", time="normal", free=5)]
    assert not pings(bot, ALICE, before)  # its opener
    await bot.say(ALICE, GROUP, "/stop")
    before = await bot.say(ALICE, GROUP, "/gouji")
    await bot.until(lambda calls: bot.buttons(GROUP["id"]))
    assert not pings(bot, BOB, before)  # within the hour: once
    await bot.say(ALICE, GROUP, "/stop")
    await bot.clock.advance(3601)
    before = await bot.say(ALICE, GROUP, "/gouji")
    await bot.wait(lambda calls: pings(bot, BOB, before))
    await bot.say(ALICE, GROUP, "/stop")
    await bot.say(BOB, GROUP, "/notify")  # again: off
    await bot.clock.advance(3601)
    before = await bot.say(ALICE, GROUP, "/gouji")
    await bot.until(lambda calls: bot.buttons(GROUP["id"]))
    assert not pings(bot, BOB, before)
