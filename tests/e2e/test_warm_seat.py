"""End to end: a bot's seat kept warm. At a running table a member presses 入座 under the table's
picture (or sends /join): the group hears
they take the bot's seat when the round ends, the round is the bot's to finish, and from the next
round on the seat, its hand and its turns are theirs. A second /join, or one with no bot seat
left, changes nothing."""

from __future__ import annotations

from handlers.i18n import t
from tests.e2e.harness import ALICE, BOB, GROUP, Bot, play_until, private, seated_alone
from tests.e2e.test_match import to_group


async def test_a_member_takes_a_bots_seat_at_the_next_round(bot: Bot) -> None:
    await bot.say(BOB, private(BOB), "/start")  # Bob can be written to
    await seated_alone(bot, "gongzhu", "fast deals=2")
    referee = bot.app.bot_data.services.referee
    first = referee.view(1).public.number
    message, _, data = await bot.until(  # 入座 under the running table's picture
        lambda calls: next((b for b in bot.buttons(GROUP["id"]) if b[1] == "入座" and "photo" in b[0]), None)
    )
    await bot.press(BOB, message, data, bots=False)
    reserved = t("zh", "announce.SeatReserved", player="Bob", seat="🤖 机器人 1")[:4]
    await bot.until(lambda calls: to_group(calls, reserved))
    assert referee.view(1).seat_of(BOB["id"]) is None  # the round under way is the bot's
    before = await bot.say(BOB, GROUP, "/join")  # again: nothing more
    await bot.wait(lambda calls: [c for c in calls[before:] if c.chat in (GROUP["id"], BOB["id"])])
    taken = t("zh", "announce.SeatTakenOver", player="Bob")

    def next_round(calls: list) -> bool:
        return to_group(calls, taken) is not None

    await play_until(bot, next_round, players=(ALICE,))
    view = referee.view(1)
    seat = view.seat_of(BOB["id"])
    assert seat is not None and view.public.number == first + 1
    assert view.seats[seat].player == BOB["id"] and not view.seats[seat].is_bot
    said = [c.text for c in bot.api.calls if c.chat == BOB["id"] and c.method == "sendMessage"]
    assert not [text for text in said if "Deal 1" in text]  # the bot's round is not told as his
    private_view = referee.private_view(1, BOB["id"])
    assert len(private_view.hand.split()) == 13  # his hand, dealt to him
    await bot.until(lambda calls: bot.buttons(BOB["id"]) or bot.buttons(ALICE["id"]), tries=80)
    await play_until(bot, lambda calls: referee.view(1).status != "running", players=(ALICE, BOB))
    ended = [c.text for c in bot.api.calls if c.chat == BOB["id"] and c.method == "sendMessage"]
    assert any("Rating 1500 →" in text for text in ended)  # the seat is rated for him, the match whole
