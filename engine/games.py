"""The registry of games. Every game the bot plays is a pack (docs/architecture.md "Adding a
game"): a part for each layer — `engine/<name>/game.py` (`PART`, an `engine.pack.Game`),
`render/<name>/`, `handlers/<name>/` — and `BUILT_IN` is the one list of the built-in packs.
Each layer finds its part by the game's name, so a layer never imports one above it;
`handlers.packs.register` adds a pack from elsewhere (the tests' third game)."""

from __future__ import annotations

from engine.pack import Game, Policy, RoundStart, Window
from engine.registry import Registry

BUILT_IN = ("gouji", "gongzhu")  # the registry line: 够级 and 拱猪

GAMES: Registry[Game] = Registry("game", BUILT_IN, "engine.{}.game")


def register(game: Game) -> None:
    if "normal" not in game.bots:
        raise ValueError(f"{game.name}: a game needs a `normal` bot (it is the autopilot too)")
    GAMES.register(game.name, game)


__all__ = ["BUILT_IN", "GAMES", "Game", "Policy", "RoundStart", "Window", "register"]
