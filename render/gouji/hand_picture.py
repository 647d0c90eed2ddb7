"""A 够级 hand as a picture: one stack per rank, low to high, the 3s tagged as the set that must
come last, the wildcards (2, 小王, 大王) in a row of their own."""

from __future__ import annotations

from collections.abc import Sequence

from engine.gouji.cards import RANKS, TWO, parse_counts
from render.cardface import JOKERS
from render.hands import drawn, with_table
from render.labels import label
from render.layout import Group, HandLayout, layout_sections
from render.scene import TableScene

STEP = 36  # the visible strip of a covered card: its corner
SUITS = ("S", "H", "C", "D")  # 够级 ignores suits; alternate colours so a stack reads as cards


def faces(counts: Sequence[int]) -> list[tuple[str, str | None]]:
    """(rank, suit) of each card of 够级 rank counts, low to high, with made-up suits."""
    return [
        (RANKS[rank], None if RANKS[rank] in JOKERS else SUITS[i % 4])
        for rank, count in enumerate(counts)
        for i in range(count)
    ]


def set_faces(cards: str) -> list[tuple[str, str | None]]:
    """A set on the table (`"10 10 10 2 BJ"`) as card faces."""
    return faces(parse_counts(cards))


def hand_picture(
    hand: str,
    selected: str = "",
    theme: str = "light",
    lang: str = "zh",
    table: TableScene | None = None,
    me: int = 0,
) -> bytes:
    """`table` (and the player's seat `me`): the table drawn on top (render/strip.py)."""
    image = drawn(("gouji", hand, selected, lang, theme), lambda: layout(hand, selected, lang))
    return with_table(image, theme, table, me, lang)


def layout(hand: str, selected: str = "", lang: str = "zh") -> HandLayout:
    """`hand` and `selected` in engine notation (`"3 3 9 9 9 2 BJ"`)."""
    counts, picked = parse_counts(hand), parse_counts(selected) if selected else [0] * len(RANKS)
    naturals: list[Group] = []
    wilds: list[Group] = []
    for rank, count in enumerate(counts):
        if not count:
            continue
        cards = faces([count if r == rank else 0 for r in range(len(RANKS))])
        group = Group(cards, STEP, raised=set(range(count - min(picked[rank], count), count)))
        group.badge = f"×{count}" if count > 1 else None
        if rank == 0:
            group.tag = label(lang, "last")
        (wilds if rank >= TWO else naturals).append(group)
    sections = [(None, naturals), (label(lang, "wild"), wilds)]
    return layout_sections([(title, groups) for title, groups in sections if groups])
