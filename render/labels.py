"""The few words drawn into pictures, in each language the bot speaks (zh first). They live with
every other word a player reads, in the `[picture]` section of `handlers/locales/<lang>.toml`;
pictures only read that file (render imports nothing of the interface)."""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping
from functools import cache
from pathlib import Path

from render.games import LOOKS

LANGUAGES = ("zh", "en")
LOCALES = Path(__file__).resolve().parent.parent / "handlers" / "locales"


@cache
def labels(lang: str) -> dict[str, str]:
    words: dict[str, str] = tomllib.loads((LOCALES / f"{lang}.toml").read_text(encoding="utf-8"))["picture"]
    return words


def label(lang: str, key: str, **values: object) -> str:
    """The word `key` in `lang`: the bot's own, else a game pack's (`Look.words`)."""
    lang = lang if lang in LANGUAGES else "zh"
    text = labels(lang).get(key) or _pack_word(lang, key)
    return numbered(text, values).format(**values)


def has_label(lang: str, key: str) -> bool:
    """Whether `key` is a picture word of the bot's or of a game pack's."""
    try:
        label(lang, key)
    except KeyError:
        return False
    return True


def _pack_word(lang: str, key: str) -> str:
    for look in LOOKS.values():
        words = look.words.get(lang) or look.words.get("zh") or {}
        if key in words:
            return words[key]
    raise KeyError(f"no picture word {key!r}")


PLURAL = re.compile(r"\{(\w+)\|([^|{}]*)\|([^|{}]*)\}")


def numbered(text: str, values: Mapping[str, object]) -> str:
    """`{n|trick|tricks}` as the word for `n` ("1 matches"); the languages that need no
    plural simply write none."""
    return PLURAL.sub(lambda m: m.group(2) if values.get(m.group(1)) == 1 else m.group(3), text)
