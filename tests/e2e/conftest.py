from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from tests.e2e.fake_api import FakeBotApi
from tests.e2e.harness import Bot


@pytest.fixture
def api() -> Iterator[FakeBotApi]:
    server = FakeBotApi().start()
    yield server
    server.stop()


@pytest.fixture
async def bot(api: FakeBotApi, tmp_path: Path) -> AsyncIterator[Bot]:
    running = await Bot.start(api, tmp_path / "bot.sqlite3")
    yield running
    await running.stop()
