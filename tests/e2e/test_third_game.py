"""A game is one pack. The tests' third game, 吃墩 (tests/thirdgame/, registered through
the public pack API in tests/conftest.py, named by no platform file), played end to end through
the real bot: the lobby, a bot, a player who times out onto autopilot, the group's lines and
pictures, each player's private hand and results, the league, the record and the replay; then
the Mini App's API, its page in a real browser, and its replay."""

from __future__ import annotations

import io
import json
from pathlib import Path

import aiohttp
from PIL import Image

from engine.record import replay_record
from handlers.i18n import t
from tests.e2e.browser import Page, need_chromium
from tests.e2e.fake_api import FakeBotApi
from tests.e2e.harness import (
    ALICE,
    BOB,
    GROUP,
    Bot,
    assert_no_hand_leaves_its_chat,
    choices,
    from_group,
    join_link,
    play_until,
    private,
    score_sheets,
    seated_alone,
)
from tests.e2e.miniapp import Caller, init_data, play_by_api, served_bot
from tests.e2e.test_league import answer, group_photos, group_texts
from tests.e2e.test_match import to_group
from tests.e2e.test_miniapp_browser import shot
from tests.thirdgame.engine import DECK, NAME

GAME = "吃墩"


def photo(data: bytes) -> Image.Image:
    return Image.open(io.BytesIO(data))


async def test_the_third_game_is_played_end_to_end_in_telegram(bot: Bot) -> None:
    await bot.say(ALICE, GROUP, f"/{NAME} fast rounds=2")
    lobby = await bot.wait(lambda calls: to_group(calls, GAME))
    assert "/startgame" in lobby.text or lobby.params.get("reply_markup")  # the lobby's buttons
    await bot.say(ALICE, private(ALICE), await join_link(bot))
    await bot.say(BOB, private(BOB), "/start")
    await bot.say(BOB, GROUP, "/join")
    await bot.say(ALICE, GROUP, "/fill")  # one bot: three seats
    await bot.say(ALICE, GROUP, "/startgame")
    await bot.until(lambda calls: choices(bot, ALICE["id"]) or choices(bot, BOB["id"]))
    referee = bot.app.bot_data.services.referee
    view = referee.view(1)
    assert view.game == NAME and len(view.seats) == 3 and view.seats[2].is_bot
    table = [c for c in group_photos(bot, 0) if c.files]
    assert table and photo(next(iter(table[0].files.values()))).size == (1000, 640)  # the table picture
    alice = view.seat_of(ALICE["id"])
    intro = t("zh", "chidun.intro", seat=alice + 1, after="")
    told = [c.text for c in bot.api.calls if c.chat == ALICE["id"]]
    assert any(text.startswith(intro.split("；")[0]) for text in told), told
    # her hand: a picture with a button per card she may play (every card when she leads)
    private_view = referee.private_view(1, ALICE["id"])
    assert len(private_view.hand.split()) == 6 and set(private_view.hand.split()) <= set(DECK)
    # Bob never answers: he times out, and after three strikes the autopilot plays for him
    await play_until(bot, lambda calls: to_group(calls, "本局结束"), players=(ALICE,))
    await bot.told()
    match = referee.match_of(1)
    assert match.is_over and match.end_reason == "rounds" and len(match.rounds) == 2
    # the group's lines: the pack's own (the rounds), the platform's (timeouts, the result)
    said = "\n".join([*group_texts(bot, 0), *(c.text for c in group_photos(bot, 0))])
    first = match.rounds[0]
    assert first.scores is not None and sum(first.scores) == 6  # six tricks a round
    names = dict(
        zip(range(3), (await bot.app.bot_data.services.seat_names(referee.view(1), "zh")), strict=True)
    )
    leader = names[first.leader]
    assert f"第1轮开始，{leader} 先出。" in said and "第2轮开始" in said, said
    scores = " · ".join(f"{names[s]} {points}" for s, points in enumerate(first.scores))
    assert f"第1轮结束：{scores}" in said, said
    bob = view.seat_of(BOB["id"])
    assert (
        f"{names[bob]} 超时，机器人代打。" in said and f"{names[bob]} 多次超时" in said
    )  # strikes, then autopilot
    assert referee.view(1).seats[bob].strikes >= 3 and match.penalties[bob] >= 1
    sheets = score_sheets(bot.api.calls)
    assert len(sheets) == 2 and all(sheet.files for sheet in sheets)  # a sheet after each round
    winners = match.winners()
    assert to_group(bot.api.calls, "获胜") and to_group(bot.api.calls, "📈 积分变化")
    # each player's own result, in private, in their language
    mine = [c.text for c in bot.api.calls if c.chat == ALICE["id"] and c.method == "sendMessage"]
    result = t("zh", "chidun.result", round=1, tricks=first.scores[alice])
    assert result in mine, mine[-5:]
    bobs = [c.text for c in bot.api.calls if c.chat == BOB["id"] and c.method == "sendMessage"]
    assert any(text.startswith("🏁 Round 1 over: you took") for text in bobs)
    for player in (ALICE, BOB):
        assert_no_hand_leaves_its_chat(bot, player)
    # the league: the profile counts the tricks Alice took, by the statistic's name
    taken = sum(r.tricks_won[alice] for r in match.rounds)
    async with referee.core.store.reading() as q:
        [row] = [r for r in await q.player_stats(ALICE["id"], GROUP["id"]) if r.game == NAME]
    assert row.matches == 1 and row.wins == int(alice in winners) and row.tallies == {"tricks_taken": taken}
    me = await answer(bot, ALICE, "/me")
    assert me.method == "sendPhoto" and me.files
    # the record replays to the same match; the replay shows every hand face up
    before = await bot.say(ALICE, GROUP, "/record")
    record = await bot.wait(
        lambda calls: next((c for c in calls[before:] if c.method == "sendDocument"), None)
    )
    again = replay_record(json.loads(next(iter(record.files.values()))))
    assert again.log == match.log and again.totals == match.totals
    before = await bot.say(ALICE, GROUP, "/replay")
    album = await bot.wait(
        lambda calls: next((c for c in calls[before:] if c.method == "sendMediaGroup"), None)
    )
    captions = [item.get("caption", "") for item in json.loads(album.params["media"])]
    assert album.files and "吃墩" in captions[0] and "第2轮（共 2）" in captions[0], (
        captions
    )  # the last round
    assert "第2轮结束" in captions[-1], captions
    faces = photo(next(iter(album.files.values())))  # every hand face up, under its seat's name
    assert faces.width > 300 and faces.height > 200
    refused = await answer(bot, ALICE, "/review")  # a game without a reviewer says so, by its name
    assert refused.text == from_group("zh", t("zh", "reason.review_game", game="吃墩"))
    rules = await answer(bot, ALICE, f"/rules {NAME}")
    assert "吃墩简介" in rules.text


async def test_the_third_game_in_the_mini_app_api_page_and_replay(api: FakeBotApi, tmp_path: Path) -> None:
    need_chromium()
    async with served_bot(api, tmp_path / "bot.sqlite3") as (bot, base):
        await seated_alone(bot, NAME, "fast rounds=1")
        async with aiohttp.ClientSession() as session:
            alice = Caller(session, base, ALICE)
            status, view = await alice.get("/api/tables/1")
            assert status == 200 and view["game"] == NAME
            assert view["look"] == {
                "cards": "suited", "hand": "suits", "middle": "trick",
                "name": "吃墩", "round": "第{n}轮",
            }  # fmt: skip
            assert len(view["hand"]) == 6 and view["hand"] == sorted(view["hand"], key=DECK.index)
            assert {m["kind"] for m in view["moves"]} == ({"play"} if view["legal"] else set())
            page = Page()
            try:
                await page.open(f"{base}/app/?t=1", init_data(ALICE))
                await page.until("document.getElementById('hand').dataset.cards === '6'")
                assert await page.js("document.getElementById('title').textContent") == "吃墩 · 第1轮 · 第1圈"
                await shot(page, tmp_path, "chidun-table.png")
            finally:
                page.close()
            referee = bot.app.bot_data.services.referee
            moves = await play_by_api(bot, alice, lambda: referee.match_of(1).is_over)
            assert len(moves) == 6  # one card a trick, six tricks
            status, replay = await alice.get("/api/replays/1")
            assert status == 200 and replay["game"] == NAME and replay["look"]["name"] == "吃墩"
            dealt = replay["steps"][0]["hands"]
            assert len(dealt) == 3 and sorted(card for hand in dealt for card in hand) == sorted(DECK)
