"""Where a hand picture's cards go: cards in groups (each game says which: by rank, by suit …),
the groups flowing into rows, in sections one under another. Drawing a layout is
`render.hands`' job."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from render.canvas import flow

CARD_W, CARD_H = 96, 134
RAISE = 18  # how far a picked card stands up
PAD = 16
GROUP_GAP = 16
MAX_WIDTH = 1040  # Telegram shows photos up to 1280 px; narrower keeps cards big on a phone


@dataclass
class Group:
    cards: list[tuple[str, str | None]]
    step: int
    raised: set[int] = field(default_factory=set)  # positions in `cards`
    marked: set[int] = field(default_factory=set)
    dimmed: set[int] = field(default_factory=set)
    badge: str | None = None  # top right, e.g. ×4
    tag: str | None = None  # a label under the whole group, e.g. the 3s' "last"

    @property
    def width(self) -> int:
        return CARD_W + (len(self.cards) - 1) * self.step


@dataclass
class HandLayout:
    """Where everything of a hand picture goes; drawing it is `paint`'s job."""

    width: int
    height: int
    groups: list[tuple[Group, int, int]]  # group and the top left of its first card's slot
    dividers: list[tuple[str, int]]  # a section's title and its y
    mark_text: str = ""

    def cards(self) -> list[tuple[str, str | None, int, int]]:
        """(rank, suit, x, y) of every card drawn, in drawing order."""
        return [
            (rank, suit, x + i * group.step, y + (0 if i in group.raised else RAISE))
            for group, x, y in self.groups
            for i, (rank, suit) in enumerate(group.cards)
        ]


def layout_sections(sections: Sequence[tuple[str | None, list[Group]]]) -> HandLayout:
    """The sections one under another, each a flow of groups in rows."""
    row_h, title_h = RAISE + CARD_H + 14, 30
    placed: list[tuple[Group, int, int]] = []
    dividers: list[tuple[str, int]] = []
    y, width = PAD, CARD_W
    for title, groups in sections:
        if title:
            dividers.append((title, y + title_h // 2))
            y += title_h
        for row in flow([g.width for g in groups], MAX_WIDTH, GROUP_GAP):
            x = PAD
            for i in row:
                placed.append((groups[i], x, y))
                x += groups[i].width + GROUP_GAP
            width = max(width, x - GROUP_GAP - PAD)
            y += row_h
    return HandLayout(width + 2 * PAD, max(y, PAD + row_h) + PAD - 14, placed, dividers)
