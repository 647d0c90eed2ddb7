"""Telegram's limits shared by every process of one bot token, in a real Redis: two limiters,
each with its own connection as two processes have, take their turns from one budget — a
group's window, the bot-wide bucket, and a 429's pause that holds both. A manual clock stands
for the wall clock; each limiter's waits advance it instead of sleeping."""

from __future__ import annotations

import logging
import uuid
from collections.abc import AsyncIterator
from typing import Any

import pytest
from redis.asyncio import Redis
from telegram.error import RetryAfter

from handlers.ratelimit import PriorityRateLimiter
from handlers.sharedlimits import SharedBudget

pytestmark = pytest.mark.timeout(60)
GROUP = -100500


class Time:
    """The wall clock both processes read, and their waits, which move it on."""

    def __init__(self) -> None:
        self.now = 1_800_000_000.0
        self.waits: list[tuple[str, float]] = []

    def sleeper(self, who: str) -> Any:
        async def sleep(seconds: float) -> None:
            self.waits.append((who, round(seconds, 3)))
            self.now += seconds

        return sleep


class Process:
    """One bot process: its limiter (local limits that never bind here) over the shared budget."""

    def __init__(self, name: str, url: str, token: str, time: Time, **budget: float) -> None:
        limits = {"per_second": 1e9, "burst": 1e9, "group_size": 1e9, "group_window": 1.0, **budget}
        self.redis = Redis.from_url(url)
        self.shared = SharedBudget(self.redis, token, now=lambda: time.now, **limits)
        self.limiter = PriorityRateLimiter(
            1e9, 1e9, 1e12, 1.0, (0.0, 0.0, 0.0), time.sleeper(name), shared=self.shared
        )
        self.sent: list[str] = []

    async def send(self, text: str, chat: int = GROUP, error: Exception | None = None) -> Any:
        errors = [error] if error else []

        async def call() -> bool:
            if errors:
                raise errors.pop()
            self.sent.append(text)
            return True

        return await self.limiter.process_request(call, (), {}, "sendMessage", {"chat_id": chat}, None)


@pytest.fixture
def token() -> str:
    """A bot of its own for each test: the keys carry its id."""
    return f"{uuid.uuid4().int % 10**9}:secret-part"


@pytest.fixture
async def pair(redis_server: str, token: str) -> AsyncIterator[tuple[Time, Process, Process]]:
    time = Time()
    budget = {"per_second": 100.0, "burst": 100.0, "group_size": 3, "group_window": 60.0}
    a, b = (
        Process("a", redis_server, token, time, **budget),
        Process("b", redis_server, token, time, **budget),
    )
    yield time, a, b
    await a.limiter.shutdown()
    await b.limiter.shutdown()


async def test_a_groups_window_is_the_tokens_not_each_processs(pair: tuple[Time, Process, Process]) -> None:
    """Three messages a minute to the group: a sends two, b one, and b's second waits until the
    first of the three is a minute old — though b itself has sent only one."""
    time, a, b = pair
    await a.send("a1")
    time.now += 10
    await a.send("a2")
    time.now += 10
    await b.send("b1")
    assert time.waits == []
    await b.send("b2")
    assert time.waits == [("b", 40.0)] and b.sent == ["b1", "b2"]
    await b.send("private", chat=501)  # a private chat is outside the group's window
    assert time.waits == [("b", 40.0)]


async def test_a_429_seen_by_one_process_holds_the_other(pair: tuple[Time, Process, Process]) -> None:
    time, a, b = pair
    await a.send("refused once", chat=501, error=RetryAfter(7))
    assert a.sent == ["refused once"] and ("a", 7.0) in time.waits
    time.waits.clear()
    time.now -= 7  # b asks at the moment a was refused, before a's pause ran
    await b.send("b", chat=502)
    assert time.waits == [("b", 7.0)] and b.sent == ["b"]


async def test_the_bot_wide_bucket_is_shared(redis_server: str, token: str) -> None:
    """Two calls a second, a burst of two: a takes both, and b's call waits half a second."""
    time = Time()
    budget = {"per_second": 2.0, "burst": 2.0}
    a, b = (
        Process("a", redis_server, token, time, **budget),
        Process("b", redis_server, token, time, **budget),
    )
    await a.send("a1", chat=501)
    await a.send("a2", chat=502)
    await b.send("b1", chat=503)
    assert time.waits == [("b", 0.5)]
    other = Process("c", redis_server, f"9{token}", time, **budget)  # another bot's budget
    await other.send("c1", chat=501)
    assert time.waits == [("b", 0.5)]
    for process in (a, b, other):
        await process.limiter.shutdown()


async def test_without_redis_each_process_keeps_its_own_limits_and_says_so_once(
    token: str, caplog: pytest.LogCaptureFixture
) -> None:
    time = Time()
    lost = Process("a", "redis://127.0.0.1:1", token, time, group_size=1)  # nothing listens on port 1
    with caplog.at_level(logging.INFO):
        await lost.send("one")
        await lost.send("two")
    assert lost.sent == ["one", "two"] and time.waits == []
    warned = [r for r in caplog.records if "Redis out of reach" in r.getMessage()]
    assert len(warned) == 1 and warned[0].levelno == logging.WARNING
    assert "secret-part" not in caplog.text
    await lost.limiter.shutdown()
