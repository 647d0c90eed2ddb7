"""The bot's life, from start to SIGTERM: the HTTP server (when configured), the Bot API asked
until it answers, the store and referee started (`post_init`), updates taken by polling or by the
webhook, and on SIGINT or SIGTERM an orderly end: no new update is taken, the handlers finish,
what is still to be told goes out (`post_stop`, bounded), the store is closed (`post_shutdown`).
A webhook is left in place at the end (a restart keeps receiving); polling removes none."""

from __future__ import annotations

import asyncio
import itertools
import logging
import signal
from collections.abc import Awaitable, Callable, Sequence

from telegram import Update
from telegram.error import InvalidToken, NetworkError
from telegram.ext import Application

from handlers.app import build
from handlers.config import Config
from handlers.ratelimit import PriorityRateLimiter
from handlers.web.server import WebServer

log = logging.getLogger(__name__)
STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM)
RETRY_SECONDS = (1, 2, 5, 10, 30)  # between tries while the Bot API does not answer; then the last


def run(config: Config) -> None:
    """Runs the bot until SIGINT or SIGTERM."""
    asyncio.run(serve(build(config), config))


async def serve(app: Application, config: Config, stop: asyncio.Event | None = None) -> None:
    """Runs `app` until `stop` is set (by SIGINT or SIGTERM when not given)."""
    if stop is None:
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in STOP_SIGNALS:
            loop.add_signal_handler(sig, stop.set)
    server = WebServer(config, app, app.bot_data.metrics) if config.http else None
    log.info("starting; asking the Bot API at %s until it answers", config.api_url or "api.telegram.org")
    if server is not None:  # /healthz says "starting" meanwhile
        await server.start()
    try:
        if not await until_answered(app.initialize, stop, "getMe"):
            return
        await _run(app, config, stop, server)
    finally:
        if server is not None:
            await server.stop()


async def _run(app: Application, config: Config, stop: asyncio.Event, server: WebServer | None) -> None:
    try:
        await app.post_init(app)  # type: ignore[misc]  # set by build(): the store, the referee
        if config.webhook_url:
            set_webhook = lambda: _set_webhook(app, config)  # noqa: E731
            if not await until_answered(set_webhook, stop, "setWebhook"):
                return
        else:
            assert app.updater is not None
            await app.updater.start_polling(allowed_updates=Update.ALL_TYPES, bootstrap_retries=-1)
        await app.start()
        log.info("taking updates by %s", "webhook" if config.webhook_url else "polling")
        await stop.wait()
        log.info("stopping")
    finally:
        if server is not None:  # no update is taken once the handlers stop: Telegram keeps it
            await server.stop()
        if app.updater is not None and app.updater.running:
            await app.updater.stop()
        if isinstance(app.bot.rate_limiter, PriorityRateLimiter):
            app.bot.rate_limiter.drop_chatter()  # handled at once: a crowd's /help cannot hold us
        if app.running:
            await app.stop()  # the updates already taken are handled first
            await app.post_stop(app)  # type: ignore[misc]
        await app.shutdown()
        await app.post_shutdown(app)  # type: ignore[misc]


async def _set_webhook(app: Application, config: Config) -> None:
    await app.bot.set_webhook(
        url=config.webhook_url or "",
        secret_token=config.webhook_secret,
        allowed_updates=Update.ALL_TYPES,
    )


async def until_answered(
    action: Callable[[], Awaitable[object]],
    stop: asyncio.Event,
    what: str,
    waits: Sequence[float] = RETRY_SECONDS,
) -> bool:
    """Runs `action` until the Bot API answers it; whether it did before `stop` was set (a
    SIGTERM ends the wait at once, even within a try). A token Telegram refuses is not tried again."""
    stopping = asyncio.ensure_future(stop.wait())
    try:
        for attempt in itertools.count():
            trying = asyncio.ensure_future(action())
            await asyncio.wait((trying, stopping), return_when=asyncio.FIRST_COMPLETED)
            if not trying.done():
                trying.cancel()
                await asyncio.gather(trying, return_exceptions=True)
                return False
            try:
                trying.result()
                return True
            except InvalidToken:
                raise
            except NetworkError as error:  # no answer, or a server error: Telegram may be down
                wait = waits[min(attempt, len(waits) - 1)]
                log.warning("the Bot API did not answer %s (%s): asking again in %g s", what, error, wait)
            await asyncio.wait((stopping,), timeout=wait)
            if stop.is_set():
                return False
        return False  # never reached: count() does not end
    finally:
        stopping.cancel()
