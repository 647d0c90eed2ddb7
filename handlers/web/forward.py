"""The Mini App on any process of the bot (REDIS_URL): the process that owns the tables says in
Redis where its HTTP server is (`OwnerAddress`), and a standby forwards each `/api/` call to it
(`Forwarder`), event streams included, so a page opened on any process reads the table and
hears its live changes from the one that runs it. Forwarding, not a second copy of the live
state: a page needs the owner's reads (the hand, the legal moves) as much as its events.

Bounds (docs/security.md): a forwarded body is read as the API reads one (at most
`API_BODY`, whole within the body time); the owner must accept the connection within
`CONNECT_SECONDS`, never stay silent for `STREAM_IDLE_SECONDS` (twice an event stream's
keep-alive), and send a call's whole answer within `ANSWER_SECONDS` once it begins; at most
`MOST_FORWARDED` calls are forwarded at once, beyond which the standby answers 503 as it does
when no owner is known."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from typing import Any

import aiohttp
from aiohttp import web
from redis.asyncio import Redis
from redis.exceptions import RedisError

from handlers.rediskeys import Reach, bot_prefix
from handlers.web.bodies import API_BODY, BadBody, read_body

log = logging.getLogger(__name__)

HELD_SECONDS = 5  # the owner's address expires unless renewed: a killed owner's goes by itself
RENEW_SECONDS = 1.0  # the owner renews it this often
KNOWN_SECONDS = 1.0  # a standby reads it again after this long
CONNECT_SECONDS = 2.0
ANSWER_SECONDS = 10.0
STREAM_IDLE_SECONDS = 30.0
MOST_FORWARDED = 512
PASSED_ON = ("Authorization", "Content-Type", "Accept", "Last-Event-ID")  # of the page's headers
PASSED_BACK = ("Content-Type", "Cache-Control", "Retry-After", "X-Accel-Buffering")  # of the owner's

# KEYS: the address. ARGV: this process's address. Deletes it only if it is still ours.
_LET_GO = """
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
"""


class OwnerAddress:
    """Where the owner of the tables serves HTTP, kept in Redis under the bot's id."""

    def __init__(self, redis: Redis, token: str) -> None:
        self.redis = redis
        self.key = f"{bot_prefix(token)}:owner"
        self._let_go = redis.register_script(_LET_GO)
        self._known: tuple[float, str | None] = (-KNOWN_SECONDS, None)

    async def hold(self, url: str, stop: asyncio.Event) -> None:
        """The owner's side: says `url` until `stop`, then takes it back."""
        reach = Reach(log, "the Mini App's address could not be said in Redis (%s)")
        while not stop.is_set():
            try:
                await self.redis.set(self.key, url, ex=HELD_SECONDS)
                reach.answered()
            except RedisError as error:
                reach.failed(error)
            try:
                await asyncio.wait_for(stop.wait(), RENEW_SECONDS)
            except TimeoutError:
                continue
        with contextlib.suppress(RedisError):  # else it expires within HELD_SECONDS anyway
            await self._let_go(keys=[self.key], args=[url])

    async def owner(self) -> str | None:
        """A standby's side: the owner's address, read at most once a KNOWN_SECONDS."""
        at, known = self._known
        now = time.monotonic()
        if now - at < KNOWN_SECONDS:
            return known
        try:
            value = await self.redis.get(self.key)
        except RedisError:
            value = None
        known = value.decode() if isinstance(value, bytes) else value
        self._known = (now, known)
        return known


def unavailable() -> web.HTTPServiceUnavailable:
    """503 with a second's wait: the page tries again (the owner is changing, or busy)."""
    return web.HTTPServiceUnavailable(
        text='{"error": "busy"}', headers={"Retry-After": "1"}, content_type="application/json"
    )


class Forwarder:
    """A standby's `/api/` calls, passed to the owner and its answers passed back."""

    def __init__(self, address: OwnerAddress) -> None:
        self.address = address
        self._room = asyncio.BoundedSemaphore(MOST_FORWARDED)
        self._session: aiohttp.ClientSession | None = None

    async def forward(self, request: web.Request) -> web.StreamResponse:
        owner = await self.address.owner()
        if owner is None or self._room.locked():
            raise unavailable()
        try:
            body = await read_body(request, API_BODY) if request.can_read_body else b""
        except BadBody as why:
            raise (
                web.HTTPRequestEntityTooLarge(API_BODY, API_BODY + 1)
                if str(why) == "too_large"
                else web.HTTPBadRequest()
            ) from None
        headers = {name: request.headers[name] for name in PASSED_ON if name in request.headers}
        async with self._room:
            try:
                return await self._relay(request, owner + request.path_qs, headers, body)
            except (aiohttp.ClientError, TimeoutError):
                raise unavailable() from None

    async def _relay(
        self, request: web.Request, url: str, headers: dict[str, str], body: bytes
    ) -> web.StreamResponse:
        session = self._client()
        async with session.request(request.method, url, headers=headers, data=body or None) as answer:
            kept = {name: answer.headers[name] for name in PASSED_BACK if name in answer.headers}
            if not answer.headers.get("Content-Type", "").startswith("text/event-stream"):
                async with asyncio.timeout(ANSWER_SECONDS):
                    content = await answer.read()
                return web.Response(status=answer.status, body=content, headers=kept)
            stream = web.StreamResponse(status=answer.status, headers=kept)
            await stream.prepare(request)
            # the owner gone or silent, or the page gone: the stream ends (the page opens another)
            with contextlib.suppress(aiohttp.ClientError, TimeoutError, ConnectionResetError):
                async for chunk in answer.content.iter_any():  # each read bounded by sock_read
                    await stream.write(chunk)
            return stream

    def _client(self) -> aiohttp.ClientSession:
        if self._session is None:
            timeout = aiohttp.ClientTimeout(
                total=None, connect=CONNECT_SECONDS, sock_read=STREAM_IDLE_SECONDS
            )
            connector = aiohttp.TCPConnector(limit=MOST_FORWARDED)
            self._session = aiohttp.ClientSession(timeout=timeout, connector=connector)
        return self._session

    async def close(self) -> None:
        if self._session is not None:
            await self._session.close()
            self._session = None


def forwarding(forwarder: Forwarder, standby: Any) -> Any:
    """The middleware: while `standby()` says another process owns the tables, an `/api/` call
    goes to it; everything else (the page itself, /healthz, the webhook) is answered here."""

    @web.middleware
    async def middleware(request: web.Request, handler: Any) -> web.StreamResponse:
        if standby() and request.path.startswith("/api/"):
            return await forwarder.forward(request)
        return await handler(request)

    return middleware
