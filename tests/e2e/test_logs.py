"""The log never shows the bot's token (at LOG_LEVEL=DEBUG python-telegram-bot logged
the Bot API URL, token included)."""

from __future__ import annotations

import io
import logging
from pathlib import Path

import pytest

from handlers.logs import hide_token
from tests.e2e.fake_api import FakeBotApi
from tests.e2e.harness import ALICE, GROUP, TOKEN, Bot


@pytest.mark.log_errors("failed at http://127.0.0.1")  # the test's own line, logged on purpose
async def test_at_debug_level_the_token_never_reaches_the_log(api: FakeBotApi, tmp_path: Path) -> None:
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    root = logging.getLogger()
    level = root.level
    root.addHandler(handler)
    root.setLevel(logging.DEBUG)
    hide_token(TOKEN)  # as bot.py does once the log is configured
    try:
        bot = await Bot.start(api, tmp_path / "bot.sqlite3")
        await bot.say(ALICE, GROUP, "/gouji")
        logging.getLogger("check").error("failed at %s", f"{api.url}/bot{TOKEN}/getMe")
        await bot.stop()
    finally:
        root.removeHandler(handler)
        root.setLevel(level)
    text = stream.getvalue()
    assert "Set Bot API URL" in text and "/bot<token>" in text  # the lines are there, redacted
    assert TOKEN not in text and TOKEN.split(":")[1] not in text
