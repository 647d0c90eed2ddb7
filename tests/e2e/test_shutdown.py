"""A SIGTERM while bots were moving once logged `notifier failed for table 1` and
`sqlite3.ProgrammingError: Cannot operate on a closed database`: a bot move under way committed,
and its notice was told, after the outbox had been abandoned and while the store was closing. The
bot is stopped here in the middle of a table of bots playing at full speed on the wall clock, as
in production, at many points; the end-to-end guard fails the test on any ERROR, and the file
holds a consistent match afterwards."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from data.store import Store
from engine.referee.clock import SystemClock
from handlers import app as app_module
from tests.e2e.fake_api import FakeBotApi
from tests.e2e.harness import ALICE, GROUP, Bot, choose, join_link, private


class WallClock(SystemClock):
    """Wall time, jobs as tasks of the loop (production's clock), with the harness's hooks."""

    async def advance(self, seconds: float = 0.0) -> None:
        await asyncio.sleep(0)

    def pending(self) -> list[float]:
        return []


async def bots_playing(bot: Bot, presses: int) -> None:
    """A 拱猪 table of Alice and three bots; Alice plays `presses` times, as soon as she may, and
    the bots answer each of her plays at once (BOT_MOVE_DELAY 0): they are moving when this returns."""
    await bot.say(ALICE, GROUP, "/gongzhu fast")
    await bot.say(ALICE, private(ALICE), await join_link(bot))
    await bot.say(ALICE, GROUP, "/fill")
    await bot.say(ALICE, GROUP, "/startgame")
    pressed: set[str] = set()
    for _ in range(presses):
        keyboard = await bot.wait(lambda calls: fresh(bot, pressed))
        message, _, data = choose(keyboard)
        pressed.add(data)
        bot.api.press(ALICE, message, data)


def fresh(bot: Bot, pressed: set[str]) -> list[tuple[dict[str, Any], str, str]]:
    """Alice's decisions she has not pressed yet."""
    return [b for b in bot.buttons(ALICE["id"]) if b[2][:2] in ("d|", "m|") and b[2] not in pressed]


@pytest.mark.parametrize("presses", [1, 2, 3, 5, 8, 13])
async def test_a_stop_while_bots_move_never_touches_the_closed_store(
    api: FakeBotApi, tmp_path: Path, presses: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Telegram answers slowly, so what is still to be told is given up on (`FLUSH_SECONDS`, made
    short) while the bots still move: the stop must end their moves before it closes the store."""
    monkeypatch.setattr(app_module, "FLUSH_SECONDS", 0.01)
    database = tmp_path / "bot.sqlite3"
    bot = await Bot.start(api, database, clock=WallClock())  # type: ignore[arg-type]
    await bots_playing(bot, presses)
    await bot.wait(lambda calls: api.fetched_all())
    api.stall = 0.02  # every call now takes a while: the outbox falls behind the bots
    await bot.app.updater.stop()  # type: ignore[union-attr]
    await bot.close()  # post_stop and post_shutdown, as a SIGTERM runs them: the bots were moving
    store = await Store.open(database)  # the file is whole: the match's log has no gap
    try:
        async with store.reading() as q:
            match = await q.last_match(1)
            assert match is not None
            logged = await q.moves(match.id)
        assert logged and [m.ply for m in logged] == list(range(len(logged)))
    finally:
        await store.close()
