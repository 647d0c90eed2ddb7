"""拱猪 on the table picture: each seat's exposed cards (亮), the scoring cards it took (收) and its
tricks; the trick in the middle towards the seats that played it; notes for the exposure and a claim."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from engine.gongzhu.cards import HEARTS, parse_card
from engine.gongzhu.tricks import SUIT_NAMES
from engine.gongzhu.views import DealView
from render.scene import CardRow, Common, Mark, TableScene, seat_scene
from render.table import signed

if TYPE_CHECKING:
    from engine.referee import TableView


def scene(view: TableView, names: Sequence[str], common: Common) -> TableScene:
    n = len(view.seats)
    public = view.public
    if not isinstance(public, DealView):  # a lobby: empty seats
        seats = tuple(seat_scene(view, s, names, team=None, cards_left=0) for s in range(n))
        return TableScene("gongzhu", 1, seats, common.to_act, common.seconds_left)
    seats = tuple(
        seat_scene(
            view,
            s,
            names,
            team=None,
            cards_left=public.cards_left[s],
            count=_count(public, s),
            # labelled rows: an exposed ♠Q is not a captured one
            rows=(
                CardRow("exposed", public.exposed[s]),
                CardRow("taken", public.taken[s], taken_summary(public.taken[s])),
            ),
            corner=public.exposed[s],
        )
        for s in range(n)
    )
    phase = public.phase
    notes = ("phase_expose",) if phase == "expose" else ("phase_claim",) if phase == "claim" else ()
    return TableScene(
        "gongzhu",
        public.number,
        seats,
        common.to_act,
        common.seconds_left,
        trick=public.trick,
        trick_no=public.trick_no,
        notes=notes,
    )


def _count(public: DealView, seat: int) -> Mark:
    """What the seat's cards taken are worth in the deal now (what it decides on), where that
    is public (blind exposures hide it until the deal ends); else its tricks won."""
    if public.running is None:
        return Mark("tricks", "muted", (("n", public.tricks_won[seat]),))
    points = public.running[seat]
    return Mark("round_points", "bad" if points < 0 else "good", (("points", signed(points)),))


def taken_summary(cards: tuple[str, ...]) -> tuple[str, ...]:
    """The scoring cards a seat took, short: the hearts counted (♥3), the others named (♠Q ♦J ♣10)."""
    parsed = [parse_card(card) for card in cards]
    hearts = sum(1 for card in parsed if card.suit == HEARTS)
    others = [SUIT_NAMES[card.suit] + card.text[1:] for card in parsed if card.suit != HEARTS]
    return tuple(([f"{SUIT_NAMES[HEARTS]}{hearts}"] if hearts else []) + others)
