"""What the pictures draw differently for each game: each game pack's `render.look.Look`, by the
game's name (the built-in ones from `render/<name>/`, engine/games.py)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from engine.games import BUILT_IN
from engine.registry import Registry
from render.look import Look
from render.scene import Common, TableScene, seconds_left

if TYPE_CHECKING:  # pictures never load the async referee; they only read its view
    from engine.referee import TableView

LOOKS: Registry[Look] = Registry("picture look", BUILT_IN, "render.{}")


def table_scene(view: TableView, names: Sequence[str], now: float) -> TableScene:
    """`names[seat]` is the name to show; `now` is the referee clock's time (for the time left)."""
    look = LOOKS[view.game]
    scene = look.scene(view, names, Common(tuple(view.to_act), seconds_left(view, now)))
    return replace(scene, drawing=look.drawing)
