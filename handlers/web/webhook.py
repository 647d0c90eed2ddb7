"""`POST <WEBHOOK_URL's path>`: Telegram delivering updates. A request without the secret
Telegram was given (`X-Telegram-Bot-Api-Secret-Token`) gets 403 before its body is read; a body
over `MAX_BODY` gets 413 without being read whole; one that is not an update (a message without
its chat included) or does not arrive whole within `BODY_SECONDS` gets 400. An
accepted update joins python-telegram-bot's update queue, so it goes through the very handlers,
per-chat ordering (`PerChatOrder`) and rate limiter that polling uses; with REDIS_URL, it joins
the bot's stream instead, for whichever process owns the tables (`handlers/relay.py`), and Redis
out of reach is a 503 (Telegram delivers the update again later)."""

from __future__ import annotations

import hmac
import logging
from collections import deque
from typing import Any

from aiohttp import web
from redis.exceptions import RedisError
from telegram import Update
from telegram.ext import Application

from handlers.metrics import Metrics
from handlers.rediskeys import Reach
from handlers.web.bodies import BadBody, parsed, read_body

log = logging.getLogger(__name__)

SECRET_HEADER = "X-Telegram-Bot-Api-Secret-Token"
MAX_BODY = 1024 * 1024  # an update is a few KB; Telegram sends nothing near a megabyte
REMEMBERED = 1000  # update ids kept to drop Telegram's redelivery of an update already taken


class Webhook:
    def __init__(self, application: Application, secret: str, metrics: Metrics) -> None:
        self.application = application
        self.secret = secret.encode()
        self.metrics = metrics
        self._seen: deque[int] = deque(maxlen=REMEMBERED)
        self._stream = Reach(
            log,
            "webhook: Redis cannot take updates (%s); answering 503 until it can",
            "webhook: Redis takes updates again",
        )

    async def receive(self, request: web.Request) -> web.Response:
        given = request.headers.get(SECRET_HEADER, "").encode()
        if not hmac.compare_digest(given, self.secret):
            raise self._refused("forbidden", web.HTTPForbidden)
        if request.content_length is not None and request.content_length > MAX_BODY:
            raise self._refused("too_large", web.HTTPRequestEntityTooLarge, MAX_BODY, request.content_length)
        try:
            body = await read_body(request, MAX_BODY)  # whole within BODY_SECONDS, or refused
        except BadBody as why:
            if str(why) != "too_large":  # slow, or gone mid-body
                raise self._refused("bad_request", web.HTTPBadRequest) from None
            too_large = web.HTTPRequestEntityTooLarge
            raise self._refused("too_large", too_large, MAX_BODY, MAX_BODY + 1) from None
        read = self._update(body)
        if read is None:
            raise self._refused("bad_request", web.HTTPBadRequest)
        data, update = read
        update_id = update.update_id
        if update_id in self._seen or not await self._take(data, update):  # Telegram sends again
            self.metrics.webhook_requests.labels("duplicate").inc()  # what it thinks we missed
            return web.Response()
        self._seen.append(update_id)
        self.metrics.webhook_requests.labels("accepted").inc()
        return web.Response()

    async def _take(self, data: dict[str, Any], update: Update) -> bool:
        """Hands the update on: to the owner of the tables through the bot's stream when there
        is one (REDIS_URL), else to this process's update queue. False: taken already."""
        stream = self.application.bot_data.stream
        if stream is None:
            await self.application.update_queue.put(update)
            return True
        try:
            added = await stream.add(data)
        except RedisError as error:  # 503: Telegram delivers it again later
            self._stream.failed(error)
            raise self._refused("unavailable", web.HTTPServiceUnavailable) from None
        self._stream.answered()
        return added

    def _update(self, body: bytes) -> tuple[dict[str, Any], Update] | None:
        """The body's JSON and its update, when it is one the handlers can read."""
        try:
            data = parsed(body)
        except BadBody:  # not JSON, not UTF-8, or nested deeper than the parser goes
            return None
        if not isinstance(data, dict) or not isinstance(data.get("update_id"), int):
            return None
        try:
            update = Update.de_json(data, self.application.bot)
        except Exception:  # JSON, but no update python-telegram-bot can read
            log.warning("webhook: a body that is no update was refused")
            return None
        return (data, update) if whole(update) else None

    def _refused(self, why: str, error: type[web.HTTPError], *sizes: int) -> web.HTTPError:
        """The refusal to raise (aiohttp answers it), counted by why."""
        self.metrics.webhook_requests.labels(why).inc()
        if sizes:  # 413 takes the limit and the size asked for
            return web.HTTPRequestEntityTooLarge(max_size=sizes[0], actual_size=sizes[1])
        return error()


def whole(update: Update) -> bool:
    """Whether every message the update carries has its chat (and a command or text its sender),
    as Telegram always sends them: the handlers rely on both. A body made by hand may lack them."""
    messages = (
        update.message,
        update.edited_message,
        update.channel_post,
        update.edited_channel_post,
        update.callback_query.message if update.callback_query else None,
    )
    for message in messages:
        if message is not None and getattr(message, "chat", None) is None:
            return False
    sent = update.message
    if sent is not None and sent.chat.type != "channel" and sent.from_user is None:
        return False
    return not (update.callback_query is not None and update.callback_query.from_user is None)
