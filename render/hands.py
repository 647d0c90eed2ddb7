"""A player's hand as a picture: cards in groups (够级: one group per rank, wildcards apart;
拱猪: one group per suit), groups flowing into rows. Picked cards stand raised and outlined."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

from PIL import Image

from engine.gongzhu.cards import Card, parse_cards
from engine.gouji.cards import RANKS, TWO, parse_counts
from render import strip
from render.cache import PictureCache
from render.canvas import Canvas, flow
from render.cardface import gouji_faces
from render.labels import label
from render.scene import TableScene
from render.theme import theme as theme_named

CARD_W, CARD_H = 96, 134
# hands drawn and kept to draw the table on top of (one a seated player, roughly)
_HANDS: PictureCache[Image.Image] = PictureCache(64)
RAISE = 18  # how far a picked card stands up
PAD = 16
GROUP_GAP = 16
MAX_WIDTH = 1040  # Telegram shows photos up to 1280 px; narrower keeps cards big on a phone
GOUJI_STEP = 36  # the visible strip of a covered card: its corner
GONGZHU_STEP = 48


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


def gouji_hand(
    hand: str,
    selected: str = "",
    theme: str = "light",
    lang: str = "zh",
    table: TableScene | None = None,
    me: int = 0,
) -> bytes:
    """`table` (and the player's seat `me`): the table drawn on top (render/strip.py)."""
    drawn = _drawn(("gouji", hand, selected, lang, theme), lambda: gouji_layout(hand, selected, lang))
    return _with_table(drawn, theme, table, me, lang)


def gongzhu_hand(
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
    drawn = _drawn(key, lambda: gongzhu_layout(hand, exposed, playable, selected, lang))
    return _with_table(drawn, theme, table, me, lang)


def gouji_layout(hand: str, selected: str = "", lang: str = "zh") -> HandLayout:
    """`hand` and `selected` in engine notation (`"3 3 9 9 9 2 BJ"`). Naturals low to high, the 3s
    tagged as the set that must come last; wildcards (2, SJ, BJ) in a row of their own."""
    counts, picked = parse_counts(hand), parse_counts(selected) if selected else [0] * len(RANKS)
    naturals: list[Group] = []
    wilds: list[Group] = []
    for rank, count in enumerate(counts):
        if not count:
            continue
        cards = gouji_faces([count if r == rank else 0 for r in range(len(RANKS))])
        group = Group(cards, GOUJI_STEP, raised=set(range(count - min(picked[rank], count), count)))
        group.badge = f"×{count}" if count > 1 else None
        if rank == 0:
            group.tag = label(lang, "last")
        (wilds if rank >= TWO else naturals).append(group)
    sections = [(None, naturals), (label(lang, "wild"), wilds)]
    return _layout([(title, groups) for title, groups in sections if groups])


def by_suit(cards: Iterable[Card]) -> list[Card]:
    """拱猪 cards in the hand picture's order: by suit (♠ ♥ ♣ ♦, colours alternating), low to high."""
    return sorted(cards, key=lambda c: ("SHCD".index(c.text[0]), c.rank))


def gongzhu_layout(
    hand: str, exposed: str = "", playable: str | None = None, selected: str = "", lang: str = "zh"
) -> HandLayout:
    """`hand` in engine notation (`"SQ H10 C2"`), by suit (♠ ♥ ♣ ♦, colours alternating), low to
    high. Exposed cards carry a tag; with `playable` given, the others are greyed out."""
    cards = by_suit(parse_cards(hand))
    marks = Counter(c.text for c in parse_cards(exposed))
    picks = Counter(c.text for c in parse_cards(selected))
    allowed = None if playable is None else {c.text for c in parse_cards(playable)}
    groups: list[Group] = []
    for card in cards:
        suit = card.text[0]
        if not groups or groups[-1].cards[0][1] != suit:
            groups.append(Group([], GONGZHU_STEP))
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
    layout = _layout([(None, groups)])
    layout.mark_text = label(lang, "exposed")
    return layout


def _layout(sections: Sequence[tuple[str | None, list[Group]]]) -> HandLayout:
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


def paint(layout: HandLayout, theme: str = "light") -> bytes:
    return draw_layout(layout, theme).png()


def draw_layout(layout: HandLayout, theme: str = "light") -> Canvas:
    canvas = Canvas.new(theme_named(theme), layout.width, layout.height)
    for title, y in layout.dividers:
        _divider(canvas, title, y)
    for group, x, y in layout.groups:
        _group(canvas, group, x, y, layout.mark_text)
    return canvas


def _drawn(key: tuple[object, ...], layout: Callable[[], HandLayout]) -> Image.Image:
    """The hand drawn, kept for the next pictures of the same hand: the table on top changes
    with every move at the table, the hand under it only when its player plays."""
    return _HANDS.get(key, lambda: draw_layout(layout(), str(key[-1])).image)


def _with_table(hand: Image.Image, theme: str, table: TableScene | None, me: int, lang: str) -> bytes:
    if table is None:
        return Canvas(hand, theme_named(theme)).png()
    top = strip.HEIGHT + PAD
    width = max(hand.width, strip.strip_width(table, PAD))
    canvas = Canvas.new(theme_named(theme), width, hand.height + top)
    strip.draw_strip(canvas, table, me, PAD, PAD, lang)
    canvas.image.paste(hand, (0, top))
    return canvas.png()


def _divider(canvas: Canvas, title: str, y: int) -> None:
    t = canvas.theme
    width = canvas.image.width
    canvas.text((PAD, y), title, 20, t.muted, anchor="lm")
    start = PAD + 20 * len(title) + 16
    canvas.draw.line((start, y, width - PAD, y), fill=t.muted, width=2)


def _group(canvas: Canvas, group: Group, x: int, y: int, mark_text: str) -> None:
    t = canvas.theme
    radius = CARD_W // 10
    for i, (rank, suit) in enumerate(group.cards):
        cx, cy = x + i * group.step, y + (0 if i in group.raised else RAISE)
        canvas.card(rank, suit, cx, cy, CARD_W, CARD_H)
        box = (cx, cy, cx + CARD_W - 1, cy + CARD_H - 1)
        if i in group.raised:
            canvas.outline(box, t.accent, 4, radius)
        if i in group.marked:
            canvas.outline(box, t.mark, 3, radius)
            tag_at = (cx + min(group.step, CARD_W) // 2 + 2, cy + CARD_H - 18)
            canvas.pill(tag_at, mark_text, 16, t.mark, t.card)
        if i in group.dimmed:
            canvas.shade(cx, cy, CARD_W, CARD_H, radius)
    if group.badge:
        canvas.pill((x + group.width - 18, y + RAISE + 4), group.badge, 20, t.badge, t.badge_text)
    if group.tag:
        around = (x - 4, y + RAISE - 4, x + group.width + 3, y + RAISE + CARD_H + 3)
        canvas.outline(around, t.mark, 3, radius + 3)
        canvas.pill((x + group.width / 2, y + RAISE + CARD_H), group.tag, 16, t.mark, t.card)
