"""Pictures and messages from a live table, as players get them.

    python -m benchmarks.live_pictures [docs/pictures]

Three humans (Alice in zh, Bob and Carol in en) and bots play through the real bot, the real
python-telegram-bot stack and a fake Bot API server on 127.0.0.1: a 够级 match of one hand and a
拱猪 match of one deal. Saved: the last hand picture each of Alice and Bob had, the group's table
picture mid-hand, and the score sheets. Printed: every message each human received, in order,
to be read as a player would.
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
from pathlib import Path
from typing import Any

from tests.e2e.fake_api import SENDS, FakeBotApi
from tests.e2e.harness import ALICE, BOB, CAROL, GROUP, Bot, join_link, play_until, private, score_sheets


async def seat(bot: Bot, game: str, options: str) -> None:
    await bot.say(ALICE, GROUP, f"/{game} {options}")
    await bot.say(ALICE, private(ALICE), await join_link(bot))
    for person in (BOB, CAROL):
        await bot.say(person, private(person), "/start")
        await bot.say(person, GROUP, "/join")
    await bot.say(ALICE, GROUP, "/fill")
    await bot.say(ALICE, GROUP, "/startgame")


def last_photo(bot: Bot, chat: int, before: int | None = None) -> bytes | None:
    calls = bot.api.calls if before is None else bot.api.calls[:before]
    kinds = ("sendPhoto", "editMessageMedia")
    photos = [c for c in calls if c.chat == chat and c.method in kinds and c.files]
    return next(iter(photos[-1].files.values())) if photos else None


def transcript(bot: Bot, chat: dict[str, Any]) -> list[str]:
    """Every message sent to the chat (a person's, or the group), with the clock's time."""
    lines = []
    for call in bot.api.calls:
        if call.chat != chat["id"] or not (call.method in SENDS or call.method.startswith("edit")):
            continue
        keys = call.params.get("reply_markup")
        lines.append(f"[{call.method}{' +keyboard' if keys else ''}] {call.text}")
    return lines


async def run(game: str, options: str, folder: Path) -> None:
    api = FakeBotApi().start()
    with tempfile.TemporaryDirectory() as scratch:
        bot = await Bot.start(api, Path(scratch) / "live.sqlite3")
        try:
            await seat(bot, game, options)
            players = (ALICE, BOB, CAROL)
            await play_until(bot, lambda calls: len(api.calls) > 120, players=players)
            mid = len(api.calls)
            await play_until(bot, lambda calls: score_sheets(calls), limit=800, players=players)
            await bot.told()
            pictures = {
                f"live-{game}-private-zh.png": last_photo(bot, ALICE["id"], mid),
                f"live-{game}-private-en.png": last_photo(bot, BOB["id"], mid),
                f"live-{game}-table.png": last_photo(bot, GROUP["id"], mid),
                f"live-{game}-sheet.png": next(iter(score_sheets(api.calls)[-1].files.values())),
            }
            for name, png in pictures.items():
                if png is not None:
                    (folder / name).write_bytes(png)
            for chat in (*players, GROUP):
                print(f"\n===== {game}: what {chat.get('first_name') or 'the group'} received =====")
                print("\n".join(transcript(bot, chat)))
        finally:
            await bot.stop()
            api.stop()


def main() -> None:
    folder = Path(sys.argv[1] if len(sys.argv) > 1 else "docs/pictures")
    folder.mkdir(parents=True, exist_ok=True)
    asyncio.run(run("gouji", "fast max_hands=1", folder))
    asyncio.run(run("gongzhu", "fast deals=1", folder))


if __name__ == "__main__":
    main()
