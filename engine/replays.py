"""A finished match step by step, every hand face up: the match replayed
from its seed and log, one round (a hand, a deal) at a time. Each step keeps what it did
(its events: a 烧, a 开点, a 闷, a forced pass …) and the round as it stood after it.

Only the referee's reading of a *finished* match may call this: every hand is in it."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from engine.events import Event
from engine.games import Game
from engine.views import RoundView


@dataclass(frozen=True, slots=True)
class Step:
    seat: int  # -1 for the deal itself (the round's first step) and a referee's stop
    kind: str  # deal | move | timeout | forfeit | stop
    actor: str  # player | bot | autopilot | timeout | referee ('' for the deal)
    move: str
    events: tuple[Event, ...]
    public: RoundView  # the round after the step
    hands: tuple[str, ...]  # every seat's hand after the step, in notation
    totals: tuple[int, ...]  # the match's totals after the step


@dataclass(frozen=True, slots=True)
class Replay:
    rounds: int  # how many rounds the match played
    number: int  # the round these steps are of
    steps: tuple[Step, ...]


def _snapshot(game: Game, round_: Any, totals: Iterable[int], **step: Any) -> Step:
    hands = tuple(round_.seat_view(seat).hand for seat in range(game.seats))
    return Step(public=round_.public_view(), hands=hands, totals=tuple(totals), **step)


def replay_round(
    game: Game, seed: str, rules: Any, log: Iterable[tuple[int, str, str, str]], number: int | None = None
) -> Replay:
    """The steps of round `number` (None: the last round played); `log` is (seat, kind, move,
    actor) in the order the referee logged it."""
    match = game.new_match(seed, rules)
    steps: dict[int, list[Step]] = {}

    def opened(round_: Any, events: Iterable[Event]) -> None:
        steps[id(round_)] = [
            _snapshot(
                game, round_, match.totals, seat=-1, kind="deal", actor="", move="", events=tuple(events)
            )
        ]

    opened(match.current, match.opening_events)
    order = [id(match.current)]
    for seat, kind, move, actor in log:
        current = match.current
        events = match.apply_step(seat, kind, move)
        steps[id(current)].append(
            _snapshot(
                game,
                current,
                match.totals,
                seat=seat,
                kind=kind,
                actor=actor,
                move=move,
                events=tuple(events),
            )
        )
        if match.current is not current:  # the step dealt the next round
            later = [e for e in events if game.round_started(e) is not None]
            opened(match.current, events[events.index(later[0]) :] if later else ())
            order.append(id(match.current))
    wanted = len(order) if number is None else number
    if not 1 <= wanted <= len(order):
        raise ValueError(f"no round {wanted} in a match of {len(order)}")
    return Replay(len(order), wanted, tuple(steps[order[wanted - 1]]))
