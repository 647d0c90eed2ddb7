"""What keeps the HTTP server answering under hostile and clumsy use (the numbers are
in docs/security.md): a cap on open connections below the process's file-descriptor limit, with
the oldest connection that is in no handler (a client that never finished its headers, or an
idle keep-alive) closed to make room for a new one; a short keep-alive, which also ends a request
whose headers never finish; and a log that says a malformed request or a failed accept once a
minute, not once per request."""

from __future__ import annotations

import asyncio
import logging
import resource
import time
from collections.abc import Awaitable, Callable
from typing import Any

from aiohttp import web
from aiohttp.http_exceptions import HttpProcessingError

log = logging.getLogger(__name__)

IDLE_SECONDS = 10.0  # a connection with no request in a handler for this long is closed
FD_RESERVE = 400  # descriptors kept for the rest: 258 Bot API connections, the store, workers, logs
MAX_CONNECTIONS = 4000  # at most, whatever the descriptor limit
MIN_CONNECTIONS = 64
QUIET_SECONDS = 60.0  # the same complaint is logged at most this often
REFUSED = (
    b"HTTP/1.1 503 Service Unavailable\r\nContent-Length: 0\r\nRetry-After: 5\r\nConnection: close\r\n\r\n"
)
WANTED_FDS = 65536  # the soft limit asked for at start, when the hard limit allows it


def raise_fd_limit(wanted: int = WANTED_FDS) -> int:
    """Raises the soft file-descriptor limit toward the hard one (a container's default soft
    limit is often 1,024); returns the soft limit in force."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
    if soft != resource.RLIM_INFINITY and soft < target:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
            soft = target
        except (ValueError, OSError):  # a sandbox that refuses: the cap below adapts
            pass
    return int(soft) if soft != resource.RLIM_INFINITY else WANTED_FDS


def connection_cap(fd_limit: int) -> int:
    """Open HTTP connections allowed with `fd_limit` descriptors, `FD_RESERVE` kept apart."""
    return max(MIN_CONNECTIONS, min(MAX_CONNECTIONS, fd_limit - FD_RESERVE))


class Throttled:
    """Says each kind of complaint at most once per `QUIET_SECONDS`, with how many were not said."""

    def __init__(self, logger: logging.Logger, now: Callable[[], float] = time.monotonic) -> None:
        self.logger, self.now = logger, now
        self._last: dict[str, tuple[float, int]] = {}  # kind → (when said, how many since)

    def say(self, level: int, kind: str, message: str, *args: Any) -> bool:
        said, since = self._last.get(kind, (-QUIET_SECONDS, 0))
        now = self.now()
        if now - said < QUIET_SECONDS:
            self._last[kind] = (said, since + 1)
            return False
        self._last[kind] = (now, 0)
        suffix = f" ({since} more since last said)" if since else ""
        self.logger.log(level, message + suffix, *args)
        return True


class ServerLog(logging.LoggerAdapter[logging.Logger]):
    """aiohttp's server logger: a request too malformed to reach a handler (a header line over
    the limit, bad HTTP) is the client's fault, said at INFO once a minute; anything else is
    logged as aiohttp would."""

    def __init__(self, throttled: Throttled) -> None:
        super().__init__(logging.getLogger("aiohttp.server"), {})
        self.throttled = throttled

    def exception(self, msg: object, *args: object, exc_info: Any = True, **kwargs: Any) -> None:
        if isinstance(exc_info, HttpProcessingError):
            self.throttled.say(logging.INFO, "malformed", "http: malformed requests refused: %s", exc_info)
            return
        self.logger.exception(msg, *args, exc_info=exc_info, **kwargs)


class LoopErrors:
    """The event loop's exception handler: a failed accept (no descriptor left) is said once a
    minute instead of hundreds of thousands of times; the rest as asyncio says it."""

    def __init__(self, throttled: Throttled) -> None:
        self.throttled = throttled

    def __call__(self, loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        message = str(context.get("message", ""))
        if message.startswith("socket.accept() out of system resource"):
            self.throttled.say(logging.WARNING, "accept", "http: %s: %s", message, context.get("exception"))
            return
        loop.default_exception_handler(context)


class _Refusal(asyncio.Protocol):
    """A connection over the cap: told 503 and closed, its request unread."""

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        transport.write(REFUSED)
        transport.close()


class Doorman:
    """The protocol factory in front of aiohttp's server: counts the open connections and, at
    `cap`, closes the oldest one that is in no handler; with none such, refuses the newcomer.
    The `middleware` marks a connection busy while a handler serves it."""

    def __init__(self, cap: int, throttled: Throttled) -> None:
        self.server: web.Server | None = None  # aiohttp's, once its runner is set up
        self.cap, self.throttled = cap, throttled
        self.busy: dict[asyncio.BaseTransport, int] = {}  # transports in a handler, how many

    def __call__(self) -> asyncio.BaseProtocol:
        assert self.server is not None
        connections = self.server.connections
        if len(connections) >= self.cap and not self._evict(connections):
            self.throttled.say(logging.WARNING, "full", "http: %d connections open: refused", self.cap)
            return _Refusal()
        return self.server()

    def _evict(self, connections: list[Any]) -> bool:
        for handler in connections:  # oldest first: the server keeps them in order of arrival
            transport = handler.transport
            if transport is not None and transport not in self.busy and not transport.is_closing():
                transport.close()
                return True
        return False

    @web.middleware
    async def middleware(
        self, request: web.Request, handler: Callable[[web.Request], Awaitable[web.StreamResponse]]
    ) -> web.StreamResponse:
        transport = request.transport
        if transport is None:  # the client is gone already
            raise web.HTTPBadRequest()
        self.busy[transport] = self.busy.get(transport, 0) + 1
        try:
            return await handler(request)
        finally:
            left = self.busy.pop(transport) - 1
            if left:
                self.busy[transport] = left
