"""What a game gives the pictures (its part of a game pack): how its table view becomes a scene,
what lies in the middle of the table, how a set on the table reads as cards, the words for a
round, how a hand is laid out in a replay, and any picture words of its own."""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from render.layout import HandLayout
from render.scene import Common, Drawing, Faces, Middle, TableScene


def words_in(game: str) -> dict[str, dict[str, str]]:
    """A built-in game's picture words: the `[picture]` section of its words in each language
    (handlers/<game>/locales/, where every word a player reads lives; pictures only read it)."""
    folder = Path(__file__).resolve().parent.parent / "handlers" / game / "locales"
    return {
        path.stem: tomllib.loads(path.read_text(encoding="utf-8")).get("picture", {})
        for path in sorted(folder.glob("*.toml"))
    }


@dataclass(frozen=True, slots=True)
class Look:
    scene: Callable[[Any, Sequence[str], Common], TableScene]  # (TableView, names, Common)
    middle: Middle
    round_label: str  # the picture word for a round on the table ("hand_no": 第{n}手)
    sheet_round: str  # and on the score sheet
    layout: Callable[[str, str], HandLayout]  # (hand, lang) → a hand as a replay lays it out
    set_faces: Callable[[str], Faces] | None = None  # a set on the table (TableScene.table_set)
    # picture words of the game's own, by language (`words["en"]["hand_no"]`), with its name
    words: Mapping[str, Mapping[str, str]] = field(default_factory=dict)

    @property
    def drawing(self) -> Drawing:
        """What its scenes carry to the table pictures."""
        return Drawing(self.middle, self.round_label, self.set_faces)
