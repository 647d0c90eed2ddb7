"""Events every game shares: the base class and the referee's conduct decisions (timeouts, leaving).

Events are values: read-only by convention (not frozen, which costs 3× on the hot path). Cards are
given in notation (str) so events serialise and translate easily, and nothing private is in one.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(slots=True)
class Event:
    @property
    def kind(self) -> str:
        return type(self).__name__


@dataclass(slots=True)
class CardsPlayed(Event):  # a seat put cards on the table (each game's own play event extends it)
    seat: int
    cards: str  # in notation


@dataclass(slots=True)
class SeatPassed(Event):  # a seat passed (each game's own pass event extends it)
    seat: int


@dataclass(slots=True)
class ClaimAnswered(Event):  # a claim's answer: a rejection (it ends the claim), or the last acceptance
    seat: int
    accepted: bool


@dataclass(slots=True)
class MatchOver(Event):  # every game's match ends with an event extending this one
    totals: tuple[int, ...]
    reason: str  # the game's reasons, and `stopped` (a stop vote)


@dataclass(slots=True)
class TimedOut(Event):  # a missed deadline; the referee's 托管 move follows
    seat: int
    strikes: int
    penalty: int  # points taken now (on reaching the strike limit), else 0
    autopilot: bool  # the seat stays on autopilot until its player returns


@dataclass(slots=True)
class Forfeited(Event):  # a player left: the game scores the seat as its rules say
    seat: int
