"""够级 on the table picture: each seat's team, cards left, place, 过, 无头, 开点 and declaration;
the set to beat in the middle and who played it; notes for 无头, 四人乱缠, a burn and the pre-play."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from engine.gouji.scoring import team
from engine.gouji.views import HandView
from render.scene import Common, Mark, TableScene, seat_scene

if TYPE_CHECKING:
    from engine.referee import TableView


def scene(view: TableView, names: Sequence[str], common: Common) -> TableScene:
    n = len(view.seats)
    public = view.public
    if not isinstance(public, HandView):  # a lobby: empty seats
        seats = tuple(seat_scene(view, s, names, team=team(s), cards_left=0) for s in range(n))
        return TableScene("gouji", view.match_no or 1, seats, common.to_act, common.seconds_left)
    seats = tuple(
        seat_scene(
            view,
            s,
            names,
            team=team(s),
            cards_left=public.cards_left[s],
            marks=_marks(public, s),
        )
        for s in range(n)
    )
    return TableScene(
        "gouji",
        public.number,
        seats,
        common.to_act,
        common.seconds_left,
        table_set=public.table,
        table_owner=public.table_owner,
        notes=_notes(public),
    )


def _marks(public: HandView, seat: int) -> tuple[Mark, ...]:
    """Place, 无头, 开点, a declaration, 过, weightiest first. A finished seat shows its place,
    never 过 or 无头."""
    place = public.places.get(seat)
    declared = public.declarations[seat] if public.declarations else None
    marks = [
        (place is not None, Mark(f"place{place}", "good" if place is not None and place <= 3 else "bad")),
        (public.headless[seat] and place is None, Mark("headless", "bad")),
        (public.opened[seat], Mark("opened_short", "good")),
        (declared is not None, Mark(f"declared_{declared}")),
        (public.passed[seat] and place is None, Mark("passed", "muted")),
    ]
    return tuple(mark for shown, mark in marks if shown)


def _notes(public: HandView) -> tuple[str, ...]:
    notes = []
    if any(public.headless):
        notes.append("headless")
    if public.melee:
        notes.append("melee")
    if public.burn_pending:
        notes.append("burn")
    if public.phase not in ("play", "over"):
        notes.append("phase_preplay")
    return tuple(notes)
