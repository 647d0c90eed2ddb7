"""A player's hand as a picture: cards in groups (each game says which: by rank, by suit …), the
groups flowing into rows, in sections one under another. Picked cards stand raised and outlined;
the table may be drawn on top (render/strip.py). Each game's own hand is in `render/<game>/`."""

from __future__ import annotations

from collections.abc import Callable

from PIL import Image

from render import strip
from render.cache import PictureCache
from render.canvas import Canvas
from render.layout import CARD_H, CARD_W, PAD, RAISE, Group, HandLayout
from render.scene import TableScene
from render.theme import theme as theme_named

# hands drawn and kept to draw the table on top of (one a seated player, roughly)
_HANDS: PictureCache[Image.Image] = PictureCache(64)


def paint(layout: HandLayout, theme: str = "light") -> bytes:
    return draw_layout(layout, theme).png()


def draw_layout(layout: HandLayout, theme: str = "light") -> Canvas:
    canvas = Canvas.new(theme_named(theme), layout.width, layout.height)
    for title, y in layout.dividers:
        _divider(canvas, title, y)
    for group, x, y in layout.groups:
        _group(canvas, group, x, y, layout.mark_text)
    return canvas


def drawn(key: tuple[object, ...], layout: Callable[[], HandLayout]) -> Image.Image:
    """The hand drawn, kept for the next pictures of the same hand: the table on top changes
    with every move at the table, the hand under it only when its player plays."""
    return _HANDS.get(key, lambda: draw_layout(layout(), str(key[-1])).image)


def with_table(hand: Image.Image, theme: str, table: TableScene | None, me: int, lang: str) -> bytes:
    if table is None:
        return Canvas(hand, theme_named(theme)).png()
    top = strip.HEIGHT + PAD
    width = max(hand.width, strip.strip_width(table, PAD))
    canvas = Canvas.new(theme_named(theme), width, hand.height + top)
    strip.draw_strip(canvas, table, me, PAD, PAD, lang)
    canvas.image.paste(hand, (0, top))
    return canvas.png()


def _divider(canvas: Canvas, title: str, y: int) -> None:
    t = canvas.theme
    width = canvas.image.width
    canvas.text((PAD, y), title, 20, t.muted, anchor="lm")
    start = PAD + 20 * len(title) + 16
    canvas.draw.line((start, y, width - PAD, y), fill=t.muted, width=2)


def _group(canvas: Canvas, group: Group, x: int, y: int, mark_text: str) -> None:
    t = canvas.theme
    radius = CARD_W // 10
    for i, (rank, suit) in enumerate(group.cards):
        cx, cy = x + i * group.step, y + (0 if i in group.raised else RAISE)
        canvas.card(rank, suit, cx, cy, CARD_W, CARD_H)
        box = (cx, cy, cx + CARD_W - 1, cy + CARD_H - 1)
        if i in group.raised:
            canvas.outline(box, t.accent, 4, radius)
        if i in group.marked:
            canvas.outline(box, t.mark, 3, radius)
            tag_at = (cx + min(group.step, CARD_W) // 2 + 2, cy + CARD_H - 18)
            canvas.pill(tag_at, mark_text, 16, t.mark, t.card)
        if i in group.dimmed:
            canvas.shade(cx, cy, CARD_W, CARD_H, radius)
    if group.badge:
        canvas.pill((x + group.width - 18, y + RAISE + 4), group.badge, 20, t.badge, t.badge_text)
    if group.tag:
        around = (x - 4, y + RAISE - 4, x + group.width + 3, y + RAISE + CARD_H + 3)
        canvas.outline(around, t.mark, 3, radius + 3)
        canvas.pill((x + group.width / 2, y + RAISE + CARD_H), group.tag, 16, t.mark, t.card)
