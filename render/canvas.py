"""Drawing helpers every picture shares: a canvas, pasting card tiles, pills, text, and PNG bytes."""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import astuple, dataclass
from functools import cache

from PIL import Image, ImageDraw

from render.cardface import back_tile, card_tile
from render.fonts import font
from render.theme import RGB, Theme


@dataclass
class Canvas:
    image: Image.Image
    theme: Theme

    @classmethod
    def new(cls, theme: Theme, width: int, height: int, fill: RGB | None = None) -> Canvas:
        return cls(Image.new("RGBA", (width, height), (*(fill or theme.background), 255)), theme)

    @property
    def draw(self) -> ImageDraw.ImageDraw:
        return ImageDraw.Draw(self.image)

    def card(self, rank: str, suit: str | None, x: int, y: int, width: int, height: int) -> None:
        self.image.alpha_composite(card_tile(rank, suit, self.theme.name, width, height), (x, y))

    def back(self, x: int, y: int, width: int, height: int) -> None:
        self.image.alpha_composite(back_tile(self.theme.name, width, height), (x, y))

    def outline(self, box: tuple[int, int, int, int], color: RGB, width: int, radius: int) -> None:
        self.draw.rounded_rectangle(box, radius, outline=color, width=width)

    def shade(self, x: int, y: int, width: int, height: int, radius: int) -> None:
        """Greys out a card (one that cannot be played)."""
        self.image.alpha_composite(_veil(self.theme.background, width, height, radius), (x, y))

    def text(self, xy: tuple[float, float], text: str, size: int, color: RGB, anchor: str = "la") -> None:
        self.draw.text(xy, text, font=font(size), fill=color, anchor=anchor)

    def fitted(self, text: str, size: int, width: float) -> str:
        """`text` cut (with an ellipsis) to what `width` pixels hold at `size`."""
        if self.draw.textlength(text, font=font(size)) <= width:
            return text
        while text and self.draw.textlength(text + "…", font=font(size)) > width:
            text = text[:-1]
        return text.rstrip() + "…"

    def pill(self, center: tuple[float, float], text: str, size: int, fill: RGB, color: RGB) -> None:
        """A rounded label centred on `center`."""
        box = self.draw.textbbox(center, text, font=font(size), anchor="mm")
        pad_x, pad_y = size * 0.45, size * 0.22
        outer = (box[0] - pad_x, box[1] - pad_y, box[2] + pad_x, box[3] + pad_y)
        self.draw.rounded_rectangle(outer, (outer[3] - outer[1]) / 2, fill=fill)
        self.text(center, text, size, color, anchor="mm")

    def png(self) -> bytes:
        """RGB PNG bytes (Telegram shows no transparency in photos)."""
        out = io.BytesIO()
        # Flat colours: a palette looks the same and makes the file 3x smaller and faster to
        # write. Mapping onto the theme's ready palette costs a seventh of building one per picture.
        picture = self.image.convert("RGB").quantize(palette=_palette(self.theme), dither=Image.Dither.NONE)
        picture.save(out, "PNG", compress_level=3)  # level 6 halves the speed for 20 % less size
        return out.getvalue()


# Colours drawn besides the theme's own (text on the felt and on accent pills, veils' shadow).
EXTRA_COLOURS: tuple[RGB, ...] = ((255, 255, 255), (20, 20, 20), (0, 0, 0))
BLEND_STEPS = 12  # antialiased edges and veils blend two colours: this many steps between them


@cache
def _palette(theme: Theme) -> Image.Image:
    """Every colour this theme draws with and the blends between any two of them (antialiased
    edges, veils), reduced once to a 256-colour palette that every picture maps onto."""
    colours = sorted(
        {v for v in astuple(theme) if isinstance(v, tuple) and len(v) == 3 and isinstance(v[0], int)}
        | set(theme.teams)
        | set(EXTRA_COLOURS)
    )
    pairs = [(a, b) for i, a in enumerate(colours) for b in colours[i + 1 :]]
    strip = Image.new("RGB", (BLEND_STEPS + 1, len(pairs)))
    for y, (a, b) in enumerate(pairs):
        for x in range(BLEND_STEPS + 1):
            strip.putpixel(
                (x, y), tuple(round(p + (q - p) * x / BLEND_STEPS) for p, q in zip(a, b, strict=True))
            )
    return strip.quantize(256, method=Image.Quantize.FASTOCTREE)


@cache
def _veil(color: RGB, width: int, height: int, radius: int) -> Image.Image:
    veil = Image.new("RGBA", (width, height), (0, 0, 0, 0))
    ImageDraw.Draw(veil).rounded_rectangle((0, 0, width - 1, height - 1), radius, fill=(*color, 150))
    return veil


def flow(widths: Sequence[int], max_width: int, gap: int) -> list[list[int]]:
    """Splits items into rows no wider than `max_width` (an item wider than that gets a row of its
    own), keeping their order: the indexes of each row."""
    rows: list[list[int]] = []
    used = 0
    for i, width in enumerate(widths):
        if rows and used + gap + width <= max_width:
            rows[-1].append(i)
            used += gap + width
        else:
            rows.append([i])
            used = width
    return rows
