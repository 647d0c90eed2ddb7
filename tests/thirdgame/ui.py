"""吃墩's part of its pack for Telegram and the Mini App."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from handlers.cards import card_label
from handlers.gameui import GameUI, Private, Telling, WebGame
from handlers.i18n import t
from render.hands import drawn, with_table
from render.scene import TableScene
from tests.thirdgame.engine import DECK, NAME, RoundScored, TricksView
from tests.thirdgame.look import layout


def table_info(private: Private, names: Sequence[str], turn: str, lang: str) -> str:
    public = private.public
    assert isinstance(public, TricksView)
    return t(lang, "chidun.table_info", round=public.number, trick=public.trick_no, turn=turn)


def hand_picture(private: Private, lang: str, table: TableScene) -> bytes:
    image = drawn((NAME, private.hand, lang, "light"), lambda: layout(private.hand, lang))
    return with_table(image, "light", table, private.seat, lang)


def round_result(event: object, seat: int, teams: Sequence[int | None], lang: str) -> str | None:
    if not isinstance(event, RoundScored):
        return None
    return t(lang, "chidun.result", round=event.round_no, tricks=event.scores[seat])


def round_over(event: Any, values: dict[str, Any], told: Telling) -> str | None:
    """Each seat's tricks this round, in the group."""
    scores = " · ".join(f"{told.names[s]} {points}" for s, points in enumerate(event.scores))
    return t(told.lang, "chidun.round_over", round_no=event.round_no, scores=scores)


def seat_intro(view: object, seat: int, names: Sequence[str], lang: str) -> str:
    return t(lang, "chidun.intro", seat=seat + 1, after=names[(seat + 1) % len(names)])


UI = GameUI(
    word=card_label,
    per_row=3,
    keyboard=lambda keys, legal, phase, warned, chosen: None,  # every card a button
    table_info=table_info,
    hand_picture=hand_picture,
    sheet_places=lambda match: None,
    sheet_teams=False,
    web=WebGame(
        lambda tokens: sorted(tokens, key=DECK.index),
        lambda move: ("play", [move]),
        {"cards": "suited", "hand": "suits", "middle": "trick"},
    ),
    switches=("bots", "must_follow", "rounds"),
    seat_intro=seat_intro,
    profile_counts=("tricks_taken",),
    round_result=round_result,
    lines={RoundScored: round_over},
    texts=Path(__file__).parent / "locales",
)
