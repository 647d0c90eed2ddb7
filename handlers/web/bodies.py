"""A request's JSON body, read with bounds: its size, the time it may take to arrive (a client
that sends half a body and waits holds a connection otherwise), and what the parser may be made
to do (a deeply nested array raises RecursionError, which is not a ValueError)."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from aiohttp import web

BODY_SECONDS = 10.0  # a body must have arrived whole within this long
API_BODY = 4096  # bytes: a move or a switch is a few dozen


class BadBody(ValueError):
    """Why a body was refused: "too_large", "slow", "gone" or "bad_request"."""


def parsed(raw: bytes) -> Any:
    """JSON, or BadBody: not UTF-8, not JSON, or nested deeper than the parser goes."""
    try:
        return json.loads(raw)
    except (ValueError, RecursionError):
        raise BadBody("bad_request") from None


async def read_body(request: web.Request, most: int, seconds: float = BODY_SECONDS) -> bytes:
    """At most `most` bytes, whole within `seconds`; BadBody otherwise (nothing more is read)."""
    if request.content_length is not None and request.content_length > most:
        raise BadBody("too_large")
    try:
        async with asyncio.timeout(seconds):
            raw = bytearray()
            while chunk := await request.content.read(most + 1 - len(raw)):
                raw += chunk
                if len(raw) > most:
                    raise BadBody("too_large")
    except TimeoutError:
        raise BadBody("slow") from None
    except ConnectionError:  # the client went away mid-body
        raise BadBody("gone") from None
    return bytes(raw)


async def json_body(request: web.Request, most: int = API_BODY) -> Any:
    return parsed(await read_body(request, most))
