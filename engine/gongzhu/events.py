"""What `apply` reports in 拱猪: typed events carrying all an announcer needs (engine/events.py).

Nothing private is in an event: a blind exposure (暗卖) reports its count only, and who is asked
in the exposure phase is never announced (that would tell who holds a scoring card).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.events import CardsPlayed, MatchOver
from engine.events import ClaimAnswered as ClaimAnswered  # re-exported: shared with every game
from engine.events import Event as Event  # re-exported: `ev.Event` in the phases
from engine.events import Forfeited as Forfeited  # re-exported: one namespace of 拱猪 events
from engine.events import TimedOut as TimedOut


@dataclass(slots=True)
class DealStarted(Event):
    deal_no: int
    seed: str


@dataclass(slots=True)
class ExposureOpened(Event):  # §3 the window; the referee keeps its clock
    seconds: int


@dataclass(slots=True)
class Exposed(Event):  # 明牌 (blind, 暗卖: `cards` is empty, only `count` is public)
    seat: int
    cards: tuple[str, ...]
    count: int
    automatic: str | None = None  # all | all_but_sheep | forced_three when the rules exposed it


@dataclass(slots=True)
class ExposureClosed(Event):
    exposed: tuple[tuple[str, ...], ...]  # per seat; empty tuples in blind mode
    counts: tuple[int, ...]


@dataclass(slots=True)
class PlayStarted(Event):
    leader: int
    reason: str  # club2 | seat0 | pig_taker | given


@dataclass(slots=True)
class CardPlayed(CardsPlayed):  # seat, cards: one card, or two
    discard: bool  # not of the led suit (垫牌)


@dataclass(slots=True)
class TrickWon(Event):
    trick_no: int
    winner: int  # leads next
    taker: int  # takes the scoring cards: the winner, or a wrong-colour discarder
    cards: tuple[str, ...]  # everything played, in play order
    scoring: tuple[str, ...]  # the scoring cards taken


@dataclass(slots=True)
class ClaimMade(Event):  # 声称: the claimer's hand is shown to all, as at the table
    seat: int
    hand: str
    assignment: tuple[tuple[str, int], ...]  # each remaining scoring card and who gets it


@dataclass(slots=True)
class ClaimSettled(Event):
    """The deal ends as claimed: every other player accepted, or (`forced`) the referee saw that
    every way of playing on gives the same result."""

    seat: int | None  # the claimer; None for the referee's own claim
    assignment: tuple[tuple[str, int], ...]
    forced: bool


@dataclass(slots=True)
class AllHearts(Event):  # 全红, or 满贯 with the pig, the sheep and the transformer
    seat: int
    grand_slam: bool
    swapped: bool  # 猪羊变色 turned the pig and the sheep


@dataclass(slots=True)
class SwapAsked(Event):  # 猪羊变色 `chosen`: the 全红 taker decides swap or keep (§5)
    seat: int


@dataclass(slots=True)
class SwapChosen(Event):
    seat: int
    swapped: bool


@dataclass(slots=True)
class DealEnded(Event):
    deal_no: int
    card_points: tuple[int, ...]  # each seat's own cards
    scores: tuple[int, ...]  # what counts: each seat's side total
    sides: tuple[tuple[int, ...], ...]
    pig_taker: int | None  # leads the next deal
    pigs: tuple[int, ...] = ()  # 双猪: the deal's lowest and highest scores, both 当猪 (§7)


@dataclass(slots=True)
class MatchEnded(MatchOver):  # totals, reason: target | deals | stopped
    winners: tuple[int, ...]  # highest total (双猪: everyone who is not 当猪)
    losers: tuple[int, ...]  # lowest total (当猪; 双猪: the highest too)
