"""The one font the pictures use ships in `render/fonts/` (Noto Sans CJK SC Bold, subset, SIL
Open Font License): the pictures look the same on every machine and never need system fonts."""

from __future__ import annotations

import unicodedata
from functools import cache
from pathlib import Path

from PIL import ImageFont

FONT_FILE = Path(__file__).parent / "fonts" / "NotoSansSC-Bold-subset.otf"
MISSING = "?"  # drawn for a character the subset lacks, instead of an empty box


@cache
def font(size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(FONT_FILE), size)


@cache
def _covered() -> frozenset[str]:
    return frozenset(FONT_FILE.with_suffix(".chars").read_text(encoding="utf-8"))


def printable(text: str, limit: int | None = None) -> str:
    """`text` as the font can draw it, cut to `limit` characters with an ellipsis: symbols the
    font lacks (emoji, joiners) are dropped, letters it lacks (rare hanzi) become `?`."""
    covered = _covered()
    chars = [
        c if c in covered else MISSING
        for c in text
        if c in covered or unicodedata.category(c)[0] not in "SCM"
    ]
    if not chars and text:
        chars = [MISSING]
    if limit is not None and len(chars) > limit:
        chars = [*chars[: limit - 1], "…"]
    return "".join(chars)
