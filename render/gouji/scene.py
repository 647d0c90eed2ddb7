"""够级 on the table picture: each seat's team, cards left, place, 过, 无头, 开点 and declaration;
the set to beat in the middle and who played it; notes for 无头, 四人乱缠, a burn and the pre-play."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from engine.gouji.scoring import team
from engine.gouji.views import HandView
from render.scene import Common, TableScene, seat_scene

if TYPE_CHECKING:
    from engine.referee import TableView


def scene(view: TableView, names: Sequence[str], common: Common) -> TableScene:
    n = len(view.seats)
    public = view.public
    if not isinstance(public, HandView):  # a lobby: empty seats
        seats = tuple(seat_scene(view, s, names, team=team(s), cards_left=0) for s in range(n))
        return TableScene("gouji", view.match_no or 1, seats, common.to_act, common.seconds_left)
    places = public.places
    seats = tuple(
        seat_scene(
            view,
            s,
            names,
            team=team(s),
            cards_left=public.cards_left[s],
            place=places.get(s),
            passed=public.passed[s] and s not in places,  # a finished seat shows its place, never 过
            headless=public.headless[s] and s not in places,
            opened=public.opened[s],
            declared=public.declarations[s] if public.declarations else None,
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
