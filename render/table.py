"""The table picture for the group: seats around the table with names, team colours, card counts,
places and status; the set or trick in the middle and who played it; whose turn and the time left."""

from __future__ import annotations

import math
from collections.abc import Callable

from render.canvas import Canvas
from render.cardface import suited
from render.clockface import time_left
from render.fonts import font, printable
from render.labels import label
from render.scene import Faces, Mark, Middle, SeatScene, TableScene
from render.theme import RGB, Theme
from render.theme import theme as theme_named

WIDTH, HEIGHT = 1000, 640
PANEL_W, PANEL_H = 248, 86
MINI_W, MINI_H = 60, 84  # cards on the table
TINY_W, TINY_H = 38, 53  # a seat's exposed cards
NAME_CHARS = 9
# Seat centres as fractions of the picture; seat 0 at the bottom, play order counter-clockwise,
# so six seats' opposite seats (s, s+3) face each other.
SEAT_AT = {
    6: ((0.5, 0.86), (0.82, 0.68), (0.82, 0.32), (0.5, 0.14), (0.18, 0.32), (0.18, 0.68)),
    4: ((0.5, 0.86), (0.84, 0.5), (0.5, 0.14), (0.16, 0.5)),
}


def seats_at(count: int) -> tuple[tuple[float, float], ...]:
    """Where each seat's panel goes: the drawn places for 4 and 6, else evenly round the table."""
    if count in SEAT_AT:
        return SEAT_AT[count]
    turns = [math.pi / 2 - 2 * math.pi * s / count for s in range(count)]  # from the bottom, anticlockwise
    return tuple((0.5 + 0.34 * math.cos(a), 0.5 + 0.36 * math.sin(a)) for a in turns)


WHITE = (255, 255, 255)  # text straight on the felt, in both themes


def table_picture(scene: TableScene, theme: str = "light", lang: str = "zh") -> bytes:
    t = theme_named(theme)
    canvas = Canvas.new(t, WIDTH, HEIGHT, fill=t.felt)
    canvas.draw.ellipse((70, 60, WIDTH - 70, HEIGHT - 50), outline=t.felt_edge, width=10)
    _header(canvas, scene, lang)
    centres = [(int(x * WIDTH), int(y * HEIGHT)) for x, y in seats_at(len(scene.seats))]
    scene.drawn_by().middle(canvas, scene, centres, lang)
    for seat, centre in enumerate(centres):
        _panel(canvas, scene, seat, centre, lang)
    return canvas.png()


def _header(canvas: Canvas, scene: TableScene, lang: str) -> None:
    t = canvas.theme
    title = label(lang, scene.game) + " · " + label(lang, scene.drawn_by().round_label, n=scene.round_no)
    if scene.trick_no:
        title += " · " + label(lang, "trick_no", n=scene.trick_no)
    canvas.text((20, 16), title, 26, WHITE)
    x: float = WIDTH - 20
    for note in reversed(scene.notes):
        text = label(lang, note)
        width = canvas.draw.textlength(text, font=font(20)) + 20
        canvas.pill((x - width / 2, 32), text, 20, t.accent, (20, 20, 20))
        x -= width + 10


def _panel(canvas: Canvas, scene: TableScene, seat: int, centre: tuple[int, int], lang: str) -> None:
    t = canvas.theme
    info = scene.seats[seat]
    x0, y0 = centre[0] - PANEL_W // 2, centre[1] - PANEL_H // 2
    box = (x0, y0, x0 + PANEL_W, y0 + PANEL_H)
    draw = canvas.draw
    draw.rounded_rectangle(box, 14, fill=t.panel)
    if info.team is not None:
        draw.rounded_rectangle((x0, y0, x0 + 12, y0 + PANEL_H), 6, fill=t.teams[info.team])
    total = "" if info.total is None else signed(info.total)  # the match total, at the name's end
    room = PANEL_W - 24 - 12 - canvas.draw.textlength(total, font=font(20)) - 10
    canvas.text((x0 + 24, y0 + 8), canvas.fitted(printable(info.name), 24, room), 24, t.text)
    if total:
        canvas.text((x0 + PANEL_W - 12, y0 + 22), total, 20, t.muted, anchor="rm")
    canvas.back(x0 + 24, y0 + 48, 22, 30)
    second = str(info.cards_left)
    if info.count is not None:
        second += " · " + said(lang, info.count)
    canvas.text((x0 + 54, y0 + 63), second, 20, t.muted, anchor="lm")
    after = x0 + 54 + int(canvas.draw.textlength(second, font=font(20))) + 10
    status_pills(canvas, info, (x0 + PANEL_W - 12, y0 + 63), lang, left=after, bots=False)
    if seat in scene.to_act:
        canvas.outline(box, t.accent, 5, 14)
        if scene.seconds_left is not None:
            below = centre[1] < HEIGHT // 2
            where = (centre[0], box[3] + 16 if below else box[1] - 16)
            canvas.pill(where, time_left(scene.seconds_left), 22, t.accent, (20, 20, 20))
    if info.rows:
        _beside(canvas, info, centre, lang)


def signed(points: int) -> str:
    """+120, -240, 0 (the pictures' fonts have no U+2212 minus)."""
    return f"+{points}" if points > 0 else str(points)


def said(lang: str, mark: Mark) -> str:
    """A mark in words."""
    return label(lang, mark.key, **dict(mark.values))


def tone(theme: Theme, mark: Mark) -> RGB:
    colour: RGB = getattr(theme, mark.tone)
    return colour


def status_pills(
    canvas: Canvas, info: SeatScene, right_top: tuple[int, int], lang: str, left: int, bots: bool = True
) -> None:
    """Pills on a seat's second line, right to left, as many as fit right of `left` (the cards
    left, never covered): the game's marks, weightiest first, then autopilot or bot (`bots=False`:
    a bot's name says it already)."""
    t = canvas.theme
    x, y = right_top
    for text, fill in _pills(info, lang, t, bots):
        width = canvas.draw.textlength(text, font=font(18)) + 16
        if x - width < left:  # no room left: the later, lesser marks go unsaid
            return
        canvas.pill((x - width / 2, y), text, 18, fill, t.card if fill != t.badge else t.badge_text)
        x -= int(width) + 6


def _pills(info: SeatScene, lang: str, t: Theme, bots: bool) -> list[tuple[str, RGB]]:
    pills = [(said(lang, mark), tone(t, mark)) for mark in info.marks]
    if info.autopilot:
        pills.append((label(lang, "autopilot"), t.mark))
    elif info.is_bot and bots:
        pills.append((label(lang, "bot"), t.badge))
    return pills


def _beside(canvas: Canvas, info: SeatScene, centre: tuple[int, int], lang: str) -> None:
    """The seat's rows of small cards, each headed by its word (亮 the exposed, 收 the taken:
    an exposed ♠Q is not a captured one). Beside the top and bottom seats' panels, to their
    right; under the side seats' (the trick lies towards each seat)."""
    rows = [(row.key, row.cards) for row in info.rows if row.cards]
    x0, y0 = centre[0] - PANEL_W // 2, centre[1] - PANEL_H // 2
    if abs(centre[0] - WIDTH // 2) < PANEL_W // 2:  # top or bottom: to the right, within the picture
        y = min(y0, HEIGHT - 8 - len(rows) * (TINY_H + 4))
        for key, cards in rows:
            _card_row(canvas, label(lang, key), cards, x0 + PANEL_W + 12, y, WIDTH - 12)
            y += TINY_H + 4
        return
    y = y0 + PANEL_H + 6
    for key, cards in rows:
        _card_row(canvas, label(lang, key), cards, x0 - 20, y, x0 + PANEL_W + 20)
        y += TINY_H + 4


def _card_row(canvas: Canvas, head: str, cards: tuple[str, ...], left: int, y: int, right: int) -> None:
    """A pill naming the row, then the cards small, between `left` and `right` (many overlap)."""
    t = canvas.theme
    head_w = int(canvas.draw.textlength(head, font=font(18))) + 16
    x = left + head_w + 6
    step = min(TINY_W + 4, (right - x - TINY_W) // max(1, len(cards) - 1))
    canvas.pill((left + head_w / 2, y + TINY_H / 2), head, 18, t.panel, t.text)
    for i, text in enumerate(cards):
        canvas.card(*suited(text), x + i * step, y, TINY_W, TINY_H)


def set_middle(faces: Callable[[str], Faces]) -> Middle:
    """The set to beat in the middle and who played it (`faces`: how the game's set reads as
    cards); with none, who is to lead."""

    def middle(canvas: Canvas, scene: TableScene, centres: list[tuple[int, int]], lang: str) -> None:
        cx, cy = WIDTH // 2, HEIGHT // 2
        if not scene.table_set:
            if scene.to_act and len(scene.to_act) == 1:
                leader = printable(scene.seats[scene.to_act[0]].name, NAME_CHARS)
                canvas.text((cx, cy), f"{leader} · {label(lang, 'to_lead')}", 24, WHITE, "mm")
            return
        cards = faces(scene.table_set)
        step = min(30, (560 - MINI_W) // max(1, len(cards) - 1))
        x = cx - (MINI_W + step * (len(cards) - 1)) // 2
        for i, (rank, suit) in enumerate(cards):
            canvas.card(rank, suit, x + i * step, cy - MINI_H // 2 + 10, MINI_W, MINI_H)
        if scene.table_owner is not None:
            owner = printable(scene.seats[scene.table_owner].name, NAME_CHARS)
            canvas.text((cx, cy - MINI_H // 2 - 8), label(lang, "by", name=owner), 22, WHITE, "mm")

    return middle


def trick_middle(canvas: Canvas, scene: TableScene, centres: list[tuple[int, int]], lang: str) -> None:
    """A trick of suited cards: each card lies between the middle and the seat that played it."""
    cx, cy = WIDTH // 2, HEIGHT // 2
    for seat, text in scene.trick:
        sx, sy = centres[seat]
        x = int(cx + (sx - cx) * 0.36) - MINI_W // 2
        y = int(cy + (sy - cy) * 0.36) - MINI_H // 2
        canvas.card(*suited(text), x, y, MINI_W, MINI_H)
