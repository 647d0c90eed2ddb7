"""End to end: a whole 够级 match with two humans, a restart in the middle of a hand, a timeout
that ends on autopilot and /back, and the table's commands: /score, /record, /stats, /top, /stop."""

from __future__ import annotations

import json
from pathlib import Path

from engine.gouji.scoring import compensation
from engine.record import replay_record
from engine.referee.clock import ManualClock
from handlers.announce import signed
from handlers.i18n import t
from tests.e2e.fake_api import SENDS, Call, FakeBotApi
from tests.e2e.harness import (
    ALICE,
    BOB,
    GROUP,
    Bot,
    assert_no_hand_leaves_its_chat,
    choices,
    deal_results,
    from_group,
    join_link,
    play_until,
    private,
    score_sheets,
    seated_alone,
)


async def seated_with_bob(bot: Bot, game: str, options: str) -> None:
    """Alice opens the table and comes through the deep link; Bob, who has a private chat with
    the bot already, joins in the group; bots fill the rest and the match starts."""
    await bot.say(ALICE, GROUP, f"/{game} {options}")
    await bot.say(ALICE, private(ALICE), await join_link(bot))
    await bot.say(BOB, private(BOB), "/start")
    await bot.say(BOB, GROUP, "/join")
    await bot.say(ALICE, GROUP, "/fill")
    await bot.say(ALICE, GROUP, "/startgame")


def to_group(calls: list[Call], text: str) -> Call | None:
    return next((c for c in calls if c.chat == GROUP["id"] and c.method in SENDS and text in c.text), None)


def replies_to(bot: Bot, user: dict[str, object], before: int) -> list[str]:
    return [c.text for c in bot.api.calls[before:] if c.chat == user["id"] and c.method == "sendMessage"]


async def test_a_gouji_match_with_two_humans_and_four_bots_is_played_to_its_end(bot: Bot) -> None:
    await seated_with_bob(bot, "gouji", "fast max_hands=2")
    presses = await play_until(
        bot, lambda calls: to_group(calls, "本局结束"), limit=600, players=(ALICE, BOB)
    )
    referee = bot.app.bot_data.services.referee
    assert presses > 10
    assert to_group(bot.api.calls, "第1手结束")  # (a 烩四 may end the match after one hand)
    final = [c for c in bot.api.calls if c.method == "sendPhoto" and "本局结束" in c.text]
    assert len(final) == 1 and final[0].files  # the match's last sheet carries the result
    assert "获胜" in final[0].text or "打平" in final[0].text  # and names who won
    assert final[0].text.split("\n")[1].startswith("第")  # the caption opens with the round's end
    for player in (ALICE, BOB):
        assert_no_hand_leaves_its_chat(bot, player)
    # each player hears their own result in private: place and points per hand, then the match
    played = referee.tables[1].match
    first = played.rounds[0]
    alice = referee.view(1).seat_of(ALICE["id"])
    place = first.finish_order.index(alice) + 1 if alice in first.finish_order else 6
    said = [c.text for c in bot.api.calls if c.chat == ALICE["id"] and c.method == "sendMessage"]
    mine = f"🏁 第1手结束：你是{t('zh', f'places.{place}')}，本手 {signed(first.scores[alice])}"
    assert [line for line in said if line.startswith(mine)], said[-4:]
    outcome = "won" if alice in played.winners() else "lost" if played.winners() else "draw"
    total = t("zh", f"play.result_{outcome}", total=signed(played.totals[alice]))
    [ending] = [line for line in said if total in line]
    # the hand limit's 补偿积分 (§11) is in the total, and said apart
    swept = played.end_reason == "sweep"
    bonus = 0 if swept else compensation(played.rules, played.rounds[-1].debts)[alice]
    assert (t("zh", "play.result_compensation", points=signed(bonus)) in ending) == (bonus != 0), ending
    bobs = [c.text for c in bot.api.calls if c.chat == BOB["id"] and c.method == "sendMessage"]
    assert [line for line in bobs if line.startswith("🏁 Hand 1 over: you finished")]  # his language
    # The record replays to the match the referee played; /score and /stats know the result.
    before = await bot.say(ALICE, GROUP, "/record")
    document = await bot.wait(
        lambda calls: next((c for c in calls[before:] if c.method == "sendDocument"), None)
    )
    record = json.loads(next(iter(document.files.values())))
    replayed = replay_record(record)
    assert replayed.is_over and played.is_over and replayed.log == played.log
    assert list(replayed.totals) == list(played.totals)
    before = await bot.say(BOB, GROUP, "/score")
    score = await bot.wait(lambda calls: next((c for c in calls[before:] if c.chat == GROUP["id"]), None))
    assert score.method == "sendPhoto" and score.files
    before = await bot.say(BOB, private(BOB), "/stats")
    stats = await bot.wait(lambda calls: [c.text for c in calls[before:] if c.chat == BOB["id"]])
    assert "1 matches" in stats[0] or "1 match" in stats[0], stats
    before = await bot.say(ALICE, GROUP, "/top")
    top = await bot.wait(lambda calls: [c.text for c in calls[before:] if c.chat == GROUP["id"]])
    assert "Alice" in top[0] and "Bob" in top[0]
    # /rematch: the creator starts a new match with the same seats; Bob may not
    before = await bot.say(BOB, GROUP, "/rematch")
    refused = await bot.wait(
        lambda calls: [c.text for c in calls[before:] if c.chat == BOB["id"] and c.method == "sendMessage"]
    )  # his alone: in private, in his language
    assert refused[0] == from_group("en", "Only the table's creator or a group admin can do that.")
    assert not [c for c in bot.api.calls[before:] if c.chat == GROUP["id"] and c.method == "sendMessage"]
    seats = [s.player for s in referee.view(1).seats]
    await bot.say(ALICE, GROUP, "/rematch")
    await bot.until(lambda calls: to_group(calls, "第2局开始"))
    assert referee.view(1).status == "running" and [s.player for s in referee.view(1).seats] == seats


async def test_a_restart_in_the_middle_of_a_hand_loses_nothing(api: FakeBotApi, tmp_path: Path) -> None:
    clock, database = ManualClock(), tmp_path / "bot.sqlite3"
    bot = await Bot.start(api, database, clock)
    await seated_alone(bot, "gouji")
    await play_until(bot, lambda calls: len([c for c in calls if c.method == "answerCallbackQuery"]) >= 3)
    await bot.until(lambda calls: bot.buttons(ALICE["id"]))
    referee = bot.app.bot_data.services.referee
    before = referee.private_view(1, ALICE["id"])
    keyboard = bot.buttons(ALICE["id"])
    async with referee.store.reading() as q:
        logged = len(await q.moves(referee.tables[1].match_id))
    await bot.stop()
    await clock.advance(30)  # down for half a minute

    bot = await Bot.start(api, database, clock)  # a new process on the same SQLite file
    referee = bot.app.bot_data.services.referee
    after = referee.private_view(1, ALICE["id"])
    assert (after.hand, after.legal, after.version, after.public) == (
        before.hand, before.legal, before.version, before.public
    )  # fmt: skip
    async with referee.store.reading() as q:
        assert len(await q.moves(referee.tables[1].match_id)) == logged
    # The keyboard from before the restart is still the live one, and it works.
    assert [m["message_id"] for m, _, _ in bot.buttons(ALICE["id"])] == [
        m["message_id"] for m, _, _ in keyboard
    ]
    message, _, data = next(b for b in keyboard if not b[1].startswith("⚠️"))
    answer = await bot.press(ALICE, message, data)
    assert answer.params["text"].startswith("已出")
    await play_until(bot, lambda calls: to_group(calls, "第1手结束"), limit=300)
    assert to_group(bot.api.calls, "机器人重启完毕，已补回 30 秒。")  # the group was told the time given back
    await bot.stop()


async def test_a_missed_deadline_puts_the_player_on_autopilot_until_back(
    api: FakeBotApi, tmp_path: Path
) -> None:
    bot = await Bot.start(api, tmp_path / "bot.sqlite3", move_delay=1.0)  # bots take a second a move
    await seated_alone(bot, "gouji", "fast strikes=1")
    referee = bot.app.bot_data.services.referee
    table = referee.tables[1]
    deadline = referee.view(1).deadline_at
    await bot.clock.advance(deadline - bot.clock.now() + 0.5)  # Alice does not move in time
    await bot.until(lambda calls: to_group(calls, "多次超时"))
    assert table.seats[table.seat_of(ALICE["id"])].autopilot
    assert "超时，机器人替你出了" in last_hand_caption(bot, ALICE)  # not "已出", as if she had played
    assert any("托管" in text for text in replies_to(bot, ALICE, 0))
    assert not bot.buttons(ALICE["id"])  # her keyboard went with her turn
    # On autopilot the bot plays her turns: the table goes on without her, and her chat stays
    # quiet (34 notifying "your turn" photos): no new message, no keyboard.
    quiet_from = len(bot.api.calls)
    await bot.clock.advance(30)
    await bot.told()
    sent_to_her = [c for c in bot.api.calls[quiet_from:] if c.chat == ALICE["id"] and c.method in SENDS]
    assert sent_to_her == [] and not bot.buttons(ALICE["id"])
    async with referee.store.reading() as q:
        actors = {
            row.actor for row in await q.moves(table.match_id) if row.seat == table.seat_of(ALICE["id"])
        }
    assert "autopilot" in actors and "player" not in actors
    before = await bot.say(ALICE, private(ALICE), "/back")
    assert "欢迎回来" in " ".join(replies_to(bot, ALICE, before))
    await bot.until(lambda calls: to_group(calls, "回来了"))
    assert not table.seats[table.seat_of(ALICE["id"])].autopilot
    await bot.until(lambda calls: bot.buttons(ALICE["id"]), tries=80)  # her turns are hers again
    await bot.stop()


async def test_stop_is_a_vote_for_players_and_immediate_for_the_creator(bot: Bot) -> None:
    await seated_with_bob(bot, "gongzhu", "fast")
    await bot.until(lambda calls: bot.buttons(ALICE["id"]) and bot.buttons(BOB["id"]))
    await bot.say(BOB, GROUP, "/stop")
    await bot.until(lambda calls: to_group(calls, "投票结束本桌（1/2）"))
    assert bot.app.bot_data.services.referee.view(1).status == "running"
    before = await bot.say(BOB, GROUP, "/stop")
    await bot.until(  # his alone: said to him
        lambda calls: [c for c in calls[before:] if c.chat == BOB["id"] and "already voted" in c.text]
    )
    await bot.say(ALICE, GROUP, "/stop")
    await bot.until(lambda calls: to_group(calls, "牌桌已结束"))
    # No keyboard is left in anyone's chat: the table's buttons all went with it, and the hand
    # messages say the table stopped instead of "your turn (0:45 left)".
    await bot.until(lambda calls: not bot.buttons(ALICE["id"]) and not bot.buttons(BOB["id"]))
    for player, stopped in ((ALICE, "牌桌已结束"), (BOB, "The table was stopped")):
        last = last_hand_caption(bot, player)
        assert stopped in last and "剩余" not in last and "left)" not in last, last
    before = await bot.say(ALICE, GROUP, "/stop")
    await bot.wait(lambda calls: [c for c in calls[before:] if c.chat == GROUP["id"]])


async def test_exposure_toggles_survive_another_seat_deciding_first(bot: Bot) -> None:
    await seated_with_bob(bot, "gongzhu", "fast")
    await bot.until(lambda calls: bot.buttons(ALICE["id"]) and bot.buttons(BOB["id"]))
    message, card, toggle = bot.buttons(ALICE["id"])[0]
    await bot.press(ALICE, message, toggle, bots=False)
    _, _, done = choices(bot, ALICE["id"])[-1]  # "done", made at the version before Bob's decision
    version = bot.version()
    bob_message, _, bob_done = choices(bot, BOB["id"])[-1]
    before = len(bot.api.calls)
    await bot.press(BOB, bob_message, bob_done, bots=False)
    assert bot.version() == version + 1
    # her keyboard stands as it was (no edit: its buttons stay valid), her toggle still on
    assert not [c for c in bot.api.calls[before:] if c.chat == ALICE["id"]]
    assert bot.buttons(ALICE["id"])[0][1] == "☑ " + card[2:]
    answer = await bot.press(ALICE, message, done, bots=False)
    assert answer.params["text"] == f"已出：亮 {card[2:]}"


def last_hand_caption(bot: Bot, player: dict[str, object]) -> str:
    """The caption of the player's newest hand message, as their chat shows it now."""
    photos = [
        m for (chat, _), m in sorted(bot.api.messages.items()) if chat == player["id"] and m.get("photo")
    ]
    return str(photos[-1].get("caption", ""))


async def test_a_leaver_is_named_in_the_group_and_their_keyboard_goes(bot: Bot) -> None:
    """A leaver was announced under the bot's name (🤖 bot 1 left) and kept a keyboard."""
    await seated_with_bob(bot, "gongzhu", "fast")
    await bot.until(lambda calls: bot.buttons(BOB["id"]))
    before = await bot.say(BOB, GROUP, "/leave")
    said = await bot.until(lambda calls: to_group(calls[before:], "Bob 离开"))
    assert "机器人 " not in said.text.split("由机器人接替")[0]  # named Bob, not the bot
    await bot.until(lambda calls: not bot.buttons(BOB["id"]))
    assert "You left the table" in last_hand_caption(bot, BOB)


async def test_each_player_hears_where_they_sit_and_with_whom(bot: Bot) -> None:
    """ "You are here": seat, teammates and 对头, once, at the start."""
    await seated_with_bob(bot, "gouji", "fast teams=join_order")  # Alice 1, Bob 2: opponents
    await bot.until(lambda calls: bot.buttons(ALICE["id"]) or bot.buttons(BOB["id"]))
    alice = [text for text in replies_to(bot, ALICE, 0) if text.startswith("📍")]
    bob = [text for text in replies_to(bot, BOB, 0) if text.startswith("📍")]
    assert alice == ["📍 你坐 1 号位，联邦1。队友：🤖 机器人 3、🤖 机器人 5；对头：🤖 机器人 4。"]
    assert bob == [
        "📍 You sit at seat 2, team 2. Teammates: 🤖 bot 4, 🤖 bot 6; your opposite (对头): 🤖 bot 5."
    ]


async def test_the_last_score_sheet_offers_a_rematch_button_for_the_creator(bot: Bot) -> None:
    """A rematch button at a match's end (same seats, new match), with /rematch's powers."""
    await seated_with_bob(bot, "gongzhu", "fast deals=1")
    await play_until(bot, lambda calls: to_group(calls, "本局结束"), players=(ALICE, BOB))
    await bot.told()
    offered = [(m, text, data) for m, text, data in bot.buttons(GROUP["id"]) if "再来一局" in text]
    assert len(offered) == 1 and "photo" in offered[0][0]  # on the match's last sheet
    message, _, data = offered[0]
    refused = await bot.press(BOB, message, data, bots=False)
    assert refused.params["text"] == "Only the table's creator or a group admin can do that."
    referee = bot.app.bot_data.services.referee
    assert referee.view(1).status == "finished"
    await bot.press(ALICE, message, data)
    await bot.until(lambda calls: to_group(calls, "第2局开始"))
    assert referee.view(1).status == "running" and referee.view(1).match_no == 2
    await bot.told()
    assert not [text for _, text, _ in bot.buttons(GROUP["id"]) if "再来一局" in text]  # the button went


async def test_an_exposure_window_that_runs_out_exposes_nothing_and_says_so_to_the_player(
    api: FakeBotApi, tmp_path: Path
) -> None:
    """The rules' move for a seat out of time exposes nothing (not its bot's ♦J), no penalty; the
    group hears it, and so does the player, above the question that asks for her card at once
    (the bots play instantly up to her)."""
    bot = await Bot.start(api, tmp_path / "bot.sqlite3")
    await seated_alone(bot, "gongzhu", "fast")
    referee = bot.app.bot_data.services.referee
    seat = referee.view(1).seat_of(ALICE["id"])
    deadline = referee.view(1).deadline_at
    await bot.clock.advance(deadline - bot.clock.now() + 0.5)
    said = await bot.until(lambda calls: to_group(calls, "超时：未作选择，不罚"))
    assert "Alice" in said.text
    await bot.until(lambda calls: "未替你作选择" in last_hand_caption(bot, ALICE))
    assert referee.view(1).to_act == (seat,)  # her turn follows at once
    caption = last_hand_caption(bot, ALICE)
    assert caption.index("未替你作选择") < caption.index("剩余"), caption  # above the question
    assert not any(c for c in bot.api.calls if c.chat == GROUP["id"] and "Alice 亮" in c.text)
    assert referee.tables[1].seats[seat].strikes == 0
    message, _, data = choices(bot, ALICE["id"])[0]
    await bot.press(ALICE, message, data)  # her own move: the line was told, it goes
    await bot.until(lambda calls: "⏰" not in last_hand_caption(bot, ALICE))
    await bot.stop()


async def test_the_group_table_is_not_redrawn_while_seats_decide_together_unseen(
    api: FakeBotApi, tmp_path: Path
) -> None:
    """In an exposure window who has decided is secret: the bots' decisions change nothing the
    group sees, so its table picture is not edited until the window closes."""
    bot = await Bot.start(api, tmp_path / "bot.sqlite3", move_delay=1.0)
    await seated_alone(bot, "gongzhu", "fast expose_seconds=30")
    referee = bot.app.bot_data.services.referee
    assert referee.view(1).public.phase == "expose"
    before = len(bot.api.calls)
    versions = bot.version()
    for _ in range(25):  # the three bots decide meanwhile; Alice has not
        await bot.clock.advance(1)
        await bot.told()
    assert bot.version() > versions  # they did decide
    edits = [c for c in bot.api.calls[before:] if c.chat == GROUP["id"] and c.method.startswith("edit")]
    assert edits == []
    await bot.stop()


async def spend_the_groups_hour(bot: Bot) -> None:
    """The group's budget from now: the match's first picture spends it for an hour."""
    feed = bot.app.bot_data.notifier.feed
    feed.burst, feed.rate = 1.0, 1 / 3600


async def test_a_deals_end_waiting_for_the_groups_budget_stays_owed_until_its_sheet_is_in_the_group(
    bot: Bot,
) -> None:
    """Handing the sheet to the group's pacing is not telling it: the deal's end stays owed while
    the sheet waits for the group's budget, so an owner killed meanwhile leaves it to the next."""
    await spend_the_groups_hour(bot)
    await seated_alone(bot, "gongzhu", "fast deals=1")
    referee = bot.app.bot_data.services.referee
    await play_until(bot, lambda calls: referee.view(1).status == "finished")
    await bot.told()
    assert not score_sheets(bot.api.calls) and len(deal_results(bot.api.calls, ALICE)) == 1  # the group waits
    async with referee.store.reading() as q:
        assert [told_privately for _, _, told_privately in await q.owed()] == [True]  # still owed
    await bot.clock.advance(3600)
    await bot.told()
    await referee.settle_notices()
    assert len(score_sheets(bot.api.calls)) == 1
    async with referee.store.reading() as q:
        assert await q.owed() == []


async def test_a_deals_end_cut_off_while_its_sheet_waited_is_told_once_after_the_restart(
    api: FakeBotApi, tmp_path: Path
) -> None:
    """The process ends while the sheet waits for the group's budget (as a killed one would: no
    flush): the next start tells the group the sheet, and Alice, told her result already, is not
    told it again."""
    clock, database = ManualClock(), tmp_path / "bot.sqlite3"
    bot = await Bot.start(api, database, clock)
    await spend_the_groups_hour(bot)
    await seated_alone(bot, "gongzhu", "fast deals=1")
    referee = bot.app.bot_data.services.referee
    await play_until(bot, lambda calls: referee.view(1).status == "finished")
    await bot.told()
    await bot.wait(lambda _: bot.api.fetched_all())
    await bot.app.updater.stop()  # type: ignore[union-attr]
    await bot.app.stop()
    await referee.close()  # the clocks stop; nothing still to be told goes out
    await bot.app.bot_data.notifier.feed.abandon()
    await referee.abandon_notices()
    await referee.store.close()
    await bot.app.shutdown()
    assert not score_sheets(api.calls) and len(deal_results(api.calls, ALICE)) == 1

    bot = await Bot.start(api, database, clock)  # a new process on the same file
    await bot.told()
    await bot.until(lambda calls: score_sheets(calls))
    assert len(score_sheets(api.calls)) == 1 and len(deal_results(api.calls, ALICE)) == 1
    await bot.app.bot_data.services.referee.settle_notices()
    async with bot.app.bot_data.services.referee.store.reading() as q:
        assert await q.owed() == []
    await bot.stop()
