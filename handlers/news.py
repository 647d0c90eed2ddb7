"""A notice's news in one language, as a group hears it: the lines before a round's end (the
story), the lines of its end (the results, the score sheet's caption), and the round's score
sheet when one ended. A group's table and a room's players (each in their language) are told
the same news, from here."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import render
from engine.events import Event, MatchOver
from engine.referee import TableView, ends_round
from handlers import announce
from handlers.drawing import drawn
from handlers.sheets import score_sheet_of


@dataclass(frozen=True, slots=True)
class News:
    story: list[str]
    results: list[str]
    sheet: bytes | None


async def news_of(
    referee: Any,
    view: TableView,
    events: Sequence[Event],
    names: list[str],
    named: Mapping[int, str],
    lang: str,
    hints: bool = True,
) -> News:
    """`names`: the seats'; `named`: the players the events name (`announce.named_players`);
    `hints`: what to do next (a rematch), where it can be done."""

    def player(p: int) -> str:
        return named.get(p, str(p))

    answerers = [names[s] for s in view.to_act]
    end = next((i for i, e in enumerate(events) if ends_round(e)), len(events))
    story = announce.lines(events[:end], names, player, lang, answerers, hints=hints)
    results = announce.lines(events[end:], names, player, lang, hints=hints)
    sheet = None
    if end < len(events):
        final = any(isinstance(e, MatchOver) for e in events)
        found = await score_sheet_of(referee, view, names, final=final)
        sheet = None if found is None else await drawn(render.score_sheet, found, lang=lang)
    return News(story, results, sheet)
