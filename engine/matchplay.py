"""What a match of any game does around its rounds (hands, deals …): the move log,
replay, asking the current round, totals and conduct. Each game says how rounds start and end."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, ClassVar, Self

from engine.conduct import Conduct
from engine.errors import IllegalMove
from engine.events import Event
from engine.views import Round


class MatchPlay(Conduct):
    """Rules + seed + the list of (seat, move) determine everything; `replay` rebuilds it."""

    rounds: list[Any]  # each game's rounds (engine.views.Round): to_act, legal_moves, apply, …
    seats: ClassVar[int]  # each game's own

    def __init__(self, seed: int | str = 0, rules: Any = None) -> None:
        self.seed = str(seed)
        self.rules = rules
        self.totals = [0] * self.seats
        self.penalties = [0] * self.seats
        self.strikes = [0] * self.seats
        self.rounds = []
        self.log: list[tuple[int, str]] = []
        self.is_over = False
        self.end_reason: str | None = None
        self._start_first_round()
        self.opening_events: list[Event] = list(self.rounds[-1].opening_events)

    @classmethod
    def replay(cls, seed: int | str, rules: Any, moves: Iterable[tuple[int, str]]) -> Self:
        match = cls(seed, rules)
        for seat, move in moves:
            match.apply(seat, move)
        return match

    @property
    def current(self) -> Round:
        """The round now on (the last one, once the match is over)."""
        round_: Round = self.rounds[-1]
        return round_

    @property
    def to_act(self) -> list[int]:
        return [] if self.is_over else self.rounds[-1].to_act

    def legal_moves(self, seat: int) -> list[Any]:
        return [] if self.is_over else list(self.rounds[-1].legal_moves(seat))

    def apply(self, seat: int, move: Any) -> list[Any]:
        if self.is_over:
            raise IllegalMove("game_over")
        current = self.rounds[-1]
        events: list[Any] = current.apply(seat, move)
        self.log.append((seat, str(move)))
        if current.is_over:
            events += self._round_over()
        return events

    def apply_step(self, seat: int, kind: str, move: str) -> list[Any]:
        """One step of the referee's log (`kind`: move, timeout, forfeit or stop), replayed as it
        was logged; the events it made."""
        if kind == "move":
            return self.apply(seat, move)
        if kind == "timeout":
            return [self.timeout(seat)]
        if kind == "forfeit":
            return self.forfeit(seat)
        if kind == "stop":
            return [self.stop()]
        raise ValueError(f"unknown step: {kind!r}")

    def round_seed(self, number: int) -> str:
        return f"{self.seed}/{number}"

    # -- what each game says -------------------------------------------------------------------

    def _start_first_round(self) -> None:
        raise NotImplementedError

    def winners(self) -> tuple[int, ...]:
        """The seats that won the match (each game says how)."""
        raise NotImplementedError

    def forfeit(self, seat: int) -> list[Any]:
        """The seat's player left (罚为大落 / the deal's worst); a bot plays on for the seat."""
        raise NotImplementedError

    def stop(self) -> Event:
        """Ends the match early; returns its end event."""
        raise NotImplementedError

    def _round_over(self) -> list[Any]:
        """Adds the round's scores, then ends the match or starts the next round."""
        raise NotImplementedError
