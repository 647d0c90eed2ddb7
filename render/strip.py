"""The table on top of a player's hand picture (everything needed to decide is in the
player's own chat): a chip per seat in play order — name, team colour, cards left, place, pass,
autopilot or bot, whose turn, and which seat is theirs — and under it the set to beat or the trick
so far, each card with who played it."""

from __future__ import annotations

from render.canvas import Canvas
from render.cardface import suited
from render.fonts import font, printable
from render.labels import label
from render.scene import TableScene
from render.table import said, status_pills, tone

CHIP_H = 78
CHIP_GAP = 8
CARD_W, CARD_H = 44, 62  # the set or trick under the chips
TINY_W, TINY_H = 22, 31  # a seat's exposed cards, in its chip
HEIGHT = CHIP_H + 12 + CARD_H
MIN_CHIP_W = {4: 180, 6: 150}  # room for a name, the cards left (and tricks won) and a pill


def strip_width(scene: TableScene, pad: int) -> int:
    """The narrowest picture the strip fits in (a hand of few cards is widened to it)."""
    count = len(scene.seats)
    return 2 * pad + count * MIN_CHIP_W.get(count, 150) + (count - 1) * CHIP_GAP


def draw_strip(canvas: Canvas, scene: TableScene, me: int, top: int, pad: int, lang: str) -> None:
    count = len(scene.seats)
    width = (canvas.image.width - 2 * pad - (count - 1) * CHIP_GAP) // count
    for seat in range(count):
        _chip(canvas, scene, seat, me, pad + seat * (width + CHIP_GAP), top, width, lang)
    below = top + CHIP_H + 12
    if scene.trick:
        _trick(canvas, scene, pad, below, me, lang)
    elif scene.table_set:
        _table_set(canvas, scene, pad, below, me, lang)


def _name(scene: TableScene, seat: int, me: int, lang: str, limit: int) -> str:
    return label(lang, "you") if seat == me and scene.own_hand else printable(scene.seats[seat].name, limit)


def _chip(canvas: Canvas, scene: TableScene, seat: int, me: int, x: int, y: int, w: int, lang: str) -> None:
    t = canvas.theme
    info = scene.seats[seat]
    box = (x, y, x + w, y + CHIP_H)
    canvas.draw.rounded_rectangle(box, 12, fill=t.panel)
    if info.team is not None:
        canvas.draw.rounded_rectangle((x, y, x + 9, y + CHIP_H), 5, fill=t.teams[info.team])
    badge = (TINY_W + 3) * len(info.corner)  # the corner's cards, right of the name
    name = canvas.fitted(_name(scene, seat, me, lang, 24), 20, w - 26 - badge)
    canvas.text((x + 18, y + 8), name, 20, t.text)
    canvas.back(x + 18, y + 40, 20, 28)
    second = str(info.cards_left)
    if info.brief:
        second += " ·"
    elif info.count is not None:
        second += " · " + said(lang, info.count)
    canvas.text((x + 44, y + 54), second, 20, t.muted, anchor="lm")
    after = x + 44 + int(canvas.draw.textlength(second + " ", font=font(20)))
    if info.brief:  # what the seat's rows hold, short, and its count (what it is worth now)
        worth = "" if info.count is None else said(lang, info.count)
        room = x + w - 10 - after - canvas.draw.textlength(worth, font=font(18))
        if canvas.draw.textlength(" ".join(info.brief) + " ", font=font(18)) <= room:
            after = _brief(canvas, info.brief, after, y + 54)
        if worth and info.count is not None:  # the number decides: said even where the rest finds no room
            canvas.text((after, y + 54), worth, 18, tone(t, info.count), anchor="lm")
            after += int(canvas.draw.textlength(worth, font=font(18)))
    status_pills(canvas, info, (x + w - 10, y + 54), lang, left=after + 4, bots=False)
    for i, text in enumerate(reversed(info.corner)):  # in the chip's top right corner (明牌)
        canvas.card(*suited(text), x + w - 8 - (i + 1) * (TINY_W + 3), y + 6, TINY_W, TINY_H)
    if seat in scene.to_act:
        canvas.outline(box, t.accent, 5, 12)
    elif seat == me:
        canvas.outline(box, t.mark, 3, 12)


def _brief(canvas: Canvas, words: tuple[str, ...], x: int, y: int) -> int:
    """The words from `x`; where they end."""
    t = canvas.theme
    for word in words:
        colour = t.red if word[0] in "♥♦" else t.text
        canvas.text((x, y), word, 18, colour, anchor="lm")
        x += int(canvas.draw.textlength(word + " ", font=font(18)))
    return x


def _trick(canvas: Canvas, scene: TableScene, x: int, y: int, me: int, lang: str) -> None:
    t = canvas.theme
    for i, (seat, text) in enumerate(scene.trick):
        left = x + i * (CARD_W + 90)
        canvas.card(*suited(text), left, y, CARD_W, CARD_H)
        name = _name(scene, seat, me, lang, 5)
        canvas.text((left + CARD_W + 6, y + CARD_H // 2), name, 18, t.muted, anchor="lm")


def _table_set(canvas: Canvas, scene: TableScene, x: int, y: int, me: int, lang: str) -> None:
    t = canvas.theme
    faces = scene.drawn_by().set_faces
    assert scene.table_set is not None and faces is not None, "a game with sets says how they read"
    cards = faces(scene.table_set)
    step = 26
    for i, (rank, suit) in enumerate(cards):
        canvas.card(rank, suit, x + i * step, y, CARD_W, CARD_H)
    if scene.table_owner is not None:
        owner = _name(scene, scene.table_owner, me, lang, 9)
        after = x + (len(cards) - 1) * step + CARD_W + 12
        canvas.text((after, y + CARD_H // 2), label(lang, "by", name=owner), 20, t.muted, anchor="lm")
