"""What the table picture shows, taken from the referee's public `TableView`: a small hashable
value, so a picture is cached by what it shows. No hand is ever in it: the view holds none."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pictures never load the async referee; they only read its view
    from engine.referee import TableView


@dataclass(frozen=True, slots=True)
class SeatScene:
    """One seat as the pictures draw it. Every game fills what it has (its scene builder, in its
    pack's `render.look.Look`); the marks are the glossary's (docs/glossary.md)."""

    name: str
    team: int | None  # fixed teams; None when every seat plays alone
    cards_left: int
    place: int | None = None  # finish place (头科 … 末科), in a game with places
    is_bot: bool = False
    autopilot: bool = False
    passed: bool = False  # passed in the round on the table
    exposed: tuple[str, ...] = ()  # exposed cards (亮牌)
    tricks: int | None = None  # tricks won
    headless: bool = False  # 无头: may not answer until the round ends
    opened: bool = False  # 开点: has opened point
    declared: str | None = None  # a declaration (预点 / 太空 / 明点: yudian / taikong / mingdian)
    taken: tuple[str, ...] = ()  # the scoring cards the seat took this round
    taken_short: tuple[str, ...] = ()  # the same, short (♥3 ♠Q), where room is scarce
    total: int | None = None  # the seat's match total so far (None: a lobby)
    round_points: int | None = None  # what the round scores for the seat so far, where it is public


@dataclass(frozen=True, slots=True)
class TableScene:
    game: str  # the game's name (engine/games.py)
    round_no: int  # the round (hand, deal …)
    seats: tuple[SeatScene, ...]
    to_act: tuple[int, ...] = ()
    seconds_left: int | None = None
    table_set: str | None = None  # the set to beat, in a game of sets (its look reads it: `set_faces`)
    table_owner: int | None = None
    trick: tuple[tuple[int, str], ...] = ()  # a trick of suited cards: (seat, card) in play order
    trick_no: int | None = None
    notes: tuple[str, ...] = ()  # picture word keys: headless, melee, burn, phase_*
    # the hand drawn under the table is the viewer's own ("you"); False: another player's, drawn
    # under their name (a drill of a member's shared mistake)
    own_hand: bool = True


def seconds_left(view: TableView, now: float) -> int | None:
    """Whole seconds to the table's deadline, None without one."""
    return None if view.deadline_at is None else max(0, round(view.deadline_at - now))


@dataclass(frozen=True, slots=True)
class Common:
    """What every game's scene takes from the table itself."""

    to_act: tuple[int, ...]
    seconds_left: int | None


def seat_scene(view: TableView, seat: int, names: Sequence[str], **fields: Any) -> SeatScene:
    info = view.seats[seat]
    # the match total, always in view (a number players decide on)
    total = view.totals[seat] if seat < len(view.totals) else None
    return SeatScene(names[seat], is_bot=info.is_bot, autopilot=info.autopilot, total=total, **fields)
