"""What the Telegram side and the page do differently for each game: each game pack's
`handlers.gameui.GameUI`, by the game's name (the built-in ones from `handlers/<name>/`,
engine/games.py), and what is read through it: a move's words and a decision's marks."""

from __future__ import annotations

from collections.abc import Sequence

from engine.referee import TableView
from handlers.gameui import UI, GameUI, Private
from handlers.i18n import has, listed, t

SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


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


def hint_reason(game: str, key: str, values: dict[str, object], lang: str) -> str:
    """Why the bot makes its hinted move, in one line: `hint.only`, or the game's
    `hint.<game>_<key>`; "" when the game has nothing to say or no words for the reason."""
    if not key:
        return ""
    name = "hint.only" if key == "only" else f"hint.{game}_{key}"
    return t(lang, name, **values) if has(name) else ""


def counter_on(view: TableView) -> bool:
    """Whether the table plays with the card counter (the option `counter`)."""
    return bool(view.options.get("counter"))


def counter_words(game: str, counted: Sequence[tuple[str, int]], lang: str) -> str:
    """The card counter (记牌器) in one message: each card, rank or suit with the copies still
    out (a suit by its symbol; a card with one copy out by its name alone; none out: left out,
    but a suit, whose 0 says it is gone)."""
    look = ui(game)
    suited = look.web is not None and look.web.look.get("cards") == "suited"
    parts = []
    for token, copies in counted:
        suit = SUIT_SYMBOLS.get(token) if suited else None
        if suit is not None:
            parts.append(f"{suit} {copies}")
        elif copies == 1 and suited:
            parts.append(look.word(token))
        elif copies:
            parts.append(f"{look.word(token)}×{copies}")
    return t(lang, "play.counted", cards=" · ".join(parts))


def either(lang: str, items: Sequence[str]) -> str:
    """`A、B 或 C` / `A, B or C`."""
    *first, last = items
    return t(lang, "help.or").join([listed(lang, first), last]) if first else last


def game_commands(lang: str) -> str:
    """The commands that open a table: one per registered game (`/a 或 /b`)."""
    return either(lang, [f"/{game}" for game in UI])


def games_about(lang: str) -> str:
    """Each registered game, named with a few words on it (`game.<name>_about`)."""
    return either(lang, [t(lang, f"game.{game}_about") for game in UI])


def decision_marks(game: str, private: Private) -> tuple[dict[str, str], frozenset[str]]:
    """A decision's moves to confirm first (the engine's warnings and the game's own), and the
    moves its keyboard leaves out for now."""
    look = ui(game)
    return {**private.round.warnings, **look.confirm(private)}, look.hidden(private)
