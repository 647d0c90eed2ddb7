"""One card as an RGBA tile: face (rank and suit corner, a large pip), joker, or back. Tiles are
drawn at three times their size and scaled down (smooth edges), and kept: a picture is pasted
together from tiles, so drawing a 36-card hand draws no card at all once the tiles exist."""

from __future__ import annotations

from functools import cache

from PIL import Image, ImageDraw

from render.fonts import font
from render.shapes import RED_SUITS, SUIT_SHAPES, star
from render.theme import RGB, THEMES, Theme

SCALE = 3
JOKERS = ("SJ", "BJ")


def suited(text: str) -> tuple[str, str]:
    """A suited card's (rank, suit) from its notation: `SQ` → (`Q`, `S`), `H10` → (`10`, `H`)."""
    return text[1:], text[0]


@cache
def card_tile(rank: str, suit: str | None, theme_name: str, width: int, height: int) -> Image.Image:
    """`rank` is a rank token (`10`, `Q`) or `SJ`/`BJ`; `suit` one of S H D C, None for jokers."""
    t = THEMES[theme_name]
    w, h = width * SCALE, height * SCALE
    image = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    _blank(draw, t, w, h)
    if rank in JOKERS:
        _joker(draw, t, rank, w, h)
    else:
        _face(draw, t, rank, suit or "S", w, h)
    return image.resize((width, height), Image.Resampling.LANCZOS)


@cache
def back_tile(theme_name: str, width: int, height: int) -> Image.Image:
    t = THEMES[theme_name]
    w, h = width * SCALE, height * SCALE
    image = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    radius = w // 8
    draw.rounded_rectangle((0, 0, w - 1, h - 1), radius, fill=t.badge, outline=t.card_edge, width=SCALE)
    inset = w // 8
    inner = (inset, inset, w - inset, h - inset)
    draw.rounded_rectangle(inner, radius // 2, outline=t.badge_text, width=SCALE * 2)
    return image.resize((width, height), Image.Resampling.LANCZOS)


def _blank(draw: ImageDraw.ImageDraw, t: Theme, w: int, h: int) -> None:
    draw.rounded_rectangle((0, 0, w - 1, h - 1), w // 10, fill=t.card, outline=t.card_edge, width=SCALE * 2)


def _corner_size(rank: str, h: int) -> int:
    return int(h * (0.2 if len(rank) > 1 else 0.26))


def _corner(draw: ImageDraw.ImageDraw, rank: str, ink: RGB, left: int, h: int, size: int) -> float:
    """Draws the corner's rank; returns where its ink ends, so the pip sits just below."""
    draw.text((left, int(h * 0.04)), rank, font=font(size), fill=ink, anchor="lt")
    return draw.textbbox((left, int(h * 0.04)), rank, font=font(size), anchor="lt")[3]


def _face(draw: ImageDraw.ImageDraw, t: Theme, rank: str, suit: str, w: int, h: int) -> None:
    ink = t.red if suit in RED_SUITS else t.black
    size = _corner_size(rank, h)
    left = int(w * (0.04 if len(rank) > 1 else 0.07))
    bottom = _corner(draw, rank, ink, left, h, size)
    pip = SUIT_SHAPES[suit]
    corner_r = w * 0.1
    pip(draw, left + corner_r + w * 0.01, bottom + corner_r * 1.5, corner_r, ink)
    pip(draw, w * 0.62, h * 0.68, w * 0.27, ink)


def _joker(draw: ImageDraw.ImageDraw, t: Theme, rank: str, w: int, h: int) -> None:
    ink = t.red if rank == "BJ" else t.black
    left = int(w * 0.07)
    _corner(draw, rank, ink, left, h, _corner_size(rank, h))
    star(draw, w * 0.6, h * 0.6, w * 0.32, ink)
    if rank == "SJ":  # the small joker's star is hollow: the two read apart at a glance
        star(draw, w * 0.6, h * 0.6, w * 0.17, t.card)
    word = font(int(h * 0.085))
    draw.text((w * 0.6, h * 0.92), "JOKER", font=word, fill=ink, anchor="mb")
