"""What the Mini App's replay view gets: one round of a finished match, each step with
who did what, what it made (the lines the group was told: 烧, 开点, 闷 …), the table as the page
draws a live one, and every hand face up (the match is over: the referee refuses a running one)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.events import CardsPlayed
from engine.referee import MatchReplay
from handlers.replaysteps import step_notes, step_view, step_words
from handlers.web.tableview import hand_tokens, look, public_json

RECENT = 4  # the plays shown under the table, as on the live page


def replay_json(found: MatchReplay, names: Sequence[str], lang: str) -> dict[str, Any]:
    game, steps = found.game, found.replay.steps
    recent: list[tuple[int, str]] = []
    out = []
    for step in steps:
        view = step_view(found, step)
        out.append(
            {
                "seat": step.seat,
                "words": step_words(found, step, names, lang),
                "notes": step_notes(found, step, names, lang),
                "view": public_json(view, names, 0.0, lang, recent[-RECENT:]),
                "hands": [hand_tokens(game, hand) for hand in step.hands],
            }
        )
        # the plays as the live page lists them: each play's cards in notation (the page draws
        # them as minis; a localized label drew "undefined")
        recent += [(e.seat, e.cards) for e in step.events if isinstance(e, CardsPlayed)]
    return {
        "match": found.match_id,
        "table": found.table_id,
        "game": game,
        "look": look(game, lang),
        "round": found.replay.number,
        "rounds": found.replay.rounds,
        "names": list(names),
        "steps": out,
    }
