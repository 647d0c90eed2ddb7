"""A restart while people play. A message sent in the last instant is answered by the next start,
never lost; and when python-telegram-bot's open poll brings updates back to an updater that has
just stopped (it drops them with a CRITICAL line: they are pulled again on restart), the bot logs
a warning, not an error (the autouse guard fails these tests on any ERROR or CRITICAL)."""

from __future__ import annotations

import asyncio
import inspect
import logging
from pathlib import Path

import pytest
from telegram.ext import _updater

from handlers.app import build
from handlers.config import Config
from handlers.logs import SHUTDOWN_PULL, ShutdownPullNotice
from tests.e2e.fake_api import FakeBotApi
from tests.e2e.harness import ALICE, GROUP, TOKEN, Bot

UPDATER = logging.getLogger("telegram.ext.Updater")


async def test_a_message_sent_while_the_bot_stops_is_answered_after_the_restart(
    api: FakeBotApi, tmp_path: Path
) -> None:
    database = tmp_path / "bot.sqlite3"
    first = await Bot.start(api, database)
    updater = first.app.updater
    assert updater is not None
    stopping = asyncio.create_task(updater.stop())
    while updater.running:  # until the updater has marked itself stopped (no time passes)
        await asyncio.sleep(0)
    api.send(ALICE, GROUP, "/gouji")
    await stopping
    await first.close()
    assert not any("?start=" in c.text for c in api.calls)  # the first process never answered it
    bot = await Bot.start(api, database)
    try:
        await bot.wait(lambda calls: any("?start=" in c.text for c in calls))  # the new table's link
    finally:
        await bot.stop()


def test_updates_dropped_at_shutdown_are_logged_as_a_warning(
    api: FakeBotApi, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    assert SHUTDOWN_PULL in inspect.getsource(_updater)  # the line python-telegram-bot logs
    for installed in [f for f in UPDATER.filters if isinstance(f, ShutdownPullNotice)]:
        UPDATER.removeFilter(installed)
    build(Config(TOKEN, tmp_path / "bot.sqlite3", api.url, 0.0, logging.INFO, None, 8443))
    UPDATER.critical(SHUTDOWN_PULL + " and pulled again on restart.")
    assert [r.levelname for r in caplog.records] == ["WARNING"]


@pytest.mark.log_errors("Something else went wrong")  # logged on purpose
def test_the_updaters_other_lines_keep_their_level(caplog: pytest.LogCaptureFixture) -> None:
    UPDATER.critical("Something else went wrong")
    assert [r.levelname for r in caplog.records] == ["CRITICAL"]
