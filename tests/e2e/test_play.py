"""End to end: whole deals through Telegram, presses that must change nothing, typed moves, and
the rule that no hand ever reaches the group or another player."""

from __future__ import annotations

from handlers.announce import signed
from handlers.games import decision_marks
from tests.e2e.fake_api import SENDS
from tests.e2e.harness import (
    ALICE,
    BOB,
    GROUP,
    Bot,
    assert_no_hand_leaves_its_chat,
    choices,
    play_until,
    private,
    score_sheets,
    seated_alone,
)


async def test_a_gongzhu_deal_with_exposures_is_played_to_its_score_sheet(bot: Bot) -> None:
    await seated_alone(bot, "gongzhu")
    # The exposure window: a toggle per exposable card, then done ("expose nothing" while none is on).
    labels = [text for _, text, _ in bot.buttons(ALICE["id"])]
    assert labels[-1] == "💡 提示" and labels[-2] == "不亮"  # the hint, under every choice
    assert len(labels) >= 3 and all(x.startswith("☐ ") for x in labels[:-2])
    message, card, toggle = bot.buttons(ALICE["id"])[0]
    await bot.press(ALICE, message, toggle, bots=False)
    labels = [text for _, text, _ in choices(bot, ALICE["id"])]
    assert labels[0] == "☑ " + card[2:] and labels[-1] == "完成亮牌"
    message, _, done = choices(bot, ALICE["id"])[-1]
    answer = await bot.press(ALICE, message, done)
    assert answer.params["text"] == f"已出：亮 {card[2:]}"
    await bot.until(lambda calls: [c for c in calls if c.chat == GROUP["id"] and card[2:] in c.text])
    presses = await play_until(bot, lambda calls: score_sheets(calls))
    assert presses >= 1  # cards (a deal may end early by a settled claim)
    announcements = [c.text for c in bot.api.calls if c.method in SENDS and c.chat == GROUP["id"]]
    assert any("第1副结束" in text for text in announcements)  # with the sheet, or just before it
    assert_no_hand_leaves_its_chat(bot, ALICE)
    # Alice hears her own deal: what her cards scored and what she counts
    referee = bot.app.bot_data.services.referee
    deal = referee.tables[1].match.rounds[0]
    alice = referee.view(1).seat_of(ALICE["id"])
    said = [c.text for c in bot.api.calls if c.chat == ALICE["id"] and c.method == "sendMessage"]
    results = [text for text in said if text.startswith("🏁 第1副结束：你收的牌 ")]
    assert len(results) == 1, said[-3:]
    assert f"计分 {signed(deal.scores[alice])}。" in results[0]


async def test_a_press_by_the_wrong_user_a_stale_keyboard_a_double_press_and_forged_data_change_nothing(
    bot: Bot,
) -> None:
    await seated_alone(bot, "gongzhu")
    keyboard = choices(bot, ALICE["id"])
    message, _, data = keyboard[-1]
    version = bot.version()
    wrong = await bot.press(BOB, message, data, bots=False)
    assert wrong.params.get("text") == "You have no seat at this table."  # Bob's Telegram is English
    forged = await bot.press(ALICE, message, data[:-3] + "AAA", bots=False)
    assert forged.params.get("text") == "按钮数据无效。"
    assert bot.version() == version  # nothing changed
    first = await bot.press(ALICE, message, data, bots=False)
    assert first.params.get("text", "").startswith("已出") and bot.version() == version + 1
    again = await bot.press(ALICE, message, data, bots=False)  # her move, made: answered as made
    assert again.params.get("text") == first.params["text"] and bot.version() == version + 1
    _, _, toggle = keyboard[0]  # a step of the keyboard the table moved on from
    stale = await bot.press(ALICE, message, toggle, bots=False)
    assert stale.params.get("text") == "这个按钮已经过期：牌局已经往下走了。" and bot.version() == version + 1
    # Two cards pressed on one keyboard: the first is played, the second answered with it
    referee = bot.app.bot_data.services.referee
    seat = referee.view(1).seat_of(ALICE["id"])
    await bot.until(
        lambda calls: seat in referee.view(1).to_act and referee.private_view(1, ALICE["id"]).phase == "play"
    )
    cards = [b for b in choices(bot, ALICE["id"]) if b[0] == choices(bot, ALICE["id"])[0][0]]
    played = bot.version()
    one = await bot.press(ALICE, cards[0][0], cards[0][2], bots=False)
    two = await bot.press(ALICE, cards[-1][0], cards[-1][2], bots=False)
    assert one.params["text"] == two.params.get("text") == f"已出：{cards[0][1]}"
    assert bot.version() == played + 1


async def test_a_typed_move_is_checked_like_a_button(bot: Bot) -> None:
    await seated_alone(bot, "gouji")
    before = await bot.say(ALICE, private(ALICE), "BJ BJ BJ BJ BJ")
    reply = await bot.wait(
        lambda calls: next(
            (c for c in calls[before:] if c.chat == ALICE["id"] and "出牌无效" in c.text), None
        )
    )
    assert reply.method == "sendMessage"
    await play_until(bot, lambda calls: any("第1手结束" in c.text for c in calls), limit=300)
    assert_no_hand_leaves_its_chat(bot, ALICE)


async def test_typing_buyao_passes_the_gongzhu_exposure(bot: Bot) -> None:
    """不要 reaches the engine as `pass` (it used to be a special case of the handler only)."""
    await seated_alone(bot, "gongzhu")
    referee = bot.app.bot_data.services.referee
    assert referee.private_view(1, ALICE["id"]).phase == "expose"
    before = await bot.say(ALICE, private(ALICE), "不要")
    assert not [c for c in bot.api.calls[before:] if c.chat == ALICE["id"] and "无效" in c.text]
    await bot.until(lambda calls: referee.private_view(1, ALICE["id"]).phase != "expose")
    seat = next(s.seat for s in referee.view(1).seats if s.player == ALICE["id"])
    assert next(m for s, m in referee.tables[1].match.log if s == seat) == "pass"


async def test_typing_a_word_that_is_no_move_says_so_not_that_only_pass_is_allowed(bot: Bot) -> None:
    """`hello` was answered "not one of your choices here: pass" while the keyboard
    offered plays."""
    await seated_alone(bot, "gouji")
    await bot.until(lambda calls: bot.buttons(ALICE["id"]))
    for text, expected in (("hello", "看不懂“hello”"), ("吃", "请出一套压得过桌面的牌，或者过")):
        before = await bot.say(ALICE, private(ALICE), text)
        reply = next(c.text for c in bot.api.calls[before:] if c.chat == ALICE["id"] and "无效" in c.text)
        assert expected in reply and "：过。" not in reply, reply


async def test_table_in_private_shows_the_players_table_picture_and_no_hand(bot: Bot) -> None:
    """`/table` works in the private chat: the table as the group sees it."""
    await seated_alone(bot, "gouji")
    before = await bot.say(ALICE, private(ALICE), "/table")
    photo = await bot.wait(
        lambda calls: next(
            (c for c in calls[before:] if c.chat == ALICE["id"] and c.method == "sendPhoto"), None
        )
    )
    group_tables = [c for c in bot.api.calls if c.chat == GROUP["id"] and c.files]
    hands = {f for c in bot.api.calls[:before] if c.chat == ALICE["id"] for f in c.files.values()}
    assert photo.files and not hands & set(photo.files.values())  # a table, not her hand
    assert group_tables  # the same kind of picture the group has
    before = await bot.say(BOB, private(BOB), "/table")  # Bob sits nowhere
    said = await bot.wait(lambda calls: [c.text for c in calls[before:] if c.chat == BOB["id"]])
    assert said[0] == "You are not at a running table."


async def test_a_move_typed_in_lowercase_is_offered_as_a_button_never_played_as_typed(bot: Bot) -> None:
    """Typing `k` (as in "ok") must never play a K. A move that differs from the notation only by
    case is offered as a button: nothing is played until it is pressed; Cancel plays nothing."""
    await seated_alone(bot, "gongzhu")
    referee = bot.app.bot_data.services.referee
    seat = next(s.seat for s in referee.view(1).seats if s.player == ALICE["id"])
    await bot.until(
        lambda calls: referee.private_view(1, ALICE["id"]).phase == "play" and seat in referee.view(1).to_act
    )
    card = referee.private_view(1, ALICE["id"]).legal[0]  # e.g. "SQ"
    version = bot.version()
    before = await bot.say(ALICE, private(ALICE), card.lower())
    offer = next(c for c in bot.api.calls[before:] if c.chat == ALICE["id"] and c.method == "sendMessage")
    assert f"“{card.lower()}” 读作" in offer.text and bot.version() == version  # nothing played
    offered = [b for b in bot.buttons(ALICE["id"]) if b[0].get("text") == offer.text]
    assert [text.startswith("确认出牌") for _, text, _ in offered] == [True, False]  # play it, cancel
    message, _, cancel = offered[1]
    await bot.press(ALICE, message, cancel, bots=False)
    closed = bot.api.messages[(ALICE["id"], message["message_id"])]
    assert bot.version() == version and "已取消" in closed["text"] and not closed.get("reply_markup")
    before = await bot.say(ALICE, private(ALICE), "hello")  # no move in any case: the engine says so
    told = [c.text for c in bot.api.calls[before:] if c.chat == ALICE["id"] and c.method == "sendMessage"]
    assert any("“hello”不是一张牌" in text for text in told), told
    before = await bot.say(ALICE, private(ALICE), card.lower())
    offer = next(c for c in bot.api.calls[before:] if c.chat == ALICE["id"] and c.method == "sendMessage")
    message, _, play_it = next(b for b in bot.buttons(ALICE["id"]) if b[0].get("text") == offer.text)
    answer = await bot.press(ALICE, message, play_it, bots=False)
    assert answer.params["text"].startswith("已出") and (seat, card) in referee.tables[1].match.log
    assert bot.api.messages[(ALICE["id"], message["message_id"])]["text"].startswith("已出")


async def test_a_typed_play_with_a_consequence_asks_to_be_confirmed_as_its_button_does(bot: Bot) -> None:
    """A ⚠️ button (a 4 before 开点, a burn) asks to be confirmed; typed, the same move is offered
    with the same warning and played only when its button is pressed."""
    await seated_alone(bot, "gouji")
    referee = bot.app.bot_data.services.referee

    def warned() -> list[str]:
        private = referee.private_view(1, ALICE["id"])
        if ALICE["id"] not in [referee.view(1).seats[s].player for s in referee.view(1).to_act]:
            return []
        marks, _ = decision_marks("gouji", private)
        return [move for move in private.legal if move in marks]

    await play_until(bot, lambda calls: warned() or referee.view(1).status != "running", limit=300)
    moves = warned()
    assert moves, "no warned play came up in the match"
    version = bot.version()
    before = await bot.say(ALICE, private(ALICE), moves[0])
    offer = next(c for c in bot.api.calls[before:] if c.chat == ALICE["id"] and c.method == "sendMessage")
    assert offer.text.startswith("⚠️") and bot.version() == version  # the warning, nothing played
    message, label, play_it = next(b for b in bot.buttons(ALICE["id"]) if b[0].get("text") == offer.text)
    assert label.startswith("⚠️ 确认出牌")
    await bot.press(ALICE, message, play_it, bots=False)
    assert bot.version() > version


async def test_score_before_the_first_round_ends_says_which_round_is_on(bot: Bot) -> None:
    await seated_alone(bot, "gouji")
    before = await bot.say(ALICE, GROUP, "/score")
    said = await bot.wait(lambda calls: [c.text for c in calls[before:] if c.chat == GROUP["id"] and c.text])
    assert said[0] == "第1手还在进行中，打完后才有比分表。", said
