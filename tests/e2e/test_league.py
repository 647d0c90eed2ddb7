"""End to end: a 拱猪 match between Alice, Bob and two bots, then the league through
the real bot: the match-end rating line, `/top` and `/top all`, `/me` (its picture against a
golden drawn from this live match; another member's by @name and by reply; nobody outside the
group), and `/replay` as an album, in zh and en, and never of a running match."""

from __future__ import annotations

import io
import re
from pathlib import Path
from typing import Any

from PIL import Image

from data.store import Store
from engine.referee.notifier import Notice
from engine.referee.owed import owe
from handlers.games import game_commands
from handlers.i18n import t
from tests.e2e.fake_api import Call, FakeBotApi
from tests.e2e.harness import ALICE, BOB, CAROL, GROUP, Bot, from_group, play_until, private
from tests.e2e.test_match import seated_with_bob, to_group
from tests.render.golden import assert_matches_golden

BOBBY = {**BOB, "username": "bob_plays"}  # Bob as Telegram shows him once he has a @name


def group_texts(bot: Bot, before: int) -> list[str]:
    return [c.text for c in bot.api.calls[before:] if c.chat == GROUP["id"] and c.method == "sendMessage"]


def group_photos(bot: Bot, before: int) -> list[Call]:
    return [c for c in bot.api.calls[before:] if c.chat == GROUP["id"] and c.method == "sendPhoto"]


async def answer(bot: Bot, user: dict[str, Any], text: str, reply_to: dict[str, Any] | None = None) -> Call:
    """The bot's first message to the group after `user` says `text` there, or to `user` in
    private (an answer that concerns them alone)."""
    before = await bot.say(user, GROUP, text, reply_to)
    return await bot.wait(
        lambda calls: next(
            (
                c
                for c in calls[before:]
                if c.chat in (GROUP["id"], user["id"])
                and c.method in ("sendMessage", "sendPhoto", "sendMediaGroup")
            ),
            None,
        )
    )


async def played(bot: Bot) -> None:
    await seated_with_bob(bot, "gongzhu", "fast deals=1")
    await play_until(bot, lambda calls: to_group(calls, "本局结束"), players=(ALICE, BOB))
    await bot.told()


async def test_the_league_after_a_live_match(bot: Bot) -> None:
    await played(bot)
    # the match's end: each rater's change, provisional after one match, before the rematch hint
    [line] = [c.text for c in bot.api.calls if c.chat == GROUP["id"] and "📈 积分变化" in c.text]
    for name in ("Alice", "Bob", "🤖 普通机器人"):
        assert f"{name} " in line and "→ 1" in line
    changes, note, *_ = line.split("📈")[1].split("\n")
    assert changes.count("?") == 3, line
    assert note == "（带 ? 的是暂定积分：计分比赛还不足 5 局）"  # the ? explained
    assert "/rematch" in line.split("📈")[1]  # the hint comes after the ratings

    # /top: the group's raters by rating, with their matches, wins and points
    top = (await answer(bot, ALICE, "/top")).text
    assert top.startswith("拱猪 积分榜：")
    *rows, note = top.split("\n")[1:]
    assert note.startswith("（带 ? 的是暂定积分")
    assert len(rows) == 3 and {r.split(" ")[1] for r in rows} == {"Alice", "Bob", "🤖"}
    assert all("?" in r and "1 局计分" in r for r in rows), rows
    assert [r.endswith("1 局计分") for r in rows].count(True) == 1  # the bot: no wins or points kept
    ratings = [int(r.split("— ")[1].split("?")[0]) for r in rows]
    assert ratings == sorted(ratings, reverse=True)
    everywhere = (await answer(bot, BOB, "/top all")).text
    assert everywhere.startswith("拱猪 积分榜（所有群）：")  # the group's language, not Bob's

    # /me: Alice's card in this group, drawn as a picture like the golden drawn from this match
    card = await answer(bot, ALICE, "/me")
    assert card.method == "sendPhoto"
    picture = next(iter(card.files.values()))
    assert Image.open(io.BytesIO(picture)).width == 720
    assert_matches_golden(picture, "profile-live-gongzhu-zh")

    # in private: her own card over every group (the global ratings)
    before = await bot.say(ALICE, private(ALICE), "/me")
    mine = await bot.wait(
        lambda calls: [c for c in calls[before:] if c.chat == ALICE["id"] and c.method == "sendPhoto"]
    )
    assert next(iter(mine[0].files.values())) != picture  # "所有群", not the group's title

    # another member's card, by @name (once the bot has seen it: a command of his) and by reply
    await answer(bot, BOBBY, "/top")
    before = await bot.say(ALICE, private(ALICE), "/me @bob_plays")
    refused_here = await bot.wait(lambda calls: [c.text for c in calls[before:] if c.chat == ALICE["id"]])
    assert refused_here == ["只能查看本群成员的资料。"]  # another's card only in a group they share
    said = bot.api.send(BOBBY, GROUP, "gg")  # (a bot in privacy mode never sees this one)
    by_name = await answer(bot, ALICE, "/me @bob_plays")
    assert by_name.method == "sendPhoto" and next(iter(by_name.files.values())) != picture
    by_reply = await answer(bot, ALICE, "/me", reply_to=said)
    assert by_reply.method == "sendPhoto" and by_reply.files == by_name.files

    # nobody outside the group, and nobody the bot never met
    bot.api.outsiders.add(BOB["id"])
    refused = await answer(bot, ALICE, "/me @bob_plays")
    assert refused.chat == ALICE["id"] and refused.text == from_group("zh", "只能查看本群成员的资料。")
    bot.api.outsiders.discard(BOB["id"])
    unknown = await answer(bot, CAROL, "/me @nobody_here")
    assert unknown.text == "我不认识 @nobody_here：还没和我玩过。"  # the group's language
    never = await answer(bot, CAROL, "/me")
    assert never.method == "sendMessage" and never.text == "这里还没有你的计分比赛：先打完一局吧。"
    about_carol = await answer(bot, ALICE, "/me", reply_to=bot.api.send(CAROL, GROUP, "hi"))
    assert about_carol.text == "Carol 在这里还没有计分的比赛。"


async def test_replay_sends_the_last_hand_as_an_album_in_each_language(bot: Bot) -> None:
    await played(bot)
    album = await answer(bot, ALICE, "/replay")
    assert album.method == "sendMediaGroup"
    shown = album.album
    assert 2 <= len(shown) <= 7
    assert shown[0][0].startswith("🎬 第 1 场（拱猪，1 号桌）· 第1副（共 1）")
    assert "发牌时每家的牌" in shown[0][0]
    assert_matches_golden(shown[0][1], "replay-live-gongzhu-dealt")
    assert any("Alice" in caption or "Bob" in caption for caption, _ in shown[1:])
    bot.api.admins.add(ALICE["id"])
    switched = await answer(bot, ALICE, "/lang en")  # the group's language: every reply there follows it
    assert switched.text == "This group's table messages are in English now."
    english = await answer(bot, ALICE, "/replay 1")
    assert english.album[0][0].startswith("🎬 Match #1 (Gongzhu, table #1) · Deal 1 of 1")
    assert "Every hand as dealt" in english.album[0][0]


async def test_a_running_match_is_never_replayed(bot: Bot) -> None:
    await played(bot)
    await bot.say(ALICE, GROUP, "/rematch")
    await bot.until(lambda calls: to_group(calls, "第2局开始"))
    running = await answer(bot, ALICE, "/replay 2")
    assert running.text == from_group("zh", "比赛结束后才能回放：进行中的牌不公开。")
    missing = await answer(bot, BOB, "/replay 99")  # his alone: in private, in his language
    assert missing.chat == BOB["id"] and missing.text.startswith(
        from_group("en", "There is no such finished match")
    )
    junk = await answer(bot, BOB, "/replay 1x")
    assert junk.text == missing.text
    last = await answer(bot, BOB, "/replay")  # the last *ended* match: the first one
    assert last.method == "sendMediaGroup" and last.album[0][0].startswith("🎬 第 1 场")
    # the running match's hands appear nowhere in the group (pictures of match 2 are public only)
    referee = bot.app.bot_data.services.referee
    match = referee.match_of(1)
    assert match is not None and not match.is_over


async def test_replay_is_a_group_command(bot: Bot) -> None:
    before = await bot.say(ALICE, private(ALICE), "/replay")
    said = [c.text for c in bot.api.calls[before:] if c.chat == ALICE["id"]]
    assert said == ["这个命令请在群里使用。"]


async def test_a_group_in_english_hears_the_ratings_and_gets_cards_in_english(bot: Bot) -> None:
    bot.api.admins.add(ALICE["id"])
    await bot.say(ALICE, GROUP, "/lang en")
    await seated_with_bob(bot, "gongzhu", "fast deals=1")
    await play_until(bot, lambda calls: to_group(calls, "The match is over"), players=(ALICE, BOB))
    await bot.told()
    [line] = [c.text for c in bot.api.calls if c.chat == GROUP["id"] and "📈" in c.text]
    ratings = line.split("📈 ")[1].split("\n")[0]
    assert ratings.startswith("Ratings: ") and "🤖 normal bot" in ratings and ratings.count("?") == 3
    assert line.split("📈 ")[1].split("\n")[1] == "(? provisional: fewer than 5 rated matches yet)"
    card = await answer(bot, BOB, "/me")  # Bob reads English
    assert card.method == "sendPhoto"
    assert_matches_golden(next(iter(card.files.values())), "profile-live-gongzhu-en")


async def test_score_record_and_rematch_find_the_groups_ended_match_after_a_restart(
    api: FakeBotApi, tmp_path: Path
) -> None:
    """After a restart, /record, /score and /rematch in a group whose last match had
    ended answered "There is no table in this group" (only open tables are loaded), while
    /replay found it."""
    database = tmp_path / "bot.sqlite3"
    bot = await Bot.start(api, database)
    await played(bot)
    await bot.stop()
    bot = await Bot.start(api, database)  # a new process on the same file
    try:
        no_table = t("zh", "refuse.no_table", commands=game_commands("zh"))
        sheet = await answer(bot, ALICE, "/score")
        assert sheet.method == "sendPhoto" and sheet.text != no_table
        before = await bot.say(BOB, GROUP, "/record")
        [record] = [c for c in bot.api.calls[before:] if c.chat == GROUP["id"] and c.method == "sendDocument"]
        assert b'"seed"' in next(iter(record.files.values()))
        await bot.say(ALICE, GROUP, "/rematch")
        await bot.until(lambda calls: to_group(calls, "第2局开始"))
    finally:
        await bot.stop()


async def test_a_match_end_still_owed_at_a_restart_reaches_the_group_with_its_sheet_and_ratings(
    api: FakeBotApi, tmp_path: Path
) -> None:
    """What a crash left untold between the commit and the telling (here: the match's
    end, written back as owed, as the commit wrote it) is told by the next process, in full."""
    database = tmp_path / "bot.sqlite3"
    bot = await Bot.start(api, database)
    ends: list[Notice] = []
    bot.app.bot_data.services.referee.core.watchers.append(
        lambda notice: ends.extend([notice] if any(e.kind == "MatchEnded" for e in notice.events) else [])
    )
    await played(bot)
    await bot.stop()
    store = await Store.open(database)
    async with store.transaction() as q:  # as if the process had died before telling it
        await owe(q, ends[0])
    await store.close()
    before = len(api.calls)
    bot = await Bot.start(api, database)
    try:
        await bot.told()
        again = [c for c in api.calls[before:] if c.chat == GROUP["id"]]
        assert [c for c in again if c.method == "sendPhoto" and c.text.startswith("📊")]  # the score sheet
        assert [c for c in again if "📈 积分变化" in c.text]  # the rating changes
        async with bot.app.bot_data.store.reading() as q:
            assert await q.owed() == []  # told: owed no more
    finally:
        await bot.stop()


async def test_review_without_the_mini_app_pictures_the_costliest_moments(bot: Bot) -> None:
    """A review without the Mini App: `/review` says it has begun, then the summary, then a
    picture of the table before each of the match's (up to) three costliest plays, captioned
    with the play and the better one; a running match is refused."""
    await played(bot)
    before = await bot.say(ALICE, GROUP, "/review")

    def in_group(calls: list[Call], methods: tuple[str, ...]) -> list[Call]:
        return [c for c in calls[before:] if c.chat == GROUP["id"] and c.method in methods]

    begun = [c.text for c in in_group(bot.api.calls, ("sendMessage",)) if c.text.startswith("🔍")]
    assert begun == [t("zh", "review.making", match=1)]  # told at once: the summary follows
    [told] = await bot.wait(
        lambda calls: [c for c in in_group(calls, ("sendMessage",)) if c.text.startswith("🔍 第 1 场复盘")],
        120,
    )
    assert "reply_markup" not in told.params  # no page to link to
    marked = sum(
        int(n)
        for line in told.text.split("\n")
        for n in re.findall(r"(?:\?!|\?|\?\?) (\d+)", line.split("✓")[-1])
    )
    if marked:
        [pictures] = await bot.wait(lambda calls: in_group(calls, ("sendMediaGroup", "sendPhoto")), 60)
        captions = [c for c, _ in pictures.album] if pictures.method == "sendMediaGroup" else [pictures.text]
        assert len(captions) == min(3, marked)
        assert all("出了 " in c and "更好：" in c for c in captions)
    await bot.say(ALICE, GROUP, "/rematch")
    await bot.until(lambda calls: to_group(calls, "第2局开始"))
    running = await answer(bot, ALICE, "/review 2")
    assert running.text == from_group("zh", "比赛结束后才能复盘：进行中的牌不公开。")
