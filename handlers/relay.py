"""Updates through Redis, for several processes of one bot behind one webhook (`REDIS_URL` with
`WEBHOOK_URL`): whichever process Telegram's request reaches puts the update on the bot's
stream (`UpdateStream.add`, then 200), and the one process that holds the database — the owner,
which runs every table's clocks, bots and notices — takes them off in order (`UpdateTaker`) and
handles them as polled ones (`PerChatOrder` keeps each chat's and person's order).

An update leaves the stream only once handled (acknowledged, then deleted). One the owner took
but had not finished when it died stays pending, and the next owner handles it before anything
newer. Telegram's redelivery of an update already put on the stream is dropped, whichever
process it reaches: the stream and the update's mark are written by one script."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from redis.asyncio import Redis
from redis.exceptions import RedisError, ResponseError
from telegram import Update
from telegram.ext import Application

from handlers.rediskeys import Reach, bot_prefix

log = logging.getLogger(__name__)

GROUP = "owner"  # the stream's one consumer group: whichever process owns the tables
KEPT_UPDATES = 100_000  # the stream's bound: updates waiting beyond it (the oldest) are dropped
SEEN_SECONDS = 3600  # how long an update's id is remembered against Telegram's redelivery
READ_COUNT = 64  # updates taken off the stream at a time
IN_FLIGHT = 512  # updates being handled at once; the stream waits beyond
BLOCK_MS = 1000  # a read waits this long for an update (the taker's stop is seen within it)
RETRY_SECONDS = 1.0  # after Redis failed a read

# KEYS: the stream, the update's mark. ARGV: the update's JSON, the stream's bound, the mark's
# lifetime. Returns 1 when the update was added, 0 when it had been already.
_ADD = """
if not redis.call('SET', KEYS[2], '1', 'NX', 'EX', tonumber(ARGV[3])) then return 0 end
redis.call('XADD', KEYS[1], 'MAXLEN', '~', ARGV[2], '*', 'u', ARGV[1])
return 1
"""


class UpdateStream:
    """The bot's updates waiting for the owner, in Redis."""

    def __init__(self, redis: Redis, token: str) -> None:
        self.redis = redis
        prefix = bot_prefix(token)
        self.key, self._seen = f"{prefix}:updates", f"{prefix}:seen:"
        self._add = redis.register_script(_ADD)

    async def add(self, update: dict[str, Any]) -> bool:
        """Puts a webhook's update on the stream: False when it was there already (Telegram
        sends again what it thinks was missed). RedisError when Redis cannot take it: the
        webhook then fails, and Telegram delivers it again later."""
        body = json.dumps(update, separators=(",", ":"))
        keys = [self.key, f"{self._seen}{update['update_id']}"]
        return bool(await self._add(keys=keys, args=(body, KEPT_UPDATES, SEEN_SECONDS)))

    async def waiting(self) -> int:
        return int(await self.redis.xlen(self.key))

    async def close(self) -> None:
        await self.redis.aclose()


Handle = Callable[[Update], Awaitable[None]]


def handled_by(application: Application) -> Handle:
    """How the owner handles a streamed update: as python-telegram-bot's own fetcher does a
    polled one, through the update processor (`PerChatOrder`) and every handler."""

    async def handle(update: Update) -> None:
        await application.update_processor.process_update(update, application.process_update(update))

    return handle


class UpdateTaker:
    """The owner's side of the stream: once started, it takes the updates left pending by the
    process that owned the tables before (they come first, in their order), then each new one,
    and hands each to `handle` as it comes; `stop` ends the reading, and the updates already
    taken are finished."""

    def __init__(
        self,
        stream: UpdateStream,
        name: str,
        handle: Handle,
        decode: Callable[[Any], Update],
        counted: Callable[[str], None] = lambda source: None,
    ) -> None:
        """`counted(source)`: told of each update taken, "new" or "reclaimed" (left pending by an
        earlier owner), for /metrics."""
        self.stream, self.name, self.handle, self.decode = stream, name, handle, decode
        self.counted = counted
        self._room = asyncio.BoundedSemaphore(IN_FLIGHT)
        self._under_way: set[asyncio.Task[None]] = set()
        self._stopping = asyncio.Event()
        self._reach = Reach(
            log,
            "update stream: Redis out of reach (%s); reading again each second",
            "update stream: Redis answers again",
        )
        self._reading: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._reading = asyncio.create_task(self._run())

    async def _run(self) -> None:
        redis, key = self.stream.redis, self.stream.key
        while not self._stopping.is_set():
            try:
                await self._join()
                await self._take_pending()
                break
            except RedisError as error:
                await self._failed(error)
        while not self._stopping.is_set():
            try:
                new: dict[Any, Any] = {key: ">"}  # redis-py's answers are untyped
                answer: Any = await redis.xreadgroup(GROUP, self.name, new, count=READ_COUNT, block=BLOCK_MS)
            except RedisError as error:
                await self._failed(error)
                continue
            self._reach.answered()
            for _, entries in answer or ():
                for entry_id, fields in entries:
                    await self._start(entry_id, fields, "new")

    async def stop(self) -> None:
        """No update is taken any more; those under way finish (and are acknowledged)."""
        self._stopping.set()
        if self._reading is not None:  # a read waiting on Redis ends now, taking nothing
            self._reading.cancel()
            await asyncio.gather(self._reading, return_exceptions=True)
        if self._under_way:
            await asyncio.gather(*self._under_way, return_exceptions=True)

    async def _join(self) -> None:
        try:  # from the stream's start: updates added before any owner joined are handled too
            await self.stream.redis.xgroup_create(self.stream.key, GROUP, id="0", mkstream=True)
        except ResponseError as error:
            if "BUSYGROUP" not in str(error):
                raise

    async def _take_pending(self) -> None:
        """What earlier owners took and did not acknowledge: theirs is over (this process holds
        the database now), so it is handled here first, oldest first."""
        cursor: Any = "0-0"
        while not self._stopping.is_set():
            answer = await self.stream.redis.xautoclaim(
                self.stream.key, GROUP, self.name, min_idle_time=0, start_id=cursor, count=READ_COUNT
            )
            cursor, entries = answer[0], answer[1]
            for entry_id, fields in entries:
                if fields:  # an entry trimmed from the stream since is claimed empty
                    await self._start(entry_id, fields, "reclaimed")
                else:
                    await self._done(entry_id)
            if cursor in (b"0-0", "0-0"):
                break
        for consumer in await self.stream.redis.xinfo_consumers(self.stream.key, GROUP):
            name = consumer["name"]
            name = name.decode() if isinstance(name, bytes) else name
            if name != self.name:  # an earlier owner's, its updates claimed above: gone for good
                await self.stream.redis.xgroup_delconsumer(self.stream.key, GROUP, name)

    async def _start(self, entry_id: Any, fields: dict[Any, Any], source: str) -> None:
        await self._room.acquire()  # beyond IN_FLIGHT, the stream waits
        self.counted(source)
        task = asyncio.create_task(self._handle(entry_id, fields))
        self._under_way.add(task)
        task.add_done_callback(self._under_way.discard)

    async def _handle(self, entry_id: Any, fields: dict[Any, Any]) -> None:
        try:
            body: Any = fields.get(b"u", fields.get("u"))
            try:
                update = self.decode(json.loads(body))
            except Exception as error:  # written by no webhook of ours, which checks each update
                log.warning("update stream: entry %s is no update (%s); dropped", entry_id, error)
            else:
                try:
                    await self.handle(update)
                except Exception:  # the handlers' own errors go to their error handler: not these
                    log.exception(
                        "update stream: entry %s failed; dropped so that no owner retries it", entry_id
                    )
            await self._done(entry_id)  # not when cancelled: a stop leaves it to the next owner
        finally:
            self._room.release()

    async def _done(self, entry_id: Any) -> None:
        """Handled: off the stream. When Redis fails here, the entry stays pending and the next
        owner handles it again; a press handled twice meets its table's version, moves nothing,
        and is answered with the move it made."""
        try:
            async with self.stream.redis.pipeline(transaction=True) as pipe:
                pipe.xack(self.stream.key, GROUP, entry_id)
                pipe.xdel(self.stream.key, entry_id)
                await pipe.execute()
        except RedisError as error:
            log.warning("update stream: %s handled but not acknowledged (%s)", entry_id, error)

    async def _failed(self, error: RedisError) -> None:
        self._reach.failed(error)
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._stopping.wait(), RETRY_SECONDS)
