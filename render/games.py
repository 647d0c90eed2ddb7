"""What the pictures draw differently for each game: each game pack's `render.look.Look`, by the
game's name (the built-in ones from `render/<name>/`, engine/games.py)."""

from __future__ import annotations

from engine.games import BUILT_IN
from engine.registry import Registry
from render.look import Look

LOOKS: Registry[Look] = Registry("picture look", BUILT_IN, "render.{}")
