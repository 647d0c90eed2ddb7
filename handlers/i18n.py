"""Translation catalogues (`handlers/locales/*.toml`): every text the bot sends. Chinese is the
default; a user's language is their `/lang` choice, else their Telegram language."""

from __future__ import annotations

import tomllib
from collections.abc import Iterable
from functools import cache
from pathlib import Path

from engine.games import BUILT_IN
from render.labels import numbered

LOCALES = Path(__file__).parent / "locales"
# each built-in game pack's words, in its own folder (`handlers/<game>/locales`); a pack from
# elsewhere hands its folder over when it is registered (`add_words`)
_PACK_WORDS: list[Path] = [Path(__file__).parent / name / "locales" for name in BUILT_IN]
LANGUAGES = ("zh", "en")
DEFAULT = "zh"


def add_words(folder: Path) -> None:
    """A registered pack's words (`GameUI.texts`: `<lang>.toml` files) join the catalogue."""
    if folder not in _PACK_WORDS:
        _PACK_WORDS.append(folder)


def catalogue(lang: str) -> dict[str, str]:
    """The flat catalogue: `section.key` → text; the bot's own, and each game pack's words,
    which may add keys but never change one."""
    return _catalogue(lang, (LOCALES, *_PACK_WORDS))


@cache
def _catalogue(lang: str, folders: tuple[Path, ...]) -> dict[str, str]:
    merged: dict[str, str] = {}
    for folder in folders:
        for key, text in _flat(folder / f"{lang}.toml").items():
            if merged.setdefault(key, text) != text:
                raise ValueError(f"{folder}: the text {key!r} is another pack's already")
    return merged


def _flat(path: Path) -> dict[str, str]:
    if not path.exists():
        return {}
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    return {f"{section}.{key}": text for section, entries in data.items() for key, text in entries.items()}


def language(chosen: str | None, telegram_code: str | None = None) -> str:
    """The stored choice wins; else English for an English Telegram, else Chinese."""
    if chosen in LANGUAGES:
        return chosen
    if telegram_code and telegram_code.lower().startswith("en"):
        return "en"
    return DEFAULT


def t(lang: str, key: str, **values: object) -> str:
    texts = catalogue(lang if lang in LANGUAGES else DEFAULT)
    text = texts.get(key) or catalogue(DEFAULT)[key]
    return numbered(text, values).format(**values) if values else text


def has(key: str) -> bool:
    return key in catalogue(DEFAULT)


def listed(lang: str, items: Iterable[str]) -> str:
    """Names as a list reads in the language: `A、B` in Chinese, `A, B` in English."""
    return t(lang, "announce.list_separator").join(items)
