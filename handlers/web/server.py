"""The one HTTP server (aiohttp, in the bot's event loop): the webhook when configured,
`/healthz` and `/metrics` always. aiohttp rather than Starlette + uvicorn: one well-kept
library that is the server itself (no second server process or loop to manage), with
streamed responses for the Mini App's live table (server-sent events); python-telegram-bot's
own webhook server (tornado) could not serve anything beside the webhook."""

from __future__ import annotations

import asyncio
import json
import logging
from typing import Any

from aiohttp import web
from prometheus_client import CONTENT_TYPE_LATEST, generate_latest
from telegram.ext import Application

from handlers.config import Config
from handlers.metrics import Metrics
from handlers.rediskeys import client as redis_client
from handlers.web.api import MiniAppApi
from handlers.web.forward import Forwarder, OwnerAddress, forwarding
from handlers.web.guard import (
    IDLE_SECONDS,
    Doorman,
    LoopErrors,
    ServerLog,
    Throttled,
    connection_cap,
    raise_fd_limit,
)
from handlers.web.health import health
from handlers.web.page import add_page
from handlers.web.webhook import MAX_BODY, Webhook

log = logging.getLogger(__name__)
NO_STORE = {"Cache-Control": "no-store"}
SHUTDOWN_SECONDS = 2.0  # requests still under way at a stop get this long (the streams end at once)


class WebServer:
    """`fd_limit`: the process's file descriptors (raised toward the hard limit when not given);
    the connection cap and the event streams' are sized below it (docs/security.md)."""

    def __init__(
        self, config: Config, application: Application, metrics: Metrics, fd_limit: int | None = None
    ) -> None:
        self.config = config
        self.application = application
        self.metrics = metrics
        self.cap = connection_cap(raise_fd_limit() if fd_limit is None else fd_limit)
        self.throttled = Throttled(log)
        self.web = self._app()
        self.web.router.add_get("/healthz", self.healthz)
        if config.metrics_port is None:  # else only on its own address (`monitor`)
            self.web.router.add_get("/metrics", self.metrics_page)
        if config.webhook_url:
            hook = Webhook(application, config.webhook_secret, metrics)
            self.web.router.add_post(config.webhook_path, hook.receive)
        self.api: MiniAppApi | None = None
        self.owner_address: OwnerAddress | None = None  # with REDIS_URL: the owner's, for the pages
        self.forwarder: Forwarder | None = None
        if config.webapp_url:  # the Mini App: its page and its API
            self.api = MiniAppApi(application, application.bot_data.live, streams=self.cap // 2)
            self.api.add_routes(self.web.router)
            add_page(self.web.router, config.webapp_path)
            if config.redis_url is not None:  # a standby forwards the API's calls to the owner
                self.owner_address = OwnerAddress(redis_client(config.redis_url), config.token)
                self.forwarder = Forwarder(self.owner_address)
        self.monitor = self._app() if config.metrics_port is not None else None
        if self.monitor is not None:
            self.monitor.router.add_get("/healthz", self.healthz)
            self.monitor.router.add_get("/metrics", self.metrics_page)
        self.runners: list[web.AppRunner] = []
        self.listening: list[asyncio.Server] = []
        self.port: int | None = None

    def _app(self) -> web.Application:
        return web.Application(client_max_size=MAX_BODY)

    async def start(self) -> None:
        if self.config.webapp_url:
            self.application.bot_data.live.open()
        addresses = [(self.web, self.config.http_host, self.config.port)]
        if self.monitor is not None and self.config.metrics_port is not None:
            addresses.append((self.monitor, self.config.metrics_host, self.config.metrics_port))
        loop = asyncio.get_running_loop()
        loop.set_exception_handler(LoopErrors(self.throttled))  # a failed accept: once a minute
        for app, host, port in addresses:
            doorman = Doorman(self.cap, self.throttled)
            app.middlewares.append(doorman.middleware)
            if app is self.web and self.forwarder is not None:  # inside the doorman's count
                app.middlewares.append(forwarding(self.forwarder, lambda: self.application.bot_data.standby))
            runner = self._runner(app)
            await runner.setup()
            assert runner.server is not None
            doorman.server = runner.server
            self.runners.append(runner)
            self.listening.append(await loop.create_server(doorman, host, port, reuse_address=True))
            log.info("serving HTTP on %s:%s", host, port)
        self.port = self.config.port

    def _runner(self, app: web.Application) -> web.AppRunner:
        """aiohttp's runner: a handler whose client left is cancelled; a connection in no
        handler closes after IDLE_SECONDS (headers never finished included); a malformed
        request is logged once a minute."""
        return web.AppRunner(
            app,
            access_log=None,
            handle_signals=False,
            handler_cancellation=True,
            keepalive_timeout=IDLE_SECONDS,
            shutdown_timeout=SHUTDOWN_SECONDS,
            logger=ServerLog(self.throttled),
        )

    async def stop(self) -> None:
        """Stops listening (the port is free again) and ends the requests under way; once."""
        if self.port is not None:
            self.port = None
            if self.config.webapp_url:  # open pages' event streams end now (aiohttp would wait 60 s)
                await self.application.bot_data.live.close()
            for server in self.listening:
                server.close()
            if self.api is not None:
                await self.api.members.close()
            for runner in self.runners:
                await runner.cleanup()
            self.listening, self.runners = [], []
            if self.forwarder is not None and self.owner_address is not None:
                await self.forwarder.close()
                await self.owner_address.redis.aclose()

    async def healthz(self, request: web.Request) -> web.Response:
        services = self.application.bot_data.services
        standby = self.application.bot_data.standby
        found = health(None if services is None else services.referee, self.metrics.api, standby)
        return _json(found.body(), 200 if found.ok else 503)

    async def metrics_page(self, request: web.Request) -> web.Response:
        body = generate_latest(self.metrics.registry)
        return web.Response(body=body, headers={"Content-Type": CONTENT_TYPE_LATEST, **NO_STORE})


def _json(body: Any, status: int = 200) -> web.Response:
    return web.Response(
        text=json.dumps(body, ensure_ascii=False),
        status=status,
        content_type="application/json",
        headers=NO_STORE,
    )
