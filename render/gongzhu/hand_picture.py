"""A 拱猪 hand as a picture: by suit (♠ ♥ ♣ ♦, colours alternating), low to high; exposed cards
tagged, and the cards that may not be played now greyed out."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from engine.gongzhu.cards import Card, parse_cards
from render.hands import drawn, with_table
from render.labels import label
from render.layout import Group, HandLayout, layout_sections
from render.scene import TableScene

STEP = 48


def by_suit(cards: Iterable[Card]) -> list[Card]:
    """Cards in the hand picture's order: by suit (♠ ♥ ♣ ♦, colours alternating), low to high."""
    return sorted(cards, key=lambda c: ("SHCD".index(c.text[0]), c.rank))


def hand_picture(
    hand: str,
    exposed: str = "",
    playable: str | None = None,
    selected: str = "",
    theme: str = "light",
    lang: str = "zh",
    table: TableScene | None = None,
    me: int = 0,
) -> bytes:
    key = ("gongzhu", hand, exposed, playable, selected, lang, theme)
    image = drawn(key, lambda: layout(hand, exposed, playable, selected, lang))
    return with_table(image, theme, table, me, lang)


def layout(
    hand: str, exposed: str = "", playable: str | None = None, selected: str = "", lang: str = "zh"
) -> HandLayout:
    """`hand` in engine notation (`"SQ H10 C2"`); with `playable` given, the others are greyed."""
    marks = Counter(c.text for c in parse_cards(exposed))
    picks = Counter(c.text for c in parse_cards(selected))
    allowed = None if playable is None else {c.text for c in parse_cards(playable)}
    groups: list[Group] = []
    for card in by_suit(parse_cards(hand)):
        suit = card.text[0]
        if not groups or groups[-1].cards[0][1] != suit:
            groups.append(Group([], STEP))
        group, i = groups[-1], len(groups[-1].cards)
        group.cards.append((card.text[1:], suit))
        if marks[card.text]:
            marks[card.text] -= 1
            group.marked.add(i)
        if picks[card.text]:
            picks[card.text] -= 1
            group.raised.add(i)
        if allowed is not None and card.text not in allowed:
            group.dimmed.add(i)
    drawn_layout = layout_sections([(None, groups)])
    drawn_layout.mark_text = label(lang, "exposed")
    return drawn_layout
