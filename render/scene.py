"""What the table picture shows, taken from the referee's public `TableView`: a small hashable
value, so a picture is cached by what it shows. No hand is ever in it: the view holds none."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.gouji.scoring import team

if TYPE_CHECKING:  # pictures never load the async referee; they only read its view
    from engine.referee.notifier import TableView


@dataclass(frozen=True, slots=True)
class SeatScene:
    name: str
    team: int | None  # 够级's two teams; None when every seat plays alone
    cards_left: int
    place: int | None = None  # 够级 finish place, 1..6
    is_bot: bool = False
    autopilot: bool = False
    passed: bool = False  # passed in the round on the table (够级)
    exposed: tuple[str, ...] = ()  # 拱猪
    tricks: int | None = None  # 拱猪 tricks won


@dataclass(frozen=True, slots=True)
class TableScene:
    game: str  # gouji | gongzhu
    round_no: int  # 够级 hand, 拱猪 deal
    seats: tuple[SeatScene, ...]
    to_act: tuple[int, ...] = ()
    seconds_left: int | None = None
    table_set: str | None = None  # 够级: the set to beat
    table_owner: int | None = None
    trick: tuple[tuple[int, str], ...] = ()  # 拱猪: (seat, card) in play order
    trick_no: int | None = None
    notes: tuple[str, ...] = ()  # label keys: headless, melee, burn, phase_*


def table_scene(view: TableView, names: Sequence[str], now: float) -> TableScene:
    """`names[seat]` is the name to show; `now` is the referee clock's time (for the time left)."""
    public = view.public or {}
    seconds = None if view.deadline_at is None else max(0, round(view.deadline_at - now))
    common = {
        "to_act": tuple(view.to_act),
        "seconds_left": seconds,
    }
    return SCENES[view.game](view, names, public, common)


def _seat(view: TableView, seat: int, names: Sequence[str], **fields: object) -> SeatScene:
    info = view.seats[seat]
    return SeatScene(names[seat], is_bot=info.is_bot, autopilot=info.autopilot, **fields)  # type: ignore[arg-type]


def _gouji(view: TableView, names: Sequence[str], public: dict, common: dict) -> TableScene:
    n = len(view.seats)
    left = public.get("cards_left") or [0] * n
    places = {int(s): p for s, p in (public.get("places") or {}).items()}
    # the engine's per-seat flags are lists of booleans, one a seat (not sets of seats)
    passed = [bool(p) for p in public.get("passed") or [False] * n]
    seats = tuple(
        _seat(
            view,
            s,
            names,
            team=team(s),
            cards_left=left[s],
            place=places.get(s),
            passed=passed[s] and s not in places,  # a finished seat shows its place, never 过
        )
        for s in range(n)
    )
    notes = []
    if any(public.get("headless") or ()):
        notes.append("headless")
    if public.get("melee"):
        notes.append("melee")
    if public.get("burn_pending"):
        notes.append("burn")
    if public.get("phase") not in (None, "play", "over"):
        notes.append("phase_preplay")
    return TableScene(
        "gouji",
        int(public.get("hand_no") or view.match_no or 1),
        seats,
        table_set=public.get("table"),
        table_owner=public.get("table_owner"),
        notes=tuple(notes),
        **common,
    )


def _gongzhu(view: TableView, names: Sequence[str], public: dict, common: dict) -> TableScene:
    n = len(view.seats)
    left = public.get("cards_left") or [0] * n
    exposed = public.get("exposed") or [[] for _ in range(n)]
    tricks = public.get("tricks_won") or [0] * n
    seats = tuple(
        _seat(view, s, names, team=None, cards_left=left[s], exposed=tuple(exposed[s]), tricks=tricks[s])
        for s in range(n)
    )
    phase = public.get("phase")
    notes = ("phase_expose",) if phase == "expose" else ("phase_claim",) if phase == "claim" else ()
    return TableScene(
        "gongzhu",
        int(public.get("deal_no") or 1),
        seats,
        trick=tuple((int(s), str(c)) for s, c in public.get("trick") or ()),
        trick_no=public.get("trick_no"),
        notes=notes,
        **common,
    )


SCENES = {"gouji": _gouji, "gongzhu": _gongzhu}  # what each game's table shows
