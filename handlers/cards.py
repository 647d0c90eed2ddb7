"""Suited cards as people read them on a button: ♠Q rather than SQ (`handlers.games.move_label`
puts a whole move together for each game, its decisions in words: 过 rather than pass)."""

from __future__ import annotations

SUIT_SIGNS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def card_label(token: str) -> str:
    """A suited card: `SQ` → `♠Q`, `H10` → `♥10`."""
    return SUIT_SIGNS.get(token[:1], token[:1]) + token[1:]
