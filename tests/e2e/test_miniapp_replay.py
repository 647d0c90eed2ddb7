"""Replays in the Mini App: `/replay` with WEBAPP_URL set gives a link; following it
in private gives a member of the group the page's button; the API serves the round step by step
with every hand face up, to members only and never for a running match; a real browser steps
through it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import aiohttp

from handlers.i18n import t
from handlers.reviews import SIGNS
from tests.e2e.browser import Page, need_chromium
from tests.e2e.fake_api import Call, FakeBotApi
from tests.e2e.harness import ALICE, BOB, GROUP, MALLORY, Bot, play_until, private
from tests.e2e.miniapp import WEBAPP_URL, Caller, init_data, served_bot
from tests.e2e.test_match import seated_with_bob, to_group
from tests.e2e.test_miniapp_browser import shot


def keyboard(call: Call) -> list[list[dict[str, Any]]]:
    markup = call.params["reply_markup"]
    rows: list[list[dict[str, Any]]] = (markup if isinstance(markup, dict) else json.loads(markup))[
        "inline_keyboard"
    ]
    return rows


async def answer_in_private(bot: Bot, user: dict[str, Any], text: str) -> Call:
    """The bot's message to the user after they send `text` in their private chat."""
    before = await bot.say(user, private(user), text)
    sent = lambda calls: [c for c in calls[before:] if c.chat == user["id"] and c.method == "sendMessage"]  # noqa: E731
    found: list[Call] = await bot.wait(sent)
    return found[0]


async def finished_gongzhu(bot: Bot) -> None:
    await seated_with_bob(bot, "gongzhu", "fast deals=1")
    await play_until(bot, lambda calls: to_group(calls, "本局结束"), players=(ALICE, BOB))
    await bot.told()


async def test_the_replay_api_serves_members_every_hand_of_a_finished_match(
    api: FakeBotApi, tmp_path: Path
) -> None:
    async with served_bot(api, tmp_path / "bot.sqlite3") as (bot, base):
        await finished_gongzhu(bot)
        referee = bot.app.bot_data.services.referee
        rows = len(referee.match_of(1).log)
        api.outsiders.add(MALLORY["id"])
        built: list[int] = []
        replay = referee.replay

        async def counted(*args: Any) -> Any:
            built.append(1)
            return await replay(*args)

        referee.replay = counted
        async with aiohttp.ClientSession() as session:
            alice, bob = Caller(session, base, ALICE), Caller(session, base, BOB)
            # an outsider's request builds nothing (a replay is ~60 ms of work)
            assert await Caller(session, base, MALLORY).get("/api/replays/1") == (404, {"error": "no_replay"})
            assert built == []
            assert (await alice.get("/api/replays/1?round=²"))[0] == 200  # "²".isdigit(): was a 500
            status, body = await alice.get("/api/replays/1")
            assert status == 200 and body["game"] == "gongzhu" and (body["round"], body["rounds"]) == (1, 1)
            steps = body["steps"]
            assert len(steps) >= rows + 1 and steps[0]["words"] == "发牌时每家的牌（全部明示）。"
            assert all(len(step["hands"]) == 4 for step in steps)
            assert sum(len(hand) for hand in steps[0]["hands"]) == 52  # face up, every card
            assert all(not any(step["hands"][-1]) for step in steps[-1:])  # all played out
            assert body["names"][:2] != ["?", "?"] and "Alice" in body["names"]
            assert any("收到猪" in note for step in steps for note in step["notes"])
            _, english = await bob.get("/api/replays/1")
            assert english["steps"][0]["words"] == "Every hand as dealt, face up."
            assert (await Caller(session, base, MALLORY).get("/api/replays/1")) == (
                404,
                {"error": "no_replay"},
            )
            assert (await Caller(session, base, None).get("/api/replays/1"))[0] == 401
            assert (await alice.get("/api/replays/9")) == (404, {"error": "no_replay"})
            await bot.say(ALICE, GROUP, "/rematch")
            await bot.until(lambda calls: to_group(calls, "第2局开始"))
            assert (await alice.get("/api/replays/2")) == (404, {"error": "no_replay"})  # running


async def test_replay_in_a_group_links_to_the_page_through_the_private_chat(
    api: FakeBotApi, tmp_path: Path
) -> None:
    async with served_bot(api, tmp_path / "bot.sqlite3") as (bot, _):
        await finished_gongzhu(bot)
        before = await bot.say(ALICE, GROUP, "/replay")
        [linked] = [c for c in api.calls[before:] if c.chat == GROUP["id"] and c.method == "sendMessage"]
        assert linked.text == "🎬 第 1 场（拱猪，1 号桌）· 第1副（共 1）"
        [[button]] = keyboard(linked)
        assert button["url"] == "https://t.me/gouji_test_bot?start=r1"
        opened = await answer_in_private(bot, ALICE, "/start r1")
        assert keyboard(opened)[0][0]["web_app"]["url"] == f"{WEBAPP_URL}?r=1"
        api.outsiders.add(MALLORY["id"])
        refused = (await answer_in_private(bot, MALLORY, "/start r1")).text
        assert refused == t("en", "lobby.link_invalid")  # as any bad link: nothing is told


async def test_a_member_steps_through_the_replay_in_a_browser(api: FakeBotApi, tmp_path: Path) -> None:
    need_chromium()
    async with served_bot(api, tmp_path / "bot.sqlite3") as (bot, base):
        await finished_gongzhu(bot)
        page = Page()
        try:
            await page.open(f"{base}/app/?r=1", init_data(ALICE))
            await page.until("document.body.dataset.step === '0'")
            assert await page.js("document.querySelectorAll('#hand .group.facing').length") == 4
            # every hand one short row of small faces, the viewer's own last (at the bottom)
            assert await page.js("document.querySelectorAll('#hand .mini').length") == 52
            facing = "[...document.querySelectorAll('#hand .group.facing')].map((g) => g.dataset.seat)"
            seats = bot.app.bot_data.services.referee.view(1).seats
            alice = next(s.seat for s in seats if s.player == ALICE["id"])
            assert (await page.js(facing))[-1] == str(alice)
            assert (await page.js("document.getElementById('title').textContent")).startswith("第 1 场回放")
            assert await page.js("document.getElementById('prev').disabled")
            for _ in range(6):
                await page.click("#next")
            await page.until("document.body.dataset.step === '6'")
            assert await page.js("document.querySelectorAll('#hand .mini').length") < 52
            told = await page.js("document.querySelector('#recent .told b').textContent")
            assert told.startswith("第 6/") and "：" in told  # the step, and who played what
            assert "undefined" not in await page.js("document.body.innerText")  # the recent plays drawn
            await shot(page, tmp_path, "miniapp-replay-zh.png")
            await page.click("#last")
            total = await page.js("document.querySelectorAll('#hand .mini').length")
            assert total == 0 and await page.js("document.getElementById('next').disabled")
            await page.click("#prev")
            assert await page.js("document.querySelectorAll('#hand .mini').length") > 0
        finally:
            page.close()


async def test_with_the_apps_short_name_replay_opens_the_page_directly(
    api: FakeBotApi, tmp_path: Path
) -> None:
    """WEBAPP_NAME (BotFather's /newapp): one tap from the group to the replay, no private chat
    in between; the page reads the match from Telegram's start_param and the API still checks
    that the viewer is in the match's group."""
    async with served_bot(api, tmp_path / "bot.sqlite3", webapp_name="table") as (bot, _):
        await finished_gongzhu(bot)
        before = await bot.say(ALICE, GROUP, "/replay")
        [linked] = [c for c in api.calls[before:] if c.chat == GROUP["id"] and c.method == "sendMessage"]
        [[button]] = keyboard(linked)
        assert button["url"] == "https://t.me/gouji_test_bot/table?startapp=r1"


async def test_at_the_matchs_end_the_page_shows_the_players_result_and_plays_again(
    api: FakeBotApi, tmp_path: Path
) -> None:
    """The page showed an empty table at the end. A seated player reads their own
    result there, as their chat told it, and starts the rematch; a spectator sees neither, and
    a seated player who is neither the creator nor an admin is refused, with the reason."""
    async with served_bot(api, tmp_path / "bot.sqlite3") as (bot, base), aiohttp.ClientSession() as session:
        await finished_gongzhu(bot)
        alice, bob = Caller(session, base, ALICE), Caller(session, base, BOB)
        _, mine = await alice.get("/api/tables/1")
        told = [c.text for c in api.calls if c.chat == ALICE["id"] and c.text.startswith("🏁 第1副结束")]
        assert mine["status"] == "finished" and mine["rematch"] is True and mine["result"] == told[-1]
        api.outsiders.discard(MALLORY["id"])
        _, watching = await Caller(session, base, MALLORY).get("/api/tables/1")
        assert "result" not in watching and "rematch" not in watching
        status, refused = await bob.post("/api/tables/1/rematch", {})
        assert status == 422 and refused["reason"] == t("en", "reason.not_allowed")
        assert bot.app.bot_data.services.referee.view(1).status == "finished"
        need_chromium()
        page = Page()
        try:  # in the browser: the result on the felt, the rematch button where Play was
            await page.open(f"{base}/app/?t=1", init_data(ALICE))
            await page.until("document.getElementById('rematch') !== null")
            assert told[-1].split("\n")[0] in await page.js("document.getElementById('middle').innerText")
            await shot(page, tmp_path, "miniapp-match-over.png")
            await page.click("#rematch")
            await page.until("document.getElementById('rematch') === null")
        finally:
            page.close()
        assert bot.app.bot_data.services.referee.view(1).status == "running"
        _, again = await alice.get("/api/tables/1")
        assert "result" not in again  # a new match: the last one's result is gone


def group_texts(api: FakeBotApi, since: int, start: str) -> list[Call]:
    return [
        c
        for c in api.calls[since:]
        if c.chat == GROUP["id"] and c.method == "sendMessage" and c.text.startswith(start)
    ]


async def test_review_tells_the_group_each_players_marks_and_the_page_marks_the_steps(
    api: FakeBotApi, tmp_path: Path
) -> None:
    """`/review` after a match says the review is under way, then tells the summary (each
    person's plays, average loss, marks, costliest moments named by their trick) with the marked
    replay's link; a second `/review` answers at once by pointing to it; the replay API carries the marks to
    members only, and the page at 360×640 shows them and jumps to the next mistake."""
    async with served_bot(api, tmp_path / "bot.sqlite3") as (bot, base):
        await finished_gongzhu(bot)
        before = await bot.say(ALICE, GROUP, "/review")
        [making] = group_texts(api, before, "🔍 正在复盘")
        assert making.text == t("zh", "review.making", match=1)
        [told] = await bot.wait(lambda calls: group_texts(api, before, "🔍 第 1 场复盘"), timeout=300)
        lines = told.text.split("\n")
        print("\n".join(lines))
        assert lines[0] == t("zh", "review.title", match=1, game="拱猪")
        people = [line for line in lines[1:] if not line.startswith("  ")]
        assert sorted(line.split("：")[0] for line in people) == ["Alice", "Bob"]
        assert all("复盘 " in line and "比稳健打法平均每手" in line and "?? " in line for line in people)
        [[button]] = keyboard(told)
        assert button["url"] == "https://t.me/gouji_test_bot?start=r1"
        again = await bot.say(BOB, GROUP, "/review 1")
        # told once: a second /review answers at once with a pointer to the summary, not a copy
        [pointer] = group_texts(api, again, "🔍")
        assert pointer.text == t("zh", "review.told_above", match=1)
        replied = json.loads(pointer.params["reply_parameters"])["message_id"]
        summaries = [i for i, m in api.by_chat[GROUP["id"]].items() if m.get("text") == told.text]
        assert summaries == [replied]
        api.outsiders.add(MALLORY["id"])
        async with aiohttp.ClientSession() as session:
            status, body = await Caller(session, base, ALICE).get("/api/replays/1")
            assert status == 200 and body["reviewed"] is True
            alice = body["names"].index("Alice")
            assert body["you"] == alice
            steps = body["steps"]
            for mark in body["marks"]:  # each on the step that made the move, by a person
                assert steps[mark["step"]]["seat"] == mark["seat"] and mark["mark"] in SIGNS
            assert {m["seat"] for m in body["marks"]} == {alice, body["names"].index("Bob")}
            assert await Caller(session, base, MALLORY).get("/api/replays/1") == (404, {"error": "no_replay"})
        need_chromium()
        page = Page(height=640)
        try:
            await page.open(f"{base}/app/?r=1", init_data(ALICE))
            await page.until("document.body.dataset.step === '0'")
            mine = [
                m["step"] for m in body["marks"] if m["seat"] == alice and m["mark"] in ("mistake", "blunder")
            ]
            if mine:
                await page.click("#mistake")
                await page.until(f"document.body.dataset.step === '{min(mine)}'")
                shown = await page.js("document.querySelector('#recent .told .mark').textContent")
                assert shown.startswith(
                    SIGNS[next(m["mark"] for m in body["marks"] if m["step"] == min(mine))]
                )
            else:  # Alice made no mistake: the button says so
                assert await page.js("document.getElementById('mistake').disabled")
                first = body["marks"][0]["step"]
                for _ in range(first):
                    await page.click("#next")
                await page.until(f"document.body.dataset.step === '{first}'")
            text = await page.js("document.body.innerText")
            assert "从不看别人的暗牌" in text and "undefined" not in text
            await shot(page, tmp_path, "miniapp-review-zh.png")
        finally:
            page.close()
