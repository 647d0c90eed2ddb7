"""Fixtures every test folder shares, and the property tests' profile: in CI (`CI` set) the
examples are derived from each test, so a submission's run is repeatable; elsewhere they are
random, to keep finding new cases (the contract suite's finds are pinned with @example).

The tests' third game (tests/thirdgame/) is registered for the whole run through the
public pack API, as a maintainer's new game would be: every test that goes through each game —
the contract, the registries, the catalogues, the settings — goes through it too."""

import os
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest
from hypothesis import settings

from handlers.packs import register
from tests import postgres, redisserver
from tests.referee.world import World
from tests.thirdgame.pack import PACK

register(PACK)

settings.register_profile("ci", derandomize=True, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[str]:
    """One PostgreSQL server for the run (tests/postgres.py)."""
    yield from postgres.server()


@pytest.fixture(scope="session")
def redis_server() -> Iterator[str]:
    """One Redis server for the run (tests/redisserver.py)."""
    yield from redisserver.server()


@pytest.fixture(params=["sqlite", "postgres"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Where a store test keeps its data, once on each engine: a SQLite file, a fresh PostgreSQL
    database."""
    if request.param == "sqlite":
        return str(tmp_path / "referee.db")
    return postgres.fresh_database(request.getfixturevalue("postgres_server"))


@pytest.fixture
async def world(tmp_path: Path) -> AsyncIterator[World]:
    """A referee on a real SQLite file in the test's own folder, a manual clock, a recorder."""
    opened = await World.open(tmp_path / "referee.db")
    yield opened
    await opened.close()


@pytest.fixture
async def any_world(database: str) -> AsyncIterator[World]:
    """A referee on either engine (`database`): a module whose referee tests should hold on
    both names it its `world` (`on_both_engines`)."""
    opened = await World.open(database)
    yield opened
    await opened.close()
