"""What the Telegram side and the page do differently for each game: each game pack's
`handlers.gameui.GameUI`, by the game's name (the built-in ones from `handlers/<name>/`,
engine/games.py), and what is read through it: a move's words and a decision's marks."""

from __future__ import annotations

from handlers.gameui import UI, GameUI, Private
from handlers.i18n import t


def ui(game: str) -> GameUI:
    return UI[game]


def move_label(move: str, lang: str, game: str) -> str:
    """A move as it reads on a button or in a caption: decisions in words, cards by the game."""
    look = ui(game)
    first, *rest = move.split() or [""]
    if first in look.decisions:
        args = [look.word(w) for w in rest] if first in look.carded else rest
        return " ".join([t(lang, f"move.{first}"), *args])
    return " ".join(look.word(w) for w in move.split())


def decision_marks(game: str, private: Private) -> tuple[dict[str, str], frozenset[str]]:
    """A decision's moves to confirm first (the engine's warnings and the game's own), and the
    moves its keyboard leaves out for now."""
    look = ui(game)
    return {**private.round.warnings, **look.confirm(private)}, look.hidden(private)
