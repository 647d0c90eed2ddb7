"""吃墩's part of its pack for the pictures: each seat's cards left and the tricks it ate as a
badge of its own, the trick in the middle, a hand suit after suit."""

from __future__ import annotations

import tomllib
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from render import table
from render.layout import Group, HandLayout, layout_sections
from render.look import Look
from render.scene import Common, Mark, TableScene, seat_scene
from tests.thirdgame.engine import DECK, NAME, TricksView

LOCALES = Path(__file__).parent / "locales"


def scene(view: Any, names: Sequence[str], common: Common) -> TableScene:
    public = view.public
    count = len(view.seats)
    if not isinstance(public, TricksView):  # a lobby
        seats = tuple(seat_scene(view, s, names, team=None, cards_left=0) for s in range(count))
        return TableScene(NAME, 1, seats, common.to_act, common.seconds_left)
    seats = tuple(
        seat_scene(view, s, names, team=None, cards_left=public.cards_left[s], marks=_tricks_badge(public, s))
        for s in range(count)
    )
    return TableScene(
        NAME,
        public.number,
        seats,
        common.to_act,
        common.seconds_left,
        trick=public.trick,
        trick_no=public.trick_no,
    )


def _tricks_badge(public: TricksView, seat: int) -> tuple[Mark, ...]:
    """吃墩's own mark: the tricks a seat has eaten, as a badge (a pill of its words), none
    before its first."""
    eaten = public.tricks_won[seat]
    return (Mark("eaten", "good", (("n", eaten),)),) if eaten else ()


def layout(hand: str, lang: str = "zh") -> HandLayout:
    """One group per suit, in the deck's order."""
    groups: list[Group] = []
    for text in sorted(hand.split(), key=DECK.index):
        if not groups or groups[-1].cards[0][1] != text[0]:
            groups.append(Group([], 48))
        groups[-1].cards.append((text[1:], text[0]))
    return layout_sections([(None, groups)])


def _words() -> dict[str, dict[str, str]]:
    return {
        lang: tomllib.loads((LOCALES / f"{lang}.toml").read_text(encoding="utf-8"))["picture"]
        for lang in ("zh", "en")
    }


LOOK = Look(
    scene=scene,
    middle=table.trick_middle,
    round_label="round_no",
    sheet_round="score_round",
    layout=lambda hand, lang: layout(hand, lang),
    words=_words(),
)
