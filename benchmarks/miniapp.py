"""The Mini App's measures.

    python -m benchmarks.miniapp [--viewers 100] [--no-browser]

One table (Alice and five bots, 够级 `fast max_hands=1 revolution=off`; then 拱猪 `deals=1`) on
the real bot, its web server and the fake Bot API on 127.0.0.1. Alice plays the normal bot's
hint at each of her decisions through the HTTP API. Printed:

- taps per decision: today's keyboard (a suggestion is one tap; otherwise "more", the base rank,
  maybe how many naturals and a page, then the set; a warned move one more) against the page
  (one tap per card and one on Play; a decision one tap; a warned move one more), and the page
  with its hint (two taps: 提示, then Play);
- Alice's private chat: new messages and edits per round, with the hand pictures and with the
  quiet chat;
- the page's size (HTML, script, style, and the table's JSON) and, in Debian's Chromium when it
  is there, the time to the first paint and to the hand drawn, on the local server;
- with `--viewers` pages open (event streams in a process of their own, each reading the table
  when told of a change, as the page does): the latency from a committed move to the page having
  the new table (event, then GET), p50/p95; and the bot process's CPU (time.process_time) per
  move, with the viewers and without, so the cost per viewer is the difference over their number.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import statistics
import tempfile
import time
from collections import Counter
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import aiohttp

from handlers.callbacks import Signer
from handlers.games import decision_marks, move_label, ui
from handlers.gouji.keyboards import PAGE, sets_of
from handlers.keyboards import Keys
from handlers.web.page import FILES, STATIC
from tests.e2e.fake_api import FakeBotApi
from tests.e2e.harness import ALICE, TOKEN, Bot, seated_alone
from tests.e2e.miniapp import Caller, init_data, served_bot

GAMES = (("gouji", "fast max_hands=1 revolution=off"), ("gongzhu", "fast deals=1"))


# -- taps ---------------------------------------------------------------------------------------


def keyboard_taps(
    game: str, legal: Sequence[str], move: str, phase: str, warned: frozenset[str], hidden: frozenset[str]
) -> int:
    """Presses today's keyboard needs for `move`."""
    keys = Keys(Signer(TOKEN), 1, game, 1, 0, "zh")
    extra = 1 if move in warned else 0
    if phase == "expose":  # 拱猪: a toggle per card, then done
        return (len(move.split()) - 1 if move.startswith("expose") else 0) + 1
    first = keys.moves(legal, phase, dict.fromkeys(warned, "w"), 0, hidden)
    labels = {button.text.removeprefix("⚠️ ") for row in first.inline_keyboard for button in row}
    if move_label(move, "zh", game) in labels:
        return 1 + extra
    sets = sets_of(legal)  # the 够级 builder: more, base rank, [naturals, pages], the set
    chosen = next(i for i, m in enumerate(legal) if m == move)
    found = sets[chosen]
    of_base = [i for i, s in sets.items() if s.base == found.base]
    if len(of_base) <= PAGE:
        return 3 + extra
    same_count = [i for i in of_base if sets[i].base_count == found.base_count]
    return 4 + same_count.index(chosen) // PAGE + extra


def page_taps(game: str, move: str, warned: bool, hand: Sequence[str] = ()) -> int:
    """Taps on the page for `move`: each card, then Play; a decision one tap; a warned move one
    more. With `hand` (够级's stacks): a rank the move takes whole is one long press."""
    _, cards = ui(game).web.move_kind(move)
    if not cards:
        return 1 + (1 if warned else 0)
    held = Counter(hand)
    picks = sum(1 if hand and count == held[card] else count for card, count in Counter(cards).items())
    return picks + 1 + (1 if warned else 0)


def stacked(game: str, hand: str) -> list[str]:
    """The hand as the page's stacks count it: 够级's (a rank a stack); none in 拱猪 (tiles)."""
    return hand.split() if game == "gouji" else []


async def play_and_count(bot: Bot, alice: Caller) -> list[tuple[int, int, int, int]]:
    """Alice plays the hint at each decision; (keyboard, page by tiles, page by stacks, page
    with hint) taps for each."""
    referee = bot.app.bot_data.services.referee
    taps = []
    while referee.view(1).status == "running":
        view = referee.view(1)
        private_view = referee.private_view(1, ALICE["id"])
        if not private_view.legal or (view.to_act and private_view.seat not in view.to_act):
            due = bot.clock.pending()
            await bot.clock.advance(max(0.0, due[0] - bot.clock.now()) if due else 0.0)
            await bot.told()
            continue
        _, hint = await alice.get("/api/tables/1/hint")
        move = hint["move"] or private_view.legal[0]
        warnings, hidden = decision_marks(view.game, private_view)
        warned = frozenset(warnings)
        taps.append(
            (
                keyboard_taps(view.game, private_view.legal, move, private_view.phase, warned, hidden),
                page_taps(view.game, move, move in warned),
                page_taps(view.game, move, move in warned, stacked(view.game, private_view.hand)),
                2 + (1 if move in warned else 0)
                if hint["move"]
                else page_taps(view.game, move, move in warned),
            )
        )
        status, _ = await alice.post("/api/tables/1/moves", {"move": move, "version": private_view.version})
        assert status == 200, status
        await bot.clock.advance(0)
        await bot.told()
    return taps


def chat_counts(api: FakeBotApi, since: int) -> tuple[int, int]:
    calls = [c for c in api.calls[since:] if c.chat == ALICE["id"]]
    sent = sum(c.method in ("sendPhoto", "sendMessage") for c in calls)
    edits = sum(c.method.startswith("edit") for c in calls)
    return sent, edits


@asynccontextmanager
async def served_table(
    game: str, options: str
) -> AsyncIterator[tuple[FakeBotApi, Bot, str, aiohttp.ClientSession]]:
    """A fake Telegram, the bot serving the Mini App on a new database, and Alice seated at a
    started table with bots; with an HTTP client for the pages."""
    api = FakeBotApi().start()
    try:
        with tempfile.TemporaryDirectory() as folder:
            async with (
                served_bot(api, Path(folder) / "bench.sqlite3") as (bot, base),
                aiohttp.ClientSession() as session,
            ):
                await seated_alone(bot, game, options)
                yield api, bot, base, session
    finally:
        api.stop()


async def taps_and_messages(
    game: str, options: str, quiet: bool
) -> tuple[list[tuple[int, int, int]], tuple[int, int]]:
    async with served_table(game, options) as (api, bot, base, session):
        alice = Caller(session, base, ALICE)
        if quiet:
            await alice.post("/api/me/quiet", {"quiet": True})
            await bot.told()
        since = len(api.calls)
        taps = await play_and_count(bot, alice)
        return taps, chat_counts(api, since)


def summary(values: Sequence[int]) -> str:
    return f"median {statistics.median(values):.0f}, mean {statistics.fmean(values):.2f}, worst {max(values)}"


# -- the page -------------------------------------------------------------------------------------


def page_sizes() -> dict[str, int]:
    """Each file of the page, by its name in the folder, in bytes."""
    return {file: (STATIC / file).stat().st_size for file, _ in FILES.values()}


async def first_render(base: str) -> tuple[float, float] | None:
    """(first paint, hand drawn) in ms after navigation starts, in Chromium; None without it."""
    import os

    from tests.e2e import browser

    if not (os.path.exists(browser.CHROMIUM) and os.path.exists(browser.CHROMEDRIVER)):
        return None
    page = browser.Page()
    try:
        results = []
        for _ in range(5):  # the first load warms Chromium's own caches: the median of five
            await page.open(f"{base}/app/?t=1", init_data(ALICE))
            await page.until("document.querySelectorAll('#hand .card').length > 0")
            paint = await page.js(
                "(performance.getEntriesByName('first-contentful-paint')[0] || {}).startTime || 0"
            )
            drawn = await page.js("(performance.getEntriesByName('rendered')[0] || {}).startTime || 0")
            results.append((paint, drawn))
        return statistics.median(r[0] for r in results), statistics.median(r[1] for r in results)
    finally:
        page.close()


# -- viewers --------------------------------------------------------------------------------------


def viewers_process(base: str, count: int, ready: Any, stop: Any, out: Any) -> None:
    """`count` pages: each follows the table's events and reads the table on each new version."""

    async def viewer(
        session: aiohttp.ClientSession, user: int, seen: list[tuple[int, float, float]], opened: list[int]
    ) -> None:
        headers = {
            "Authorization": "tma " + init_data({"id": user, "first_name": f"v{user}", "language_code": "zh"})
        }
        async with session.get(f"{base}/api/tables/1/events", headers=headers) as stream:
            opened.append(user)
            async for line in stream.content:
                if not line.startswith(b"data: "):
                    continue
                event_at = time.perf_counter()
                version = json.loads(line[6:])["version"]
                async with session.get(f"{base}/api/tables/1", headers=headers) as answer:
                    await answer.read()
                seen.append((version, event_at, time.perf_counter()))

    async def main() -> None:
        seen: list[tuple[int, float, float]] = []
        opened: list[int] = []
        connector = aiohttp.TCPConnector(limit=0)
        async with aiohttp.ClientSession(connector=connector) as session:
            tasks = [asyncio.create_task(viewer(session, 20_000 + i, seen, opened)) for i in range(count)]
            while len(opened) < count:
                await asyncio.sleep(0.05)
            await asyncio.sleep(0.5)  # every page has read the table once
            ready.set()
            while not stop.is_set():
                await asyncio.sleep(0.05)
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
        out.put(seen)

    asyncio.run(main())


async def with_viewers(count: int) -> tuple[float, int, list[float], list[float], float]:
    """(bot CPU s, moves, commit→event ms, commit→page ms, wall s) for a hand watched by `count`."""
    context = multiprocessing.get_context("spawn")
    ready, stop, out = context.Event(), context.Event(), context.Queue()
    async with served_table(*GAMES[0]) as (_, bot, base, session):
        referee = bot.app.bot_data.services.referee
        committed: dict[int, float] = {}
        referee.core.watchers.append(
            lambda notice: committed.setdefault(notice.table.version, time.perf_counter())
        )
        process = None
        if count:
            process = context.Process(target=viewers_process, args=(base, count, ready, stop, out))
            process.start()
            while not ready.is_set():
                await asyncio.sleep(0.05)
        cpu, wall = time.process_time(), time.perf_counter()
        taps = await play_and_count(bot, Caller(session, base, ALICE))
        await asyncio.sleep(0.5)  # the last changes reach the pages
        cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
        moves = len(referee.match_of(1).log) if referee.match_of(1) else len(taps)
        events, pages = [], []
        if process is not None:
            stop.set()
            seen = out.get(timeout=60)
            process.join(30)
            for version, event_at, page_at in seen:
                if version in committed:
                    events.append((event_at - committed[version]) * 1000)
                    pages.append((page_at - committed[version]) * 1000)
        return cpu, moves, events, pages, wall


def spread(values: Sequence[float]) -> str:
    ordered = sorted(values)
    p50, p95 = (ordered[min(len(ordered) - 1, int(p * len(ordered)))] for p in (0.5, 0.95))
    return f"p50 {p50:.1f} ms, p95 {p95:.1f} ms"


async def main(viewers: int, browser: bool) -> None:
    for game, options in GAMES:
        taps, (sent, edits) = await taps_and_messages(game, options, quiet=False)
        _, (quiet_sent, quiet_edits) = await taps_and_messages(game, options, quiet=True)
        keyboard, page, stacks, hinted = zip(*taps, strict=True)
        print(f"{game} ({options}): {len(taps)} decisions of Alice's")
        print(f"  taps, keyboard:       {summary(keyboard)}")
        print(f"  taps, page (a tile a card, before): {summary(page)}")
        print(f"  taps, page (stacks: a whole rank one long press): {summary(stacks)}")
        print(f"  taps, page with hint: {summary(hinted)}")
        print(f"  Alice's chat over the round: {sent} new messages, {edits} edits with pictures;")
        print(f"    with the quiet chat: {quiet_sent} new, {quiet_edits} edits")
    sizes = page_sizes()
    print(
        "page: "
        + ", ".join(f"{name} {size} B" for name, size in sizes.items())
        + f", {sum(sizes.values())} B in all"
    )
    async with served_table(*GAMES[0]) as (_, _, base, session):
        async with session.get(
            f"{base}/api/tables/1", headers=Caller(session, base, ALICE).headers
        ) as answer:
            print(f"  the table's JSON for a seated player: {len(await answer.read())} B")
        timing = await first_render(base) if browser else None
        if timing is None:
            print("  first render: not measured (no Chromium, or --no-browser)")
        else:
            paint, drawn = timing
            print(f"  first render in Chromium (median of 5): paint {paint:.0f} ms, hand {drawn:.0f} ms")
    alone = await with_viewers(0)
    watched = await with_viewers(viewers)
    per_move_alone = alone[0] / alone[1] * 1000
    per_move_watched = watched[0] / watched[1] * 1000
    print(f"viewers: {viewers} open pages over a 够级 hand of {watched[1]} moves")
    print(f"  commit → event  {spread(watched[2])} ({len(watched[2])} updates)")
    print(f"  commit → page   {spread(watched[3])}")
    print(f"  bot CPU per move: {per_move_alone:.2f} ms alone, {per_move_watched:.2f} ms watched "
          f"({watched[0]:.2f} s process time over {watched[4]:.2f} s wall); "
          f"per viewer per move {(per_move_watched - per_move_alone) / max(1, viewers):.3f} ms")  # fmt: skip


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--viewers", type=int, default=100)
    parser.add_argument("--no-browser", action="store_true")
    arguments = parser.parse_args()
    asyncio.run(main(arguments.viewers, not arguments.no_browser))
