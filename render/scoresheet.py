"""The score sheet after a round and at the end of a match: a column per seat, a row per round,
totals at the bottom; a game may add the last round's places, team totals and cards taken."""

from __future__ import annotations

from dataclasses import dataclass

from render.canvas import Canvas
from render.fonts import font, printable
from render.games import LOOKS
from render.labels import has_label, label
from render.theme import theme as theme_named

COL_W, FIRST_W, ROW_H, PAD = 138, 150, 40, 20  # FIRST_W: room for "Compensation" at 20 px
TAKEN_LINE = 28  # a line of the scoring cards a seat took, named (a suit of many: counted)
TAKEN_LINES = 2
LEGEND_H = 34  # what the cards taken are worth, in one line under the sheet
SUIT_SIGNS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
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
    taken_h = 0 if sheet.taken is None else TAKEN_LINE * TAKEN_LINES + 8
    probe = Canvas.new(t, 1, 1)  # measures the legend's lines before the sheet's height is known
    legend = _legend(probe, sheet, lang, width - 2 * PAD - 16)
    height = PAD + 56 + 50 + rows * ROW_H + taken_h + PAD + LEGEND_H * len(legend)
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
        y += ROW_H
    for line in legend:
        canvas.text((PAD + 8, y + LEGEND_H / 2), line, 18, t.muted, "lm")
        y += LEGEND_H
    return canvas.png()


def _legend(canvas: Canvas, sheet: ScoreSheet, lang: str, width: float) -> list[str]:
    """The game's own words on what the cards taken are worth (`<game>_taken_legend`, parts
    joined by " · "), in lines that fit `width`; none for a game without them."""
    key = f"{sheet.game}_taken_legend"
    if sheet.taken is None or not has_label(lang, key):
        return []
    lines: list[str] = []
    for part in label(lang, key).split(" · "):
        joined = f"{lines[-1]} · {part}" if lines else part
        if lines and canvas.draw.textlength(joined, font=font(18)) <= width:
            lines[-1] = joined
        else:
            lines.append(part)
    return lines


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
    """Under the last deal's scores, the scoring cards each seat took, as words that read on a
    phone: a suit of three or more counted (♥×7), the others named (♠Q ♣10), red suits red."""
    t = canvas.theme
    for seat, cards in enumerate(taken):
        words = taken_words(cards)
        lines = [words[i : i + 3] for i in range(0, len(words), 3)][:TAKEN_LINES]
        for row, line in enumerate(lines):
            centre_x = PAD + FIRST_W + seat * COL_W + COL_W / 2
            text = " ".join(line)
            x = centre_x - canvas.draw.textlength(text, font=font(20)) / 2
            for word in line:
                colour = t.red if word[0] in "♥♦" else t.text
                canvas.text((x, y + 6 + row * TAKEN_LINE + TAKEN_LINE / 2), word, 20, colour, "lm")
                x += canvas.draw.textlength(word + " ", font=font(20))


def taken_words(cards: tuple[str, ...]) -> list[str]:
    """Cards by suit in the order taken: a suit of three or more as a count (♥×7), else each card."""
    by_suit: dict[str, list[str]] = {}
    for card in cards:
        by_suit.setdefault(card[0], []).append(card[1:])
    words: list[str] = []
    for suit, ranks in by_suit.items():
        sign = SUIT_SIGNS.get(suit, suit)
        words += [f"{sign}×{len(ranks)}"] if len(ranks) >= 3 else [sign + rank for rank in ranks]
    return words


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
