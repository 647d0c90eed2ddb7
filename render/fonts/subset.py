"""Rebuild `NotoSansSC-Bold-subset.otf` (a maintainer's tool; the bot never runs it).

The pictures need Latin, digits, game words and players' names. A full CJK font is 16 MB, so we
keep ASCII, Latin-1, punctuation and the 3,755 characters of GB2312 level 1 (the common
simplified characters, 99.7 % of text): 1.8 MB. The characters kept are listed beside it, so a
name's other characters are drawn as `?` rather than as empty boxes (see `render/fonts.py`).

    apt-get download fonts-noto-cjk && dpkg-deb -x fonts-noto-cjk_*.deb x
    pip install fonttools
    python render/fonts/subset.py x/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc
"""

from __future__ import annotations

import contextlib
import sys
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTCollection

SIMPLIFIED_CHINESE = 2  # the face index of "Noto Sans CJK SC" in the collection


def wanted_characters() -> str:
    chars = [chr(c) for c in range(0x20, 0x7F)] + [chr(c) for c in range(0xA0, 0x180)]
    chars += [chr(c) for c in range(0x2010, 0x2070)]  # general punctuation
    chars += [chr(c) for c in range(0x3000, 0x3040)]  # CJK punctuation
    chars += [chr(c) for c in range(0xFF01, 0xFF5F)]  # full-width forms
    chars += list("×÷→←↑↓♠♥♦♣★☆●○■□▲▼")
    for high in range(0xB0, 0xD8):  # GB2312 level 1 (rows 16-55): the common hanzi
        for low in range(0xA1, 0xFF):
            with contextlib.suppress(UnicodeDecodeError):  # the few empty places in a row
                chars.append(bytes([high, low]).decode("gb2312"))
    return "".join(chars)


def main(source: str) -> None:
    font = TTCollection(source).fonts[SIMPLIFIED_CHINESE]
    options = subset.Options()
    options.layout_features = ["kern", "liga", "locl"]
    options.name_IDs = ["*"]
    subsetter = subset.Subsetter(options)
    text = wanted_characters()
    subsetter.populate(text=text)
    subsetter.subset(font)
    target = Path(__file__).with_name("NotoSansSC-Bold-subset.otf")
    font.save(target)
    target.with_suffix(".chars").write_text(text, encoding="utf-8")
    print(f"{target}: {target.stat().st_size:,} bytes")


if __name__ == "__main__":
    main(sys.argv[1])
