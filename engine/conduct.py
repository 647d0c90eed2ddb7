"""Penalties and timeouts (docs/architecture.md "Clocks, absence and penalties"), the same for
every game's matches."""

from __future__ import annotations

from typing import Protocol

from engine.events import TimedOut


class ConductRules(Protocol):
    @property
    def strikes(self) -> int: ...
    @property
    def penalty_points(self) -> int: ...


class Conduct:
    """Mixin for a match: `rules`, `totals`, `penalties` and `strikes` are the match's own."""

    rules: ConductRules
    totals: list[int]
    penalties: list[int]
    strikes: list[int]

    def penalize(self, seat: int, points: int | None = None) -> int:
        """罚分 after repeated timeouts: the table's penalty, taken from the seat's total."""
        points = self.rules.penalty_points if points is None else points
        self.penalties[seat] += points
        self.totals[seat] -= points
        return points

    def timeout(self, seat: int) -> TimedOut:
        """A missed deadline: a warning; at the strike limit (and at every miss after it) the
        table's penalty and autopilot. The referee then makes the seat's move (托管)."""
        self.strikes[seat] += 1
        over = self.strikes[seat] >= self.rules.strikes
        penalty = self.penalize(seat) if over else 0
        return TimedOut(seat, self.strikes[seat], penalty, over)
