"""The few words drawn into pictures, in each language the bot speaks (zh first). They live with
every other word a player reads, in the `[picture]` section of `handlers/locales/<lang>.toml`;
pictures only read that file (render imports nothing of the interface)."""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path

LANGUAGES = ("zh", "en")
LOCALES = Path(__file__).resolve().parent.parent / "handlers" / "locales"


@cache
def labels(lang: str) -> dict[str, str]:
    words: dict[str, str] = tomllib.loads((LOCALES / f"{lang}.toml").read_text(encoding="utf-8"))["picture"]
    return words


def label(lang: str, key: str, **values: object) -> str:
    words = labels(lang if lang in LANGUAGES else "zh")
    return words[key].format(**values)
