"""What a round (a hand, a deal …) shows the referee and the players, typed: a frozen public
view everyone may see, and a seat's view that adds the seat's own hand and choices. Each game
extends them with its own fields; the referee and the handlers read only what is declared here
or in the game's own view class, never a dict key that one game has and the other lacks."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar

from engine.events import Event


@dataclass(frozen=True, slots=True)
class RoundView:
    """What every seat may know of the round now on. Never a card of a hidden hand."""

    number: int  # the round (hand, deal …), from 1
    phase: str
    to_act: tuple[int, ...]  # empty in a window where who is asked would tell who holds what
    cards_left: tuple[int, ...]
    forfeited: tuple[int, ...]  # seats whose player left: a bot plays on for them
    scores: tuple[int, ...] | None  # once the round is over


PublicT = TypeVar("PublicT", bound=RoundView, covariant=True)


@dataclass(frozen=True, slots=True)
class SeatRoundView(Generic[PublicT]):
    """A seat's own view: the public view, the seat's hand in notation and its legal moves."""

    public: PublicT
    seat: int
    hand: str
    legal: tuple[str, ...]
    # moves worth a second look before they are made, with why (`burn`, `gives_up_point` …)
    warnings: Mapping[str, str] = field(default_factory=dict)
    own_exposed: tuple[str, ...] = ()  # the seat's own exposures, shown to it even when blind


class Round(Protocol):
    """What a round offers the referee and the match (moves are each game's own `Move`s)."""

    to_act: list[int]
    opening_events: list[Event]

    @property
    def is_over(self) -> bool: ...
    def legal_moves(self, seat: int) -> Sequence[Any]: ...
    def apply(self, seat: int, move: Any) -> list[Event]: ...
    def public_view(self) -> RoundView: ...
    def seat_view(self, seat: int) -> SeatRoundView[RoundView]: ...
    def total_cards(self) -> int: ...
