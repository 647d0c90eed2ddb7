"""End to end: a group keeps up under Telegram's limits. Thirteen commands typed a
second apart in a fresh group each show their effect within 5 s (p95), on the fake Bot API's
emulation of Telegram's limits and the bot's own rate limiter, both on a manual clock; the
answers that concern one person reach them privately; nothing is refused for flooding."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tests.e2e.burst import BOB, CAROL, DAVE, ERIN, GOAL, PEOPLE, burst_latencies, group_messages, p95
from tests.e2e.fake_api import FakeBotApi
from tests.e2e.harness import ALICE, GROUP, private
from tests.e2e.paced import TELEGRAM_GROUP_PER_MINUTE, Paced


@pytest.fixture
async def paced(api: FakeBotApi, tmp_path: Path) -> AsyncIterator[Paced]:
    running = await Paced.start(api, tmp_path / "bot.sqlite3")
    yield running
    await running.stop()


async def test_a_burst_of_thirteen_commands_each_shows_its_effect_within_five_seconds(paced: Paced) -> None:
    """Before: a bucket of 5 then one message every 4 s, and every answer in the group: p95
    18 s, the first table picture 24 s after /startgame, 16 group messages."""
    first = len(paced.api.calls)
    latencies, picture = await burst_latencies(paced)
    assert p95(latencies) <= GOAL, latencies
    assert picture <= GOAL  # the first player's clock runs: the table is there
    start = paced.sent[-1][0]
    spent = group_messages([c for c in paced.api.calls[first:] if c.at <= start + picture])
    assert spent <= 11  # a lobby and its edits, the start; no answer that concerns one person
    assert not [c for c in paced.api.calls if c.status == 429]  # within Telegram's limits by design


async def test_while_the_groups_minute_is_spent_the_lobbys_edits_fold_into_the_latest(paced: Paced) -> None:
    """Four people join while the group's window is full: the lobby is not edited four times
    once there is room, but shows them all in at most two edits (the one that waited, then
    the latest state of the notices that piled up behind it)."""
    await paced.play([(0.0, user, private(user), "/start") for user in PEOPLE], until=61.0)
    script = [(0.0, ALICE, GROUP, "/gouji fast")]
    script += [(1.0 + i, ALICE, GROUP, "/score") for i in range(TELEGRAM_GROUP_PER_MINUTE)]
    joins = (BOB, CAROL, DAVE, ERIN)
    script += [(30.0 + i, user, GROUP, "/join") for i, user in enumerate(joins)]
    first = len(paced.api.calls)
    await paced.play(script, until=120.0)
    edits = [
        c for c in paced.api.calls[first:]
        if c.method == "editMessageText" and c.chat == GROUP["id"] and c.status == 200
    ]  # fmt: skip
    assert 1 <= len(edits) <= 2
    assert all(user["first_name"] in edits[-1].text for user in joins)
    assert not [c for c in paced.api.calls if c.status == 429]
