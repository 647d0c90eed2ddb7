"""Bot API calls per move and the time from a button press to its last call.

    python -m benchmarks.telegram [--game gongzhu|gouji] [--moves 200] [--think 2]

A table of humans only (4 for 拱猪, 6 for 够级) plays through Telegram: the real bot, the real
python-telegram-bot stack over HTTP, a fake Bot API server on 127.0.0.1 and a SQLite file. Each
player presses a button of their keyboard after `--think` seconds of the referee's manual clock
(the group's paced messages go out in that time). Counted: every Bot API call but getUpdates,
over the moves the humans made; builder and toggle presses are counted as calls, not as moves.
Latency: from the press reaching the server to the last call it caused (the next player's
keyboard), on the wall clock.
Also counted, per player and per round (够级 hand, 拱猪 deal): the new messages in their private
chat, how many of them notified, and the most hand messages their chat held at once (a clean chat
holds one per table).
Goal: ≤ 3 calls per move on average for a table of humans (≤ 4 when it buys a clean chat).
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

from tests.e2e.fake_api import SENDS, FakeBotApi
from tests.e2e.harness import GROUP, Bot, choose, join_link, private

MOVES = {"m", "d"}  # a move's button, and the exposure's done


def players(count: int) -> list[dict[str, Any]]:
    return [
        {"id": 700 + i, "is_bot": False, "first_name": f"P{i + 1}", "language_code": "zh-hans"}
        for i in range(count)
    ]


async def seat_all(bot: Bot, game: str, people: list[dict[str, Any]]) -> None:
    await bot.say(people[0], GROUP, f"/{game} fast")
    await bot.say(people[0], private(people[0]), await join_link(bot))
    for person in people[1:]:
        await bot.say(person, private(person), "/start")
        await bot.say(person, GROUP, "/join")
    await bot.say(people[0], GROUP, "/startgame")


async def run(game: str, moves: int, think: float) -> None:
    api = FakeBotApi().start()
    people = players(4 if game == "gongzhu" else 6)
    with tempfile.TemporaryDirectory() as folder:
        bot = await Bot.start(api, Path(folder) / "bench.sqlite3")
        try:
            await seat_all(bot, game, people)
            await measure(bot, people, moves, think)
        finally:
            await bot.stop()
            api.stop()


async def measure(bot: Bot, people: list[dict[str, Any]], moves: int, think: float) -> None:
    def someone(calls: list[Any]) -> Any:
        return next((p for p in people if bot.buttons(p["id"])), None)

    await bot.until(someone)
    start_call = len(bot.api.calls)
    made, presses, latencies, most_held = 0, 0, [], 0
    unseen: list[float] = []  # referee-clock times of moves the group's table does not show yet
    lags: list[float] = []
    seen_calls = len(bot.api.calls)
    while made < moves:
        try:
            person = await bot.until(someone)
        except AssertionError:
            break  # the match is over
        await bot.clock.advance(think)
        keyboard = bot.buttons(person["id"])
        if not keyboard:
            continue
        message, _, data = choose(keyboard)
        before = len(bot.api.calls)
        pressed_at = time.perf_counter()
        await bot.press(person, message, data)
        await bot.until(someone)
        caused = bot.api.calls[before:]
        latencies.append((max(c.at for c in caused) - pressed_at) * 1000)
        presses += 1
        is_move = data.split("|", 1)[0] in MOVES
        made += is_move
        most_held = max(most_held, *(held_hand_messages(bot, p) for p in people))
        now = bot.clock.now()
        if is_move:
            unseen.append(now)
        if any(is_table_update(c) for c in bot.api.calls[seen_calls:]):  # the group caught up
            lags += [now - at for at in unseen]
            unseen.clear()
        seen_calls = len(bot.api.calls)
    calls = bot.api.calls[start_call:]
    kinds = Counter(c.method for c in calls)
    group = sum(1 for c in calls if c.chat == GROUP["id"])
    latencies.sort()
    p95 = latencies[int(0.95 * (len(latencies) - 1))]
    print(f"{made} moves by hand ({presses} presses), think {bot_think(think)}")
    print(f"  Bot API calls per move: {len(calls) / made:.2f}  (group: {group / made:.2f})")
    print("  by method: " + ", ".join(f"{m} {n / made:.2f}" for m, n in kinds.most_common()))
    print(
        f"  press → last call: {statistics.mean(latencies):.0f} ms mean, "
        f"{statistics.median(latencies):.0f} median, {p95:.0f} p95"
    )
    if lags:
        lags.sort()
        print(
            f"  group table behind a move (referee clock, {bot_think(think)}): "
            f"{statistics.median(lags):.1f} s median, {lags[int(0.95 * (len(lags) - 1))]:.1f} s p95, "
            f"{lags[-1]:.1f} s max"
        )
    rounds = rounds_played(bot)
    ids = {p["id"] for p in people}
    sent = [c for c in calls if c.chat in ids and c.method in SENDS]
    loud = [c for c in sent if str(c.params.get("disable_notification", "")).lower() not in ("true", "1")]
    per = len(people) * rounds
    print(
        f"  per player per round ({rounds} rounds): {len(sent) / per:.1f} new messages, "
        f"{len(loud) / per:.1f} notifying; at most {most_held} hand message(s) in a chat at once"
    )


def is_table_update(call: Any) -> bool:
    """The group's table picture drawn anew (edited in place, or sent)."""
    return call.chat == GROUP["id"] and call.method in ("editMessageMedia", "sendPhoto")


def held_hand_messages(bot: Bot, person: dict[str, Any]) -> int:
    return sum(1 for (chat, _), m in bot.api.messages.items() if chat == person["id"] and "photo" in m)


def rounds_played(bot: Bot) -> int:
    services = bot.app.bot_data.services
    assert services is not None
    match = services.referee.match_of(1)
    return len(match.rounds) if match is not None else 1


def bot_think(think: float) -> str:
    return f"{think:g} s a move"


def main() -> None:
    raw = argparse.RawDescriptionHelpFormatter
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=raw)
    parser.add_argument("--game", choices=("gongzhu", "gouji"), default=None)
    parser.add_argument("--moves", type=int, default=150)
    parser.add_argument("--think", type=float, default=None)
    args = parser.parse_args()
    for game in [args.game] if args.game else ["gongzhu", "gouji"]:
        for think in [args.think] if args.think is not None else [1.0, 5.0]:
            print(f"== {game}")
            asyncio.run(run(game, args.moves, think))


if __name__ == "__main__":
    main()
