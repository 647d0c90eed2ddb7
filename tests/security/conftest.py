from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tests.referee.world import World


@pytest.fixture
async def world(tmp_path: Path) -> AsyncIterator[World]:
    opened = await World.open(tmp_path / "referee.db")
    yield opened
    await opened.close()
