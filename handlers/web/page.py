"""The Mini App's page: three small files shipped in `handlers/web/static/`, served under
WEBAPP_URL's path with no caching (a new release reaches every phone at its next open)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path

from aiohttp import web

STATIC = Path(__file__).resolve().parent / "static"
FILES = {
    "": ("index.html", "text/html"),
    "app.js": ("app.js", "text/javascript"),
    "app.css": ("app.css", "text/css"),
}
HEADERS = {"Cache-Control": "no-store", "X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer"}


def add_page(router: web.UrlDispatcher, path: str) -> None:
    """The page at `path` (ending in "/") and its script and style beside it."""
    for name, (file, kind) in FILES.items():
        body = (STATIC / file).read_bytes()
        router.add_get(path + name, _serving(body, kind))


def _serving(body: bytes, kind: str) -> Callable[[web.Request], Awaitable[web.Response]]:
    async def serve(request: web.Request) -> web.Response:
        return web.Response(body=body, content_type=kind, charset="utf-8", headers=HEADERS)

    return serve
