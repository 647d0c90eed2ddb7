"""The picture layer's supports: the cache, the shipped font, labels, the clock text, purity."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from PIL import ImageFont

import render
from render import PICTURES
from render.cache import PictureCache
from render.clockface import time_left
from render.fonts import FONT_FILE, printable
from render.gouji import hand as gouji_hand
from render.labels import labels


def test_an_unchanged_picture_is_never_drawn_twice() -> None:
    PICTURES.clear()
    first = gouji_hand("4 4 5", theme="dark")
    again = gouji_hand("4 4 5", theme="dark")
    assert again is first and (PICTURES.hits, PICTURES.misses) == (1, 1)
    other = gouji_hand("4 4 5", theme="light")
    assert other != first and PICTURES.misses == 2


def test_the_cache_forgets_the_least_recently_used_picture() -> None:
    cache = PictureCache(capacity=2)
    drawn: list[str] = []

    def draw(name: str) -> bytes:
        drawn.append(name)
        return name.encode()

    for name in ("a", "b", "a", "c", "a", "b"):
        cache.get(name, lambda name=name: draw(name))
    assert drawn == ["a", "b", "c", "b"]  # "a" stayed (recently used), "b" was evicted by "c"


def test_pictures_use_only_the_font_shipped_in_the_repository(monkeypatch: pytest.MonkeyPatch) -> None:
    opened: list[str] = []
    real = ImageFont.truetype

    def spy(font: str, *args: object, **kwargs: object) -> ImageFont.FreeTypeFont:
        opened.append(str(font))
        return real(font, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(ImageFont, "truetype", spy)
    monkeypatch.setattr(ImageFont, "load_default", lambda *a, **k: pytest.fail("system font"))
    render.fonts.font.cache_clear()
    render.cardface.card_tile.cache_clear()
    PICTURES.clear()
    render.gouji.hand("3 10 2 SJ BJ", lang="en")
    render.score_sheet(render.ScoreSheet("gongzhu", ("a", "b", "c", "d"), ((1, 2, 3, -6),), (1, 2, 3, -6)))
    assert opened and set(opened) == {str(FONT_FILE)}
    assert (Path(FONT_FILE).parent / "OFL.txt").read_text().count("SIL OPEN FONT LICENSE") == 1


def test_names_are_drawn_with_what_the_font_has() -> None:
    assert printable("王大锤🐷") == "王大锤"
    assert printable("Zoë") == "Zoë"
    assert printable("龘龘") == "??"  # not a common character: not in the subset
    assert printable("🐷🐷") == "?"  # a name of emoji only still shows something
    assert printable("Bob the builder", 9) == "Bob the …"


def test_every_picture_word_exists_in_every_language() -> None:
    assert labels("zh") and set(labels("zh")) == set(labels("en"))


@pytest.mark.parametrize(
    ("seconds", "text"),
    [(0, "0:00"), (45, "0:45"), (605, "10:05"), (3700, "1:01:40"), (2 * 86400 + 4 * 3600, "2d 04h")],
)
def test_time_left_reads_like_a_clock(seconds: int, text: str) -> None:
    assert time_left(seconds) == text


def test_the_picture_layer_loads_no_telegram_database_or_async_referee() -> None:
    code = (
        "import sys, render, render.scene; "
        "print([m for m in ('asyncio', 'telegram', 'sqlite3', 'aiosqlite', 'data', 'handlers', "
        "'engine.referee') if m in sys.modules])"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
