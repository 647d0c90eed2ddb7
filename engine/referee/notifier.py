"""How the referee talks to the outside: it publishes a `Notice` (a public snapshot of the table
and the events of one committed change) to a `Notifier`. `handlers/` implements it for Telegram;
tests and benchmarks use `Recorder`. A notice holds no hand: private views are asked for."""

from __future__ import annotations

from collections.abc import Awaitable
from dataclasses import dataclass, field, fields
from typing import ClassVar, Protocol

from engine.events import Event, MatchOver
from engine.games import GAMES

# the views lived here: notices pickled by an older version (the store's `owed`) still find them
from engine.referee.views import PrivateView, SeatView, TableView  # noqa: F401


@dataclass(frozen=True, slots=True)
class Notice:
    table: TableView
    events: tuple[Event, ...]
    cause: str  # lobby | move | bot | timeout | reminder | conduct | resumed
    owed: int | None = None  # its row in the store's `owed` until told (engine/referee/owed.py)
    told_privately: bool = False  # an owed notice told again: its players' messages went out

    def __setstate__(self, state: list[object]) -> None:
        """Unpickled from the store's `owed`: a notice written by a version with fewer fields
        takes the defaults of the rest."""
        names = fields(self)
        values = [*state, *(later.default for later in names[len(state) :])]
        for name, value in zip(names, values, strict=True):
            object.__setattr__(self, name.name, value)


def starts_round(event: Event) -> bool:
    """Whether the event opens a round (each game says which of its events does) or the match:
    a notice holding one is told on its own (its new hands), never merged with the one before."""
    return event.kind == "MatchStarted" or any(game.round_started(event) for game in GAMES.values())


def ends_round(event: Event) -> bool:
    """Whether the event closes a round or the match (every game's match ends with a
    `MatchOver`): a notice holding one is told on its own (its score sheet)."""
    return isinstance(event, MatchOver) or any(game.round_ended(event) for game in GAMES.values())


def merged(earlier: Notice, later: Notice) -> Notice | None:
    """Two notices of a running table within one round as one, at the later state (the outbox
    under load: each player is then sent only the latest state), or None if they must stay apart.
    A lobby's notices merge too: its message shows the latest seats, once (four people
    joining while the group's minute was spent made four edits in a row)."""
    lobby = earlier.table.status == later.table.status == "lobby"
    if lobby and earlier.owed is None:
        return Notice(later.table, earlier.events + later.events, later.cause, later.owed)
    if earlier.table.status != "running" or later.table.status != "running":
        return None
    if any(starts_round(e) or ends_round(e) for e in earlier.events):
        return None
    if any(starts_round(e) for e in later.events):
        return None
    return Notice(later.table, earlier.events + later.events, later.cause, later.owed)


class Notifier(Protocol):
    async def publish(self, notice: Notice) -> Awaitable[object] | None:
        """Tells the notice: its players' part before it returns (none when `told_privately`).
        Returns what of it is still on its way (news waiting for a group's budget), done when
        that is told, or None when all of it is."""
        ...


@dataclass
class Recorder:
    """Keeps every notice, for tests and headless runs."""

    inline: ClassVar[bool] = True  # no I/O: the outbox calls it at once, nothing is queued
    notices: list[Notice] = field(default_factory=list)

    async def publish(self, notice: Notice) -> None:
        self.notices.append(notice)

    def events(self, kind: str | None = None) -> list[Event]:
        return [e for n in self.notices for e in n.events if kind is None or e.kind == kind]
