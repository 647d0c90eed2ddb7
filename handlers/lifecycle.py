"""The bot's life, from start to SIGTERM: the HTTP server (when configured), the Bot API asked
until it answers, the store and referee started (`post_init`), updates taken by polling or by the
webhook (or, with REDIS_URL, from the bot's stream, once this process owns the tables: until then
it is a standby), and on SIGINT or SIGTERM an orderly end: no new update is taken, the handlers finish,
what is still to be told goes out (`post_stop`, bounded), the store is closed (`post_shutdown`).
A webhook is left in place at the end (a restart keeps receiving); polling removes none."""

from __future__ import annotations

import asyncio
import itertools
import logging
import os
import secrets
import signal
import socket
from collections.abc import Awaitable, Callable, Sequence
from functools import partial

from telegram import Update
from telegram.error import InvalidToken, NetworkError
from telegram.ext import Application

from data.store import StoreLocked
from handlers.app import build
from handlers.config import Config
from handlers.ratelimit import PriorityRateLimiter
from handlers.relay import UpdateTaker, handled_by
from handlers.web.server import WebServer

log = logging.getLogger(__name__)
STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM)
RETRY_SECONDS = (1, 2, 5, 10, 30)  # between tries while the Bot API does not answer; then the last
STANDBY_SECONDS = 1.0  # a standby asks this often whether the database is free: a killed owner's
# tables are taken over within about this, the server's noticing the dead connection, and recovery
STORE_CHECK_SECONDS = 1.0  # an owner checks this often that its database connection holds
LOST_STORE_EXIT = 3  # the exit status of an owner that lost its database connection


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
    taker: UpdateTaker | None = None
    watching: asyncio.Task[None] | None = None
    holding: asyncio.Task[None] | None = None
    let_go = asyncio.Event()  # the owner's address is taken back from Redis
    try:
        if not await take_the_tables(app, config, stop):
            return
        if config.webhook_url:
            set_webhook = lambda: _set_webhook(app, config)  # noqa: E731
            if not await until_answered(set_webhook, stop, "setWebhook"):
                return
        else:
            assert app.updater is not None
            await app.updater.start_polling(allowed_updates=Update.ALL_TYPES, bootstrap_retries=-1)
        await app.start()
        if app.bot_data.stream is not None:
            read = partial(Update.de_json, bot=app.bot)
            counted = lambda source: app.bot_data.metrics.streamed.labels(source).inc()  # noqa: E731
            taker = UpdateTaker(app.bot_data.stream, taker_name(), handled_by(app), read, counted)
            taker.start()
        if config.redis_url is not None:
            watching = asyncio.create_task(_leave_when_the_store_is_lost(app))
        if server is not None and server.owner_address is not None:  # the standbys' pages come here
            holding = asyncio.create_task(server.owner_address.hold(peer_url(config), let_go))
        how = "the bot's stream" if taker else "webhook" if config.webhook_url else "polling"
        log.info("taking updates by %s", how)
        await stop.wait()
        log.info("stopping")
    finally:
        if watching is not None:
            watching.cancel()
        if holding is not None:
            let_go.set()
            await holding
        if server is not None:  # no update is taken once the handlers stop: Telegram keeps it
            await server.stop()
        if taker is not None:  # what was taken off the stream is handled; the rest waits there
            await taker.stop()
        if app.updater is not None and app.updater.running:
            await app.updater.stop()
        if isinstance(app.bot.rate_limiter, PriorityRateLimiter):
            app.bot.rate_limiter.drop_chatter()  # handled at once: a crowd's /help cannot hold us
        if app.running:
            await app.stop()  # the updates already taken are handled first
            await app.post_stop(app)  # type: ignore[misc]
        await app.shutdown()
        await app.post_shutdown(app)  # type: ignore[misc]


async def take_the_tables(app: Application, config: Config, stop: asyncio.Event) -> bool:
    """Opens the store and recovers its tables (`post_init`); whether it did before `stop`. With
    REDIS_URL, a process that finds the database held by another waits as its standby, trying
    each STANDBY_SECONDS, and takes over the tables once the owner is gone (a stopped or killed
    process's hold ends with its connection); without, a second process is refused at once."""
    metrics = app.bot_data.metrics
    waited = False
    while True:
        try:
            await app.post_init(app)  # type: ignore[misc]  # set by build(): the store, the referee
        except StoreLocked:
            if config.redis_url is None:
                raise
            if not waited:
                held = config.store_shown
                log.info("standby: another process holds %s; taking its tables when it stops", held)
                metrics.owner.set(0)
            waited = app.bot_data.standby = True
            try:
                await asyncio.wait_for(stop.wait(), STANDBY_SECONDS)
                return False
            except TimeoutError:
                continue
        app.bot_data.standby = False
        metrics.owner.set(1)
        if waited:
            log.info("took over the tables: this process owns them now")
        return True


def peer_url(config: Config) -> str:
    """Where the bot's other processes reach this one's HTTP server: PEER_URL, else this
    machine's address (a container's own) and the port."""
    return config.peer_url or f"http://{socket.gethostbyname(socket.gethostname())}:{config.port}"


def taker_name() -> str:
    """This process among the stream's readers: its machine and pid, and a random part (a pid
    repeats across containers)."""
    return f"{socket.gethostname()}-{os.getpid()}-{secrets.token_hex(3)}"


async def _leave_when_the_store_is_lost(app: Application) -> None:
    """An owner whose database connection broke has lost its hold on the tables: another process
    takes them over, so this one must not move a bot or tell a notice again. It ends at once, as
    a killed process would (an orderly stop would tell its outbox a second time); whatever
    supervises it starts it again, as a standby."""
    store = app.bot_data.store
    while store is not None:
        await asyncio.sleep(STORE_CHECK_SECONDS)
        if store.lost:
            log.error("lost the connection to %s: ending now, another process takes the tables", store.path)
            logging.shutdown()
            os._exit(LOST_STORE_EXIT)


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
