"""Updates through a real Redis (`handlers/relay.py`): two webhook processes put updates on the
bot's stream, the owner takes them in order and acknowledges each once handled; an owner that
dies with updates taken and unfinished leaves them to the next, which handles them first, and
Telegram's redelivery reaching another process is dropped. Each process has its own connection."""

from __future__ import annotations

import asyncio
import uuid
from collections import Counter
from collections.abc import AsyncIterator
from typing import Any

import pytest
from redis.asyncio import Redis

from handlers.relay import GROUP, UpdateStream, UpdateTaker

pytestmark = pytest.mark.timeout(60)


def update(update_id: int, chat: int = -100, text: str = "/help") -> dict[str, Any]:
    return {"update_id": update_id, "message": {"chat": {"id": chat}, "text": text}}


class Owner:
    """A process owning the tables: its taker, and what its handlers saw, in the order handled."""

    def __init__(self, url: str, token: str, name: str, hold: asyncio.Event | None = None) -> None:
        self.stream = UpdateStream(Redis.from_url(url), token)
        self.handled: list[int] = []
        self.arrived = asyncio.Event()
        self.hold = hold  # while set to an unset event, the handlers never finish (a dying owner)

        async def handle(update: Any) -> None:
            self.arrived.set()
            if self.hold is not None:
                await self.hold.wait()
            self.handled.append(update["update_id"])

        self.taken: Counter[str] = Counter()  # by source: new, reclaimed
        self.taker = UpdateTaker(
            self.stream, name, handle, lambda data: data, lambda source: self.taken.update([source])
        )

    async def until_handled(self, count: int) -> list[int]:
        while len(self.handled) < count:
            self.arrived.clear()
            await asyncio.wait_for(self.arrived.wait(), 10)
            await asyncio.sleep(0)  # the handler appends after its wake-up
        return self.handled


@pytest.fixture
async def token() -> AsyncIterator[str]:
    yield f"{uuid.uuid4().int % 10**9}:secret"  # a bot of its own: keys apart from other tests'


async def test_updates_from_two_webhooks_are_handled_once_each_in_order_and_leave_the_stream(
    redis_server: str, token: str
) -> None:
    first, second = (UpdateStream(Redis.from_url(redis_server), token) for _ in range(2))
    assert await first.add(update(1))
    assert await second.add(update(2))
    assert not await second.add(update(1))  # Telegram's redelivery, reaching the other process
    assert await first.add(update(3))
    owner = Owner(redis_server, token, "a")
    owner.taker.start()
    try:
        assert await owner.until_handled(3) == [1, 2, 3]
        assert await second.add(update(4))
        assert await owner.until_handled(4) == [1, 2, 3, 4]
    finally:
        await owner.taker.stop()
    assert await first.waiting() == 0  # handled: acknowledged and deleted
    assert owner.taken == Counter(new=4)
    for stream in (first, second, owner.stream):
        await stream.close()


async def test_updates_a_dead_owner_took_are_handled_by_the_next_before_anything_newer(
    redis_server: str, token: str
) -> None:
    webhook = UpdateStream(Redis.from_url(redis_server), token)
    for n in (1, 2, 3):
        await webhook.add(update(n))
    dying = Owner(redis_server, token, "dying", hold=asyncio.Event())
    dying.taker.start()
    await asyncio.wait_for(dying.arrived.wait(), 10)
    redis = webhook.redis
    assert (await redis.xpending(webhook.key, GROUP))["pending"] == 3  # taken in one read, none handled
    reading = dying.taker._reading
    assert reading is not None
    reading.cancel()  # it dies: no more reading, its handlers never end, its connection goes
    for task in list(dying.taker._under_way):
        task.cancel()
    await asyncio.gather(reading, *dying.taker._under_way, return_exceptions=True)
    await dying.stream.redis.connection_pool.disconnect()
    await webhook.add(update(4))

    heir = Owner(redis_server, token, "heir")
    heir.taker.start()
    try:
        assert await heir.until_handled(4) == [1, 2, 3, 4]  # the dead owner's first, in order
    finally:
        await heir.taker.stop()
    assert heir.taken == Counter(reclaimed=3, new=1)
    assert dying.handled == []
    readers = await redis.xinfo_consumers(webhook.key, GROUP)
    assert [r["name"] for r in readers] in (["heir"], [b"heir"])  # the dead owner's name is gone
    assert await webhook.waiting() == 0
    assert (await redis.xpending(webhook.key, GROUP))["pending"] == 0
    for stream in (webhook, dying.stream, heir.stream):
        await stream.close()


async def test_a_stop_finishes_the_updates_under_way_and_leaves_the_rest_on_the_stream(
    redis_server: str, token: str
) -> None:
    webhook = UpdateStream(Redis.from_url(redis_server), token)
    await webhook.add(update(1))
    release = asyncio.Event()
    owner = Owner(redis_server, token, "a", hold=release)
    owner.taker.start()
    await asyncio.wait_for(owner.arrived.wait(), 10)
    stopping = asyncio.create_task(owner.taker.stop())
    await asyncio.sleep(0)
    assert not stopping.done()  # it waits for the update under way
    await webhook.add(update(2))  # arrives while stopping: not taken
    release.set()
    await asyncio.wait_for(stopping, 10)
    assert owner.handled == [1]
    assert await webhook.waiting() == 1  # the newer one waits there for the next owner
    for stream in (webhook, owner.stream):
        await stream.close()


async def test_an_entry_that_is_no_update_is_dropped_with_a_warning_and_the_next_is_handled(
    redis_server: str, token: str, caplog: pytest.LogCaptureFixture
) -> None:
    webhook = UpdateStream(Redis.from_url(redis_server), token)
    await webhook.add(update(1))
    await webhook.redis.xadd(webhook.key, {"u": b"\xff not json"})  # written by hand into Redis
    await webhook.add(update(2))
    owner = Owner(redis_server, token, "a")
    owner.taker.start()
    try:
        assert await owner.until_handled(2) == [1, 2]
    finally:
        await owner.taker.stop()
    assert await webhook.waiting() == 0  # dropped, not left for every next owner to retry
    assert any("is no update" in r.message and r.levelname == "WARNING" for r in caplog.records)
    for stream in (webhook, owner.stream):
        await stream.close()
