"""Small helpers for 够级 scenario tests: play a script, find events."""

from __future__ import annotations

from engine.gouji.events import Event
from engine.gouji.hand import Hand


def play(game: Hand, *script: tuple[int, str]) -> list[Event]:
    """Applies (seat, move) pairs in order, checking each seat was the one asked."""
    events: list[Event] = []
    for seat, move in script:
        assert seat in game.to_act, f"seat {seat} was not asked before {move!r}; to_act={game.to_act}"
        events += game.apply(seat, move)
    return events


def of(events: list[Event], kind: str) -> list[Event]:
    return [e for e in events if e.kind == kind]


def legal(game: Hand, seat: int) -> list[str]:
    return sorted(str(m) for m in game.legal_moves(seat))


def finish_with_defaults(game: Hand) -> list[Event]:
    """Plays the referee's timeout move for every seat until the hand is over."""
    events: list[Event] = []
    while not game.is_over:
        seat = game.to_act[0]
        events += game.apply(seat, game.default_move(seat))
    return events
