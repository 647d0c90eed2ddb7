"""The one HTTP server (aiohttp, in the bot's event loop): the webhook when configured,
`/healthz` and `/metrics` always. aiohttp rather than Starlette + uvicorn: one well-kept
library that is the server itself (no second server process or loop to manage), with
WebSockets built in for the Mini App's live table; python-telegram-bot's own webhook server
(tornado) could not serve anything beside the webhook."""

from __future__ import annotations

import json
import logging
from typing import Any

from aiohttp import web
from prometheus_client import CONTENT_TYPE_LATEST, generate_latest
from telegram.ext import Application

from handlers.config import Config
from handlers.metrics import Metrics
from handlers.web.api import MiniAppApi
from handlers.web.health import health
from handlers.web.page import add_page
from handlers.web.webhook import MAX_BODY, Webhook

log = logging.getLogger(__name__)
NO_STORE = {"Cache-Control": "no-store"}


class WebServer:
    def __init__(self, config: Config, application: Application, metrics: Metrics) -> None:
        self.config = config
        self.application = application
        self.metrics = metrics
        self.web = web.Application(client_max_size=MAX_BODY)
        self.web.router.add_get("/healthz", self.healthz)
        self.web.router.add_get("/metrics", self.metrics_page)
        if config.webhook_url:
            hook = Webhook(application, config.webhook_secret, metrics)
            self.web.router.add_post(config.webhook_path, hook.receive)
        if config.webapp_url:  # the Mini App: its page and its API (issue 31)
            MiniAppApi(application, application.bot_data.live).add_routes(self.web.router)
            add_page(self.web.router, config.webapp_path)
        self.runner = web.AppRunner(self.web, access_log=None, handle_signals=False)
        self.port: int | None = None

    async def start(self) -> None:
        if self.config.webapp_url:
            self.application.bot_data.live.open()
        await self.runner.setup()
        site = web.TCPSite(self.runner, self.config.http_host, self.config.port)
        await site.start()
        self.port = self.config.port
        log.info("serving HTTP on %s:%s", self.config.http_host, self.config.port)

    async def stop(self) -> None:
        """Stops listening (the port is free again) and ends the requests under way; once."""
        if self.port is not None:
            self.port = None
            if self.config.webapp_url:  # open pages' event streams end now (aiohttp would wait 60 s)
                await self.application.bot_data.live.close()
            await self.runner.cleanup()

    async def healthz(self, request: web.Request) -> web.Response:
        services = self.application.bot_data.services
        found = health(None if services is None else services.referee, self.metrics.api)
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
