"""A replay's picture of every hand face up (`/replay` without the Mini App). Each
seat's hand as its own player saw it, scaled down, under the seat's name; the table pictures of
the key moments that follow are the ordinary table picture (render/table.py)."""

from __future__ import annotations

from PIL import Image

from render.canvas import Canvas
from render.fonts import printable
from render.games import LOOKS
from render.hands import draw_layout
from render.theme import theme as theme_named

SHRINK = 2  # each hand at half its size in its own picture
PAD, NAME_H = 20, 34
NAME_CHARS = 14


def hands_face_up(
    game: str,
    title: str,
    names: tuple[str, ...],
    hands: tuple[str, ...],
    theme: str = "light",
    lang: str = "zh",
) -> bytes:
    """`names[seat]` over `hands[seat]` (engine notation), in two columns: the first half of the
    seats on the left, the rest on the right, so that a phone shows the whole table at once."""
    drawn = [_small(draw_layout(LOOKS[game].layout(hand, lang), theme).image) for hand in hands]
    half = (len(drawn) + 1) // 2
    columns = [drawn[:half], drawn[half:]]
    column_w = max(image.width for image in drawn) + PAD
    heights = [sum(NAME_H + image.height for image in column) for column in columns]
    canvas = Canvas.new(theme_named(theme), max(640, PAD + 2 * column_w), 2 * PAD + NAME_H + max(heights))
    t = canvas.theme
    canvas.text((PAD, PAD), printable(title, 40), 26, t.text)
    for index, column in enumerate(columns):
        x, y = PAD + index * column_w, PAD + NAME_H + 8
        for offset, image in enumerate(column):
            canvas.text((x, y), printable(names[index * half + offset], NAME_CHARS), 20, t.accent)
            canvas.image.alpha_composite(image, (x, y + NAME_H - 8))
            y += NAME_H + image.height
    return canvas.png()


def _small(image: Image.Image) -> Image.Image:
    """Half size by averaging each 2×2 block: sharp enough for cards, several times cheaper than
    a Lanczos resize."""
    return image.reduce(SHRINK)
