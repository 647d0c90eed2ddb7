"""A player's league card (`/me`): per game the rating, its history as a chart, the
counts that matter (matches, wins, average place or score, 闷 / 烧 / 开点) and who they play best
with and struggle against. Values in, PNG out: names and bot levels come already in words."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from render.canvas import Canvas
from render.fonts import printable
from render.labels import label
from render.theme import RGB
from render.theme import theme as theme_named

WIDTH, PAD = 720, 28
HEADER_H = 116
CHART_H = 150
BLOCK_H = 150 + CHART_H + 74
NAME_CHARS = 16
MATE_CHARS = 16


@dataclass(frozen=True, slots=True)
class GameCard:
    game: str  # the game's name (engine/games.py)
    rating: str  # as shown: "1534", or "1498?" while provisional
    rated: int
    matches: int
    wins: int
    average: str  # average place or score (as the game says), already formatted; '' when none
    counts: tuple[tuple[str, int], ...]  # (label key, count): the game's own statistics (闷, 烧 …)
    history: tuple[int, ...]  # the shown rating at the start, then after each rated match
    teammates: tuple[str, ...]  # () and no row where the player never had one (every seat alone)
    opponents: tuple[str, ...]
    with_teammates: bool = True  # the game seats teams (or partners were played): the row is shown


@dataclass(frozen=True, slots=True)
class ProfileCard:
    name: str
    scope: str  # where: the group's title, or "every group"
    games: tuple[GameCard, ...]


def profile_card(card: ProfileCard, theme: str = "light", lang: str = "zh") -> bytes:
    t = theme_named(theme)
    height = HEADER_H + BLOCK_H * max(1, len(card.games)) + PAD
    canvas = Canvas.new(t, WIDTH, height)
    canvas.text((PAD, PAD), printable(card.name, NAME_CHARS), 34, t.text)
    canvas.text((PAD, PAD + 46), printable(card.scope, 40), 20, t.muted)
    y = HEADER_H
    for game in card.games:
        _game(canvas, game, y, lang)
        y += BLOCK_H
    return canvas.png()


def _game(canvas: Canvas, game: GameCard, top: int, lang: str) -> None:
    t = canvas.theme
    canvas.draw.line((PAD, top, WIDTH - PAD, top), fill=t.muted, width=1)
    canvas.text((PAD, top + 16), label(lang, game.game), 28, t.text)
    canvas.text((WIDTH - PAD, top + 12), game.rating, 40, t.accent, "ra")
    canvas.text((WIDTH - PAD, top + 62), label(lang, "rated_matches", n=game.rated), 18, t.muted, "ra")
    facts = [label(lang, "record", matches=game.matches, wins=game.wins)]
    if game.average:
        facts.append(game.average)
    canvas.text((PAD, top + 62), " · ".join(facts), 20, t.text)
    counts = " · ".join(f"{label(lang, key)} {count}" for key, count in game.counts)
    if counts:
        canvas.text((PAD, top + 92), counts, 20, t.muted)
    chart_top = top + 124
    _chart(canvas, game.history, (PAD, chart_top, WIDTH - PAD, chart_top + CHART_H), lang)
    y = chart_top + CHART_H + 16
    if game.with_teammates:
        _people(canvas, label(lang, "teammates"), game.teammates, y, t.good, lang)
        y += 30
    _people(canvas, label(lang, "opponents"), game.opponents, y, t.bad, lang)


def _people(canvas: Canvas, title: str, names: Sequence[str], y: int, color: RGB, lang: str) -> None:
    canvas.text((PAD, y), title, 18, color)
    if not names:  # a bare "—" after a real match read as broken
        canvas.text((PAD + 190, y), label(lang, "met_none"), 18, canvas.theme.muted)
        return
    canvas.text((PAD + 190, y), "、".join(printable(n, MATE_CHARS) for n in names), 18, canvas.theme.text)


def _chart(canvas: Canvas, history: Sequence[int], box: tuple[int, int, int, int], lang: str) -> None:
    """The rating after each rated match, left to right, between its lowest and highest."""
    t = canvas.theme
    left, top, right, bottom = box
    canvas.draw.rounded_rectangle(box, 10, fill=t.panel, outline=t.card_edge)
    if not history:
        canvas.text(((left + right) / 2, (top + bottom) / 2), label(lang, "no_rating_yet"), 20, t.muted, "mm")
        return
    low, high = min(history), max(history)
    span = max(high - low, 20)  # a flat history draws as a flat line in the middle
    middle = (low + high) / 2
    inner_left, inner_right = left + 70, right - 24
    inner_top, inner_bottom = top + 18, bottom - 18

    def y_of(value: float) -> float:
        return (inner_top + inner_bottom) / 2 - (value - middle) / span * (inner_bottom - inner_top)

    for value in {low, high}:
        canvas.draw.line((inner_left, y_of(value), inner_right, y_of(value)), fill=t.card_edge, width=1)
        canvas.text((left + 12, y_of(value)), str(value), 16, t.muted, "lm")
    step = (inner_right - inner_left) / max(1, len(history) - 1)
    points = [
        (inner_left + i * step if len(history) > 1 else (inner_left + inner_right) / 2, y_of(v))
        for i, v in enumerate(history)
    ]
    if len(points) > 1:
        canvas.draw.line(points, fill=t.accent, width=3, joint="curve")
    x, y = points[-1]
    canvas.draw.ellipse((x - 6, y - 6, x + 6, y + 6), fill=t.accent)
