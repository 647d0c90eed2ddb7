"""Telegram's size limits, counted as Telegram counts them: in UTF-16 code units (an emoji in a
name is two). Nothing the bot sends may exceed them, or the message is rejected and lost."""

from __future__ import annotations

from collections.abc import Iterable

TEXT_LIMIT = 4096  # a message's text
CAPTION_LIMIT = 1024  # a picture's caption
ANSWER_LIMIT = 200  # a button press's answer


def utf16_len(text: str) -> int:
    return len(text.encode("utf-16-le")) // 2


def fitted(text: str, limit: int) -> str:
    """`text`, cut (with an ellipsis) to at most `limit` UTF-16 units."""
    if utf16_len(text) <= limit:
        return text
    cut = text[: limit - 1]
    while utf16_len(cut) > limit - 1:
        cut = cut[:-1]
    return cut + "…"


def chunks(lines: Iterable[str], limit: int = TEXT_LIMIT) -> list[str]:
    """The lines as few messages as fit, each within `limit`; no line is lost, an overlong one
    is cut."""
    out: list[str] = []
    current = ""
    for line in lines:
        line = fitted(line, limit)
        joined = f"{current}\n{line}" if current else line
        if utf16_len(joined) <= limit:
            current = joined
            continue
        out.append(current)
        current = line
    if current:
        out.append(current)
    return out
