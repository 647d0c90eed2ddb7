"""Fixtures every test folder shares."""

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tests.referee.world import World


@pytest.fixture
async def world(tmp_path: Path) -> AsyncIterator[World]:
    """A referee on a real SQLite file in the test's own folder, a manual clock, a recorder."""
    opened = await World.open(tmp_path / "referee.db")
    yield opened
    await opened.close()
