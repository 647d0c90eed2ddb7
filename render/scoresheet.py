"""The score sheet after a round and at the end of a match: a column per seat, a row per round,
totals at the bottom; a game may add the last round's places, team totals and cards taken."""

from __future__ import annotations

from dataclasses import dataclass

from render.canvas import Canvas
from render.cardface import suited
from render.fonts import printable
from render.games import LOOKS
from render.labels import label
from render.theme import theme as theme_named

COL_W, FIRST_W, ROW_H, PAD = 138, 70, 40, 20
MINI_W, MINI_H = 30, 42  # the scoring cards a seat took
MAX_ROWS = 12  # older rounds fold into one "…" row: the totals still count them
NAME_CHARS = 7


@dataclass(frozen=True, slots=True)
class ScoreSheet:
    game: str  # the game's name (engine/games.py)
    names: tuple[str, ...]
    rounds: tuple[tuple[int, ...], ...]  # per round, per seat
    totals: tuple[int, ...]
    teams: tuple[int | None, ...] | None = None  # fixed teams: seat → team 0/1
    places: tuple[int | None, ...] | None = None  # the last round's places, in a game with places
    final: bool = False  # the match is over
    winners: frozenset[int] = frozenset()  # seats that won the match
    # what the totals hold besides the rounds, a labelled row each (`penalty`, `compensation`),
    # so that every column adds up on the sheet
    adjustments: tuple[tuple[str, tuple[int, ...]], ...] = ()
    taken: tuple[tuple[str, ...], ...] | None = None  # the last round's scoring cards, per seat


def score_sheet(sheet: ScoreSheet, theme: str = "light", lang: str = "zh") -> bytes:
    t = theme_named(theme)
    seats = len(sheet.names)
    shown = list(enumerate(sheet.rounds, start=1))
    folded = len(shown) > MAX_ROWS
    if folded:
        shown = shown[-(MAX_ROWS - 1) :]
    rows = (
        len(shown)
        + folded
        + 1
        + len(sheet.adjustments)
        + (sheet.places is not None)
        + (sheet.teams is not None)
    )
    width = FIRST_W + COL_W * seats + 2 * PAD
    taken_h = 0 if sheet.taken is None else MINI_H + 12
    height = PAD + 56 + 50 + rows * ROW_H + taken_h + PAD
    canvas = Canvas.new(t, width, height)
    canvas.text((PAD, PAD), _title(sheet, lang), 30, t.text)
    y = PAD + 56
    _headings(canvas, sheet, y, lang)
    y += 50
    if folded:
        canvas.text((PAD + 8, y + ROW_H / 2), "…", 20, t.muted, "lm")
        y += ROW_H
    for number, scores in shown:
        _row(canvas, str(number), scores, y, 22)
        y += ROW_H
    if sheet.places is not None:
        names = [label(lang, f"place{p}") if p else "" for p in sheet.places]
        for seat, text in enumerate(names):
            canvas.text((PAD + FIRST_W + seat * COL_W + COL_W / 2, y + ROW_H / 2), text, 20, t.muted, "mm")
        y += ROW_H
    if sheet.taken is not None:
        _taken(canvas, sheet.taken, y)
        y += taken_h
    for key, scores in sheet.adjustments:
        _row(canvas, label(lang, key), scores, y, 22)
        y += ROW_H
    canvas.draw.line((PAD, y + 2, width - PAD, y + 2), fill=t.muted, width=2)
    _row(canvas, label(lang, "total"), sheet.totals, y + 4, 26)
    y += ROW_H + 4
    if sheet.teams is not None:
        _team_totals(canvas, sheet, y, lang)
    return canvas.png()


def _title(sheet: ScoreSheet, lang: str) -> str:
    if sheet.final:
        return label(lang, sheet.game) + " · " + label(lang, "score_match")
    return label(lang, sheet.game) + " · " + label(lang, LOOKS[sheet.game].sheet_round, n=len(sheet.rounds))


def _headings(canvas: Canvas, sheet: ScoreSheet, y: int, lang: str) -> None:
    """A column per seat headed by its name (a ★ for a winner) over its team's stripe."""
    t = canvas.theme
    for seat, name in enumerate(sheet.names):
        x = PAD + FIRST_W + seat * COL_W
        side = None if sheet.teams is None else sheet.teams[seat]
        if side is not None:
            stripe = (x + 8, y + 40, x + COL_W - 8, y + 46)
            canvas.draw.rounded_rectangle(stripe, 3, fill=t.teams[side])
        heading = ("★" if seat in sheet.winners else "") + printable(name, NAME_CHARS)
        canvas.text((x + COL_W / 2, y + 18), heading, 22, t.accent if seat in sheet.winners else t.text, "mm")
    canvas.text((PAD + 8, y + 18), label(lang, "round"), 20, t.muted, "lm")


def _row(canvas: Canvas, first: str, scores: tuple[int, ...], y: int, size: int) -> None:
    t = canvas.theme
    canvas.text((PAD + 8, y + ROW_H / 2), first, min(size, 20), t.muted, "lm")
    for seat, score in enumerate(scores):
        color = t.good if score > 0 else t.bad if score < 0 else t.muted
        centre = (PAD + FIRST_W + seat * COL_W + COL_W / 2, y + ROW_H / 2)
        canvas.text(centre, f"{score:+d}" if score else "0", size, color, "mm")


def _taken(canvas: Canvas, taken: tuple[tuple[str, ...], ...], y: int) -> None:
    """Under the last deal's scores, the scoring cards each seat took, fanned in its column."""
    for seat, cards in enumerate(taken):
        if not cards:
            continue
        room = COL_W - 16 - MINI_W
        step = min(16, room // max(1, len(cards) - 1))
        x = PAD + FIRST_W + seat * COL_W + (COL_W - MINI_W - step * (len(cards) - 1)) // 2
        for i, text in enumerate(cards):
            canvas.card(*suited(text), x + i * step, y + 4, MINI_W, MINI_H)


def _team_totals(canvas: Canvas, sheet: ScoreSheet, y: int, lang: str) -> None:
    t = canvas.theme
    assert sheet.teams is not None
    x = PAD + 8
    for team in (0, 1):
        total = sum(s for seat, s in enumerate(sheet.totals) if sheet.teams[seat] == team)
        text = f"{label(lang, 'team', n=team + 1)}  {total:+d}"
        canvas.draw.rounded_rectangle((x, y + 8, x + 14, y + ROW_H - 8), 4, fill=t.teams[team])
        canvas.text((x + 22, y + ROW_H / 2), text, 22, t.text, "lm")
        x += 260
