"""How the referee talks to the outside: it publishes a `Notice` (a public snapshot of the table
and the events of one committed change) to a `Notifier`. `handlers/` implements it for Telegram;
tests and benchmarks use `Recorder`. A notice holds no hand: private views are asked for."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar, Protocol

from engine.events import Event
from engine.views import RoundView, SeatRoundView


@dataclass(frozen=True, slots=True)
class SeatView:
    seat: int
    player: int | None  # None: a bot
    team: int | None
    autopilot: bool
    strikes: int

    @property
    def is_bot(self) -> bool:
        return self.player is None


@dataclass(frozen=True, slots=True)
class TableView:
    id: int
    group_id: int
    game: str
    status: str  # lobby | running | finished | stopped
    version: int
    creator: int | None
    time_control: str
    move_seconds: float
    options: dict[str, object]
    seats: tuple[SeatView, ...]
    to_act: tuple[int, ...]  # public: empty in a window where who is asked is secret (拱猪 exposure)
    deadline_at: float | None
    match_no: int
    totals: tuple[int, ...]
    public: RoundView | None  # the round's public view while a match is on

    def seat_of(self, player: int) -> int | None:
        return next((s.seat for s in self.seats if s.player == player), None)

    @property
    def dealt(self) -> bool:
        """Whether a match was ever dealt at this table (every seat taken): a lobby, and a lobby
        stopped before its start, have no round to show, and fewer seats than the game."""
        return self.public is not None


@dataclass(frozen=True, slots=True)
class PrivateView:
    """A seated player's view, for their chat only: the seat's view of the round, the moves the
    referee takes from them now (none once the match is no longer running), and the table's
    version and deadline that their buttons carry."""

    round: SeatRoundView[RoundView]
    legal: tuple[str, ...]
    version: int
    deadline_at: float | None

    @property
    def seat(self) -> int:
        return self.round.seat

    @property
    def hand(self) -> str:
        return self.round.hand

    @property
    def public(self) -> RoundView:
        return self.round.public

    @property
    def phase(self) -> str:
        return self.round.public.phase


@dataclass(frozen=True, slots=True)
class Notice:
    table: TableView
    events: tuple[Event, ...]
    cause: str  # lobby | move | bot | timeout | reminder | conduct | resumed
    owed: int | None = None  # its row in the store's `owed` until told (engine/referee/owed.py)


# Event kinds that open or close a round (a 够级 hand, a 拱猪 deal) or the match: a notice holding
# one is told on its own (its score sheet, its new hands), never merged with the next
ROUND_STARTS = frozenset({"HandStarted", "DealStarted", "MatchStarted"})
ROUND_ENDS = frozenset({"HandEnded", "DealEnded", "MatchEnded"})


def merged(earlier: Notice, later: Notice) -> Notice | None:
    """Two notices of a running table within one round as one, at the later state (the outbox
    under load: each player is then sent only the latest state), or None if they must stay apart.
    A lobby's notices merge too: its message shows the latest seats, once (issue 50: four people
    joining while the group's minute was spent made four edits in a row)."""
    lobby = earlier.table.status == later.table.status == "lobby"
    if lobby and earlier.owed is None:
        return Notice(later.table, earlier.events + later.events, later.cause, later.owed)
    if earlier.table.status != "running" or later.table.status != "running":
        return None
    if any(e.kind in ROUND_STARTS or e.kind in ROUND_ENDS for e in earlier.events):
        return None
    if any(e.kind in ROUND_STARTS for e in later.events):
        return None
    return Notice(later.table, earlier.events + later.events, later.cause, later.owed)


class Notifier(Protocol):
    async def publish(self, notice: Notice) -> None: ...


@dataclass
class Recorder:
    """Keeps every notice, for tests and headless runs."""

    inline: ClassVar[bool] = True  # no I/O: the outbox calls it at once, nothing is queued
    notices: list[Notice] = field(default_factory=list)

    async def publish(self, notice: Notice) -> None:
        self.notices.append(notice)

    def events(self, kind: str | None = None) -> list[Event]:
        return [e for n in self.notices for e in n.events if kind is None or e.kind == kind]
