"""Cards and moves as people read them on a button: ♠Q rather than SQ, 过 rather than pass."""

from __future__ import annotations

from handlers.i18n import t

SUIT_SIGNS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
DECISIONS = (
    "pass",
    "revolt",
    "resist",
    "pay",
    "take",
    "decline",
    "counter",
    "deadlevels",
    "claim",
    "accept",
    "reject",
    "swap",
    "keep",
)


def card_label(token: str) -> str:
    """A 拱猪 card: `SQ` → `♠Q`, `H10` → `♥10`."""
    return SUIT_SIGNS.get(token[:1], token[:1]) + token[1:]


def move_label(move: str, lang: str, game: str) -> str:
    first, *rest = move.split() or [""]
    if first in DECISIONS:
        return " ".join([t(lang, f"move.{first}"), *rest])
    if first == "expose":
        return " ".join([t(lang, "move.expose"), *(card_label(w) for w in rest)])
    if game == "gongzhu":
        return " ".join(card_label(w) for w in move.split())
    return move
