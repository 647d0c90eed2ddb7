"""Suit pips and the joker's star drawn as geometry (no font has to carry them). Each shape is
drawn in a box centred on (x, y) of half-size r; callers draw large and scale down for smooth edges."""

from __future__ import annotations

import math

from PIL import ImageDraw

RGB = tuple[int, int, int]


def _circle(draw: ImageDraw.ImageDraw, x: float, y: float, r: float, fill: RGB) -> None:
    draw.ellipse((x - r, y - r, x + r, y + r), fill=fill)


def _stem(draw: ImageDraw.ImageDraw, x: float, y: float, r: float, fill: RGB) -> None:
    draw.polygon([(x, y + 0.15 * r), (x - 0.38 * r, y + r), (x + 0.38 * r, y + r)], fill=fill)


def heart(draw: ImageDraw.ImageDraw, x: float, y: float, r: float, fill: RGB) -> None:
    _circle(draw, x - 0.48 * r, y - 0.38 * r, 0.52 * r, fill)
    _circle(draw, x + 0.48 * r, y - 0.38 * r, 0.52 * r, fill)
    draw.polygon([(x - 0.98 * r, y - 0.22 * r), (x + 0.98 * r, y - 0.22 * r), (x, y + r)], fill=fill)


def diamond(draw: ImageDraw.ImageDraw, x: float, y: float, r: float, fill: RGB) -> None:
    draw.polygon([(x, y - r), (x + 0.74 * r, y), (x, y + r), (x - 0.74 * r, y)], fill=fill)


def spade(draw: ImageDraw.ImageDraw, x: float, y: float, r: float, fill: RGB) -> None:
    _circle(draw, x - 0.46 * r, y + 0.12 * r, 0.48 * r, fill)
    _circle(draw, x + 0.46 * r, y + 0.12 * r, 0.48 * r, fill)
    draw.polygon([(x - 0.93 * r, y + 0.02 * r), (x + 0.93 * r, y + 0.02 * r), (x, y - r)], fill=fill)
    _stem(draw, x, y, r, fill)


def club(draw: ImageDraw.ImageDraw, x: float, y: float, r: float, fill: RGB) -> None:
    _circle(draw, x, y - 0.48 * r, 0.42 * r, fill)
    _circle(draw, x - 0.5 * r, y + 0.12 * r, 0.42 * r, fill)
    _circle(draw, x + 0.5 * r, y + 0.12 * r, 0.42 * r, fill)
    _circle(draw, x, y, 0.25 * r, fill)
    _stem(draw, x, y, r, fill)


def star(draw: ImageDraw.ImageDraw, x: float, y: float, r: float, fill: RGB) -> None:
    points = []
    for i in range(10):
        angle = -math.pi / 2 + i * math.pi / 5
        reach = r if i % 2 == 0 else 0.42 * r
        points.append((x + reach * math.cos(angle), y + reach * math.sin(angle)))
    draw.polygon(points, fill=fill)


SUIT_SHAPES = {"S": spade, "H": heart, "D": diamond, "C": club}
RED_SUITS = frozenset("HD")
