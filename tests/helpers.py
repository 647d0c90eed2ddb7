"""Small helpers for scenario tests of either game: play a script, find events."""

from __future__ import annotations

import random
import sqlite3
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Protocol

from data.schema import MIGRATIONS
from engine.events import Event
from engine.referee.views import PrivateView


class Hand(Protocol):
    """A 够级 hand or a 拱猪 deal, as the scenario tests drive it."""

    to_act: list[int]
    is_over: Any

    def apply(self, seat: int, move: Any) -> Sequence[Event]: ...
    def legal_moves(self, seat: int) -> Sequence[Any]: ...
    def default_move(self, seat: int) -> Any: ...


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


async def refused(key: str, call: Any) -> None:
    """Awaits a referee command that must be refused with this reason key."""
    from engine.errors import Refused

    try:
        await call
    except Refused as refusal:
        assert refusal.key == key, refusal
    else:
        raise AssertionError(f"not refused: expected {key}")


def private_of(game: Any, seat: int, version: int = 1) -> PrivateView:
    """The player's private view of a round built in a test, as the referee would hand it out."""
    mine = game.seat_view(seat)
    return PrivateView(mine, mine.legal, version, None)


def said(error: BaseException, lang: str = "en") -> str:
    """What the player reads for a refusal: its reason in their language (handlers/locales)."""
    from engine.errors import Refusal
    from handlers.answers import refusal  # the words live with the interface, not the engine

    assert isinstance(error, Refusal), error
    return refusal(lang, error)


def search_sees_only_the_view(first: Any, second: Any, seed: int, determinized: Any, choose: Any) -> None:
    """Two rounds that look the same to seat 0 (other hands differ) give it the same
    samples and the same searched move."""
    assert first.public_view() == second.public_view()
    one, two = determinized(first, 0, random.Random(seed)), determinized(second, 0, random.Random(seed))
    assert [one.hand(s) for s in range(len(one.left))] == [two.hand(s) for s in range(len(two.left))]
    moves = [str(choose(round_, 0, random.Random(seed), samples=3)) for round_ in (first, second)]
    assert moves[0] == moves[1]


def search_repeats(round_: Any, choose: Any) -> None:
    """The search plays a legal move, and the same one again from the same random stream."""
    first = choose(round_, 0, random.Random(7), samples=4)
    assert first in round_.legal_moves(0)
    assert choose(round_, 0, random.Random(7), samples=4) is first


@contextmanager
def schema_file(path: Path, version: int) -> Iterator[sqlite3.Connection]:
    """A database file as schema `version` left it (its first `version` migrations applied and
    recorded), open for the test to add the rows of that time; committed when the block ends."""
    with sqlite3.connect(path) as db:
        for script in MIGRATIONS[:version]:
            db.executescript(script)
        db.execute(f"PRAGMA user_version={version}")
        yield db
