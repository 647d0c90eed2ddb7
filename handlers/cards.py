"""Cards and decisions as people read them on a button: ♠Q rather than SQ, 过 rather than pass
(`handlers.games.move_label` puts a whole move together for each game)."""

from __future__ import annotations

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
    "yield",
    "declare",
    "merge",
    "return",
    "claim",
    "accept",
    "reject",
    "swap",
    "keep",
)


def card_label(token: str) -> str:
    """A 拱猪 card: `SQ` → `♠Q`, `H10` → `♥10`."""
    return SUIT_SIGNS.get(token[:1], token[:1]) + token[1:]
