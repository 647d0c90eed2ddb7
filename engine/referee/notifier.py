"""How the referee talks to the outside: it publishes a `Notice` (a public snapshot of the table
and the events of one committed change) to a `Notifier`. `handlers/` implements it for Telegram;
tests and benchmarks use `Recorder`. A notice holds no hand: private views are asked for."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar, Protocol

from engine.events import Event

# the views lived here: notices pickled by an older version (the store's `owed`) still find them
from engine.referee.views import PrivateView, SeatView, TableView  # noqa: F401


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
