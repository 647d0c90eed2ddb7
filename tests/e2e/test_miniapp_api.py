"""End to end: the Mini App's HTTP API on the real bot's server. Who may read what
(docs/security.md), moves with the table's version, and whole rounds played through the API
only, with the referee's results equal to the same moves made in Telegram."""

from __future__ import annotations

import asyncio
import json
import sqlite3
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from handlers.games import counter_words, move_label
from tests.e2e.fake_api import FakeBotApi
from tests.e2e.harness import ALICE, BOB, MALLORY, Bot, private, seated_alone
from tests.e2e.miniapp import WEBAPP_URL, Caller, play_by_api, served_bot, web_server
from tests.ports import free_port

PRIVATE = ("hand", "legal", "moves", "you", "lang", "quiet", "question")


@pytest.fixture
async def served(api: FakeBotApi, tmp_path: Path) -> AsyncIterator[tuple[Bot, aiohttp.ClientSession, str]]:
    async with served_bot(api, tmp_path / "bot.sqlite3") as (bot, base), aiohttp.ClientSession() as session:
        yield bot, session, base


async def test_a_seated_player_reads_their_hand_and_a_spectator_only_the_public_view(
    served: tuple[Bot, aiohttp.ClientSession, str],
) -> None:
    bot, session, base = served
    await seated_alone(bot, "gongzhu")
    status, alice = await Caller(session, base, ALICE).get("/api/tables/1")
    assert status == 200 and alice["you"] is not None and len(alice["hand"]) == 13
    private_view = bot.app.bot_data.services.referee.private_view(1, ALICE["id"])
    assert sorted(alice["hand"]) == sorted(private_view.hand.split())
    assert alice["legal"] == list(private_view.legal) and alice["version"] == bot.version()
    status, bob = await Caller(session, base, BOB).get("/api/tables/1")  # in the group, not seated
    assert status == 200 and bob["hand"] is None and bob["legal"] == [] and bob["moves"] == []
    assert bob["lang"] == "en" and bob["notes"] == ["exposing"]  # his Telegram's language: he never wrote
    status, bob = await Caller(session, base, BOB | {"language_code": "zh-hans"}).get("/api/tables/1")
    public = {k: v for k, v in alice.items() if k not in PRIVATE}
    assert {k: v for k, v in bob.items() if k not in PRIVATE} == public  # the same table, no more
    assert not set(alice["hand"]) & set(json.dumps(bob).replace('"', " ").split()) - set(
        json.dumps(public).replace('"', " ").split()
    )
    assert await Caller(session, base, BOB).get("/api/tables/1/hint") == (200, {"move": None})  # no seat's
    async with session.get(
        f"{base}/api/tables/1/events", headers=Caller(session, base, BOB).headers
    ) as stream:
        first = await stream.content.readuntil(b"\n\n")  # the table's version and status, nothing more
    assert json.loads(first.split(b"data: ")[1]) == {"version": bot.version(), "status": "running"}
    bot.api.outsiders.add(MALLORY["id"])  # not in the table's group
    assert (await Caller(session, base, MALLORY).get("/api/tables/1"))[0] == 403
    assert (await Caller(session, base, None).get("/api/tables/1"))[0] == 401
    assert (await Caller(session, base, ALICE, token="654321:another-bot").get("/api/tables/1"))[0] == 401
    assert (await Caller(session, base, ALICE, age=2 * 86400).get("/api/tables/1"))[0] == 401
    assert (await Caller(session, base, ALICE).get("/api/tables/99"))[0] == 404
    assert await Caller(session, base, ALICE).get("/api/tables/mine") == (200, {"table": 1})
    assert await Caller(session, base, BOB).get("/api/tables/mine") == (200, {"table": None})


async def test_a_move_needs_the_tables_version_a_legal_move_and_a_seat(
    served: tuple[Bot, aiohttp.ClientSession, str],
) -> None:
    bot, session, base = served
    await seated_alone(bot, "gongzhu")
    alice = Caller(session, base, ALICE)
    _, view = await alice.get("/api/tables/1")
    move, version = view["legal"][0], view["version"]
    assert (await alice.post("/api/tables/1/moves", {"move": move, "version": version - 1}))[0] == 409
    status, body = await alice.post("/api/tables/1/moves", {"move": "HA HA HA", "version": version})
    assert status == 422 and body["reason"]  # in Alice's language
    assert (await alice.post("/api/tables/1/moves", b"{not json"))[0] == 400
    assert (await alice.post("/api/tables/1/moves", {"move": move}))[0] == 400
    assert (await alice.post("/api/tables/1/moves", {"move": "x" * 5000, "version": version}))[0] == 400
    assert (await Caller(session, base, BOB).post("/api/tables/1/moves", {"move": move, "version": version}))[
        0
    ] == 403
    expired = Caller(session, base, ALICE, age=7200)  # good for reading, too old for a move
    assert (await expired.get("/api/tables/1"))[0] == 200
    assert (await expired.post("/api/tables/1/moves", {"move": move, "version": version}))[0] == 401
    assert bot.version() == version  # none of that changed anything
    status, body = await alice.post("/api/tables/1/moves", {"move": move, "version": version})
    assert status == 200 and body["version"] > version
    log = list(bot.app.bot_data.services.referee.match_of(1).log)
    assert log[-1][1] in (move, str(move))
    # The page sends the same move again (its answer was lost): made already, answered as made
    again = await alice.post("/api/tables/1/moves", {"move": move, "version": version})
    assert again == (200, {"version": bot.version()}) and bot.version() == body["version"]
    other = view["legal"][1]  # another of that moment's moves: the moment is gone
    assert (await alice.post("/api/tables/1/moves", {"move": other, "version": version}))[0] == 409
    assert list(bot.app.bot_data.services.referee.match_of(1).log) == log


async def play_by_telegram(bot: Bot, moves: list[str], game: str, done: Any) -> None:
    """The same moves in Telegram: the keyboard's button when it has one, else typed."""
    for move in moves:
        await bot.until(lambda calls: bot.buttons(ALICE["id"]))
        label = move_label(move, "zh", game)
        button = next(((m, d) for m, text, d in bot.buttons(ALICE["id"]) if text == label), None)
        if button is not None:
            await bot.press(ALICE, *button)
        else:
            await bot.say(ALICE, private(ALICE), move)
    await bot.until(lambda calls: done())


@pytest.mark.parametrize(
    ("game", "options"),
    [("gongzhu", "fast deals=1"), ("gouji", "fast max_hands=1 revolution=off")],
)
async def test_a_round_played_through_the_api_ends_as_the_same_moves_in_telegram(
    api: FakeBotApi, tmp_path: Path, game: str, options: str
) -> None:
    results = []
    async with served_bot(api, tmp_path / "api.sqlite3") as (bot, base), aiohttp.ClientSession() as session:
        await seated_alone(bot, game, options)
        referee = bot.app.bot_data.services.referee
        moves = await play_by_api(
            bot, Caller(session, base, ALICE), lambda: referee.view(1).status != "running"
        )
        results.append((referee.match_of(1).log, referee.view(1).totals))
    assert len(moves) >= 5
    telegram = FakeBotApi().start()  # a new Telegram: no keyboard of the first run is left to press
    bot = await Bot.start(telegram, tmp_path / "telegram.sqlite3")
    try:
        await seated_alone(bot, game, options)
        referee = bot.app.bot_data.services.referee
        await play_by_telegram(bot, moves, game, lambda: referee.view(1).status != "running")
        results.append((referee.match_of(1).log, referee.view(1).totals))
    finally:
        await bot.stop()
        telegram.stop()
    same = together if game == "gongzhu" else list  # 拱猪's exposures come in any order
    (by_api, api_totals), (by_telegram, telegram_totals) = results
    assert (same(by_api), api_totals) == (same(by_telegram), telegram_totals)


def together(log: list[tuple[int, str]]) -> list[object]:
    """The log with each run of decisions the seats make at once (拱猪's exposures: `expose …` or
    `pass` before a deal's first card) as a set: they are logged in the order they arrive, which
    the machine's speed decides, and mean the same in any order."""
    out: list[object] = []
    run: set[tuple[int, str]] = set()
    for seat, move in log:
        if move == "pass" or move.startswith("expose"):
            run.add((seat, move))
            continue
        if run:
            out.append(frozenset(run))
            run = set()
        out.append((seat, move))
    return [*out, frozenset(run)] if run else out


async def test_stopping_the_server_ends_the_open_pages_streams_at_once(
    api: FakeBotApi, tmp_path: Path
) -> None:
    """aiohttp waits up to 60 s for requests under way; an event stream never ends by itself, so a
    SIGTERM with pages open would hang that long. The server ends the streams first, and a server
    started again (the same bot) keeps its pages' streams open as before."""
    port = free_port()
    bot = await Bot.start(api, tmp_path / "bot.sqlite3", webapp_url=WEBAPP_URL, http=True, port=port)
    try:
        async with web_server(bot) as server:
            await seated_alone(bot, "gongzhu")
            async with aiohttp.ClientSession() as session:
                headers = Caller(session, "", BOB).headers
                url = f"http://127.0.0.1:{port}/api/tables/1/events"
                async with session.get(url, headers=headers) as stream:
                    await stream.content.readuntil(b"\n\n")  # open, told the version, now waiting
                    await asyncio.wait_for(server.stop(), timeout=20)  # far under aiohttp's 60 s
                    assert await stream.content.read() == b""  # ended by the server
        async with web_server(bot), aiohttp.ClientSession() as session:
            headers = Caller(session, "", BOB).headers
            async with session.get(f"http://127.0.0.1:{port}/api/tables/1/events", headers=headers) as stream:
                await stream.content.readuntil(b"\n\n")
                before = bot.version()
                alice = bot.app.bot_data.services.referee.private_view(1, ALICE["id"])
                await bot.app.bot_data.services.referee.submit(1, ALICE["id"], alice.legal[0], before)
                told = await stream.content.readuntil(b"\n\n")  # still open: the next version comes
                assert json.loads(told.split(b"data: ")[1])["version"] > before
    finally:
        await bot.stop()


@pytest.mark.log_errors("the database refuses writes")
async def test_a_page_is_shown_only_what_the_store_has_committed(
    served: tuple[Bot, aiohttp.ClientSession, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The page API once reported a match finished that, after a SIGKILL, was not in
    the file: the referee raises a table's version before its transaction. A read during a
    commit waits for it, and a commit that fails is never shown."""
    bot, session, base = served
    await seated_alone(bot, "gongzhu")
    store = bot.app.bot_data.store
    gate = asyncio.Event()

    async def failing_commit() -> None:
        await gate.wait()
        raise sqlite3.OperationalError("disk I/O error")

    alice, bob = Caller(session, base, ALICE), Caller(session, base, BOB)
    _, view = await alice.get("/api/tables/1")
    committed = view["version"]
    monkeypatch.setattr(store, "_commit", failing_commit)
    moving = asyncio.create_task(
        alice.post("/api/tables/1/moves", {"move": view["legal"][0], "version": committed})
    )
    for _ in range(200):  # until the referee has raised the version for its commit
        await asyncio.sleep(0)
        if bot.version() > committed:
            break
    assert bot.version() > committed
    reading = asyncio.create_task(bob.get("/api/tables/1"))
    for _ in range(50):
        await asyncio.sleep(0)
    assert not reading.done()  # it waits for the commit rather than show what may not last
    gate.set()
    status, seen = await reading
    assert status == 200 and seen["version"] == committed  # the failed change was never shown
    assert (await moving)[0] == 503  # paused: the move was not saved


async def test_no_hint_out_of_turn_and_a_watching_pages_stream_ends_with_the_match(
    api: FakeBotApi, tmp_path: Path
) -> None:
    """Two single-line changes no test noticed: a hint given to a seated player whose
    turn it is not (the normal bot's move for someone else's decision), and an event stream that
    stays open after the match has ended (a page waiting forever, a connection held)."""
    async with (
        served_bot(api, tmp_path / "bot.sqlite3", move_delay=1.0) as (bot, base),
        aiohttp.ClientSession() as session,
    ):
        await seated_alone(bot, "gongzhu", "fast deals=1")
        referee = bot.app.bot_data.services.referee
        alice, bob = Caller(session, base, ALICE), Caller(session, base, BOB)
        async with session.get(f"{base}/api/tables/1/events", headers=bob.headers) as stream:
            await stream.content.readuntil(b"\n\n")
            to_the_end = asyncio.create_task(stream.content.read())
            out_of_turn = 0
            while referee.view(1).status == "running":
                _, view = await alice.get("/api/tables/1")
                if view["legal"]:
                    await alice.post(
                        "/api/tables/1/moves", {"move": view["legal"][0], "version": view["version"]}
                    )
                    continue
                assert await alice.get("/api/tables/1/hint") == (200, {"move": None})  # bots' turn
                out_of_turn += 1
                due = bot.clock.pending()
                await bot.clock.advance(max(0.0, due[0] - bot.clock.now()) if due else 0.0)
                await bot.told()
            assert out_of_turn >= 3
            told = await asyncio.wait_for(to_the_end, timeout=20)  # the server ended the stream
        assert b'"status": "finished"' in told


async def test_the_page_shows_the_card_counter_of_a_table_that_plays_with_it(
    served: tuple[Bot, aiohttp.ClientSession, str],
) -> None:
    """The counter's words on the page are the pop-up's, the same for a player and a watcher;
    a table without the option has none."""
    bot, session, base = served
    await seated_alone(bot, "gongzhu", "fast counter=on")
    status, alice = await Caller(session, base, ALICE).get("/api/tables/1")
    referee = bot.app.bot_data.services.referee
    counted = referee.still_out(1)
    assert status == 200 and counted is not None
    assert alice["counter"] == counter_words("gongzhu", counted, "zh")
    _, bob = await Caller(session, base, BOB | {"language_code": "zh-hans"}).get("/api/tables/1")
    assert bob["counter"] == alice["counter"]  # a watcher reads the same counts


async def test_a_table_without_the_counter_serves_none(
    served: tuple[Bot, aiohttp.ClientSession, str],
) -> None:
    bot, session, base = served
    await seated_alone(bot, "gongzhu")
    _, alice = await Caller(session, base, ALICE).get("/api/tables/1")
    assert alice["counter"] is None


async def test_why_a_pick_is_refused_is_the_engines_reason_and_changes_nothing(
    served: tuple[Bot, aiohttp.ClientSession, str],
) -> None:
    """The page asks why the cards a player picked are no play; the answer is the rules' own
    reason in their language, tried on a copy: the table's version does not move."""
    from handlers.i18n import t

    bot, session, base = served
    await seated_alone(bot, "gouji", "fast revolution=off")
    referee = bot.app.bot_data.services.referee
    for _ in range(200):  # until Alice leads or answers with a play of her own
        legal = referee.private_view(1, ALICE["id"]).legal
        if [m for m in legal if m != "pass"]:
            break
        await bot.clock.advance(0)
        await bot.told()
    alice, bob = Caller(session, base, ALICE), Caller(session, base, BOB)
    hand = referee.private_view(1, ALICE["id"]).hand.split()
    naturals = sorted({c for c in hand if c not in ("2", "SJ", "BJ", "3")}, key=hand.index)
    version = bot.version()
    status, answer = await alice.get(f"/api/tables/1/why?move={naturals[0]}%20{naturals[1]}")
    expected = t("zh", "reason.not_a_set", cards=f"{naturals[0]} {naturals[1]}")
    assert status == 200 and answer == {"why": expected}
    legal = [m for m in referee.private_view(1, ALICE["id"]).legal if m != "pass"]
    assert await alice.get(f"/api/tables/1/why?move={legal[0].replace(' ', '%20')}") == (200, {"why": None})
    assert await bob.get(f"/api/tables/1/why?move={naturals[0]}") == (200, {"why": None})  # no seat's
    assert (await alice.get("/api/tables/1/why?move=" + "9" * 400))[0] == 400
    assert (await alice.get("/api/tables/1/why"))[0] == 400
    assert (await Caller(session, base, None).get(f"/api/tables/1/why?move={naturals[0]}"))[0] == 401
    assert bot.version() == version  # nothing was played
