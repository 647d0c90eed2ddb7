"""A game pack, whole: what the engine, the pictures and the interface each need of one game
(docs/architecture.md "Adding a game"). The built-in packs are listed in `engine.games.BUILT_IN`
and load themselves; `register` adds another one at run time — the tests' third game does so —
before the bot is built (its command, `/<name>`, is among the bot's from then on)."""

from __future__ import annotations

from dataclasses import dataclass

from engine import games
from engine.pack import Game
from handlers.games import UI
from handlers.gameui import GameUI
from handlers.i18n import add_words
from render.games import LOOKS
from render.look import Look


@dataclass(frozen=True, slots=True)
class Pack:
    game: Game  # the rules, matches and bots (engine/pack.py)
    look: Look  # the pictures (render/look.py)
    ui: GameUI  # Telegram and the Mini App (handlers/gameui.py)

    @property
    def name(self) -> str:
        return self.game.name


def register(new: Pack) -> None:
    """Adds a game: every layer knows it from now on."""
    games.register(new.game)
    LOOKS.register(new.name, new.look)
    UI.register(new.name, new.ui)
    if new.ui.texts is not None:
        add_words(new.ui.texts)
