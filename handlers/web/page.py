"""The Mini App's page: small files shipped in `handlers/web/static/` (the page, its style, its
script as ES modules), and its words
(`words.js`: the `[page]` section of the bot's and every game pack's catalogues, so a word lives
in one place), served under WEBAPP_URL's path with no caching (a new release reaches every phone
at its next open)."""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from pathlib import Path

from aiohttp import web

from handlers.i18n import LANGUAGES, catalogue

STATIC = Path(__file__).resolve().parent / "static"
# the page, its style, and its script: a few ES modules (main.js imports the rest)
MODULES = ("main", "page", "cards", "table", "hand", "actions", "live", "replay")
FILES = {
    "": ("index.html", "text/html"),
    "app.css": ("app.css", "text/css"),
    **{f"{name}.js": (f"{name}.js", "text/javascript") for name in MODULES},
}
HEADERS = {"Cache-Control": "no-store", "X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer"}


def add_page(router: web.UrlDispatcher, path: str) -> None:
    """The page at `path` (ending in "/"), its script, words and style beside it."""
    for name, (file, kind) in FILES.items():
        body = (STATIC / file).read_bytes()
        router.add_get(path + name, _serving(body, kind))
    router.add_get(path + "words.js", _serving(words_script().encode(), "text/javascript"))


def page_words(lang: str) -> dict[str, str]:
    """The page's words in `lang`: every `page.<key>` of the catalogue, as `<key>`."""
    return {key[len("page.") :]: text for key, text in catalogue(lang).items() if key.startswith("page.")}


def words_script() -> str:
    """`const WORDS = {...};`: the page's words in every language, for its modules."""
    words = {lang: page_words(lang) for lang in LANGUAGES}
    return f"const WORDS = {json.dumps(words, ensure_ascii=False, sort_keys=True)};\n"


def _serving(body: bytes, kind: str) -> Callable[[web.Request], Awaitable[web.Response]]:
    async def serve(request: web.Request) -> web.Response:
        return web.Response(body=body, content_type=kind, charset="utf-8", headers=HEADERS)

    return serve
