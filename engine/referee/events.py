"""The referee's own events: lobby changes, seating, reminders, autopilot, stops. Together with
the games' events they are everything the group is told. No hand is ever in one."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.events import Event


@dataclass(slots=True)
class TableOpened(Event):
    game: str
    creator: int | None
    time_control: str


@dataclass(slots=True)
class Joined(Event):
    player: int


@dataclass(slots=True)
class Left(Event):  # from a lobby
    player: int


@dataclass(slots=True)
class TeamChosen(Event):
    player: int
    team: int


@dataclass(slots=True)
class BotAdded(Event):
    count: int


@dataclass(slots=True)
class BotRemoved(Event):
    pass


@dataclass(slots=True)
class OptionsChanged(Event):
    options: dict[str, object]
    time_control: str


@dataclass(slots=True)
class MatchStarted(Event):
    number: int
    players: tuple[int | None, ...]  # per seat: the player, or None for a bot


@dataclass(slots=True)
class Reminder(Event):  # slow games: 80 % of the time has gone
    seat: int
    player: int
    deadline: float


@dataclass(slots=True)
class AutopilotEnded(Event):  # the player is back
    seat: int
    player: int


@dataclass(slots=True)
class ReplacedByBot(Event):  # a player left a running match
    seat: int
    player: int


@dataclass(slots=True)
class WindowClosed(Event):  # a decision window ran out (an exposure, a declaration): no fault
    seats: tuple[int, ...]


@dataclass(slots=True)
class StopVoted(Event):
    player: int
    votes: int
    needed: int


@dataclass(slots=True)
class TableStopped(Event):
    by: int | None


@dataclass(slots=True)
class Resumed(Event):  # after a restart: the time given back to the players
    given_back: float


@dataclass(slots=True)
class Unreachable(Event):  # the player's private chat refuses the bot: their seat goes on autopilot
    seat: int
    player: int


@dataclass(slots=True)
class Undelivered(Event):  # Telegram failed to bring the seat its decision: out of time, no fault
    seats: tuple[int, ...]


@dataclass(slots=True)
class Paused(Event):  # the server cannot save moves (a full disk, a read-only file): play waits
    pass


@dataclass(slots=True)
class SavingAgain(Event):  # moves are saved again after a pause: play goes on
    paused_for: float


@dataclass(slots=True)
class SeatReserved(Event):  # a person takes a bot's seat at the next round boundary
    seat: int
    player: int


@dataclass(slots=True)
class SeatTakenOver(Event):  # … and now holds it
    seat: int
    player: int


@dataclass(slots=True)
class RatingsChanged(Event):  # a finished match's rating changes in the group
    changes: tuple[Any, ...]  # engine.referee.ratings.Rated, one per rater
