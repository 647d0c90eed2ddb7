"""What the referee shows of a table: the public view every notice carries (`TableView`, its
seats), and a seated player's own (`PrivateView`), which only their chat and page are given."""

from __future__ import annotations

from dataclasses import dataclass

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
    to_act: tuple[int, ...]  # public: empty in a window where who is asked is secret (an exposure)
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
