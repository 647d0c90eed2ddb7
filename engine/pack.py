"""What a game gives the engine (its part of a game pack): seats, rules, matches, teams, how a
round starts and ends in events, its decision windows, what a profile counts, and its bots. The
platform asks a game nothing else; `engine.games` lists the registered ones."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.matchplay import MatchPlay
from engine.move import Move
from engine.options import TableOptions
from engine.review import Reviewer

Policy = Callable[[Any, int, random.Random], Move]  # (round, seat, random stream) → a legal move


@dataclass(frozen=True, slots=True)
class RoundStart:
    number: int
    seed: str


@dataclass(frozen=True, slots=True)
class Window:
    """A decision every asked seat makes at once within a window of its own (an exposure):
    its length, whether letting it close is no fault (no strike, no penalty), and the move a seat
    that let it close makes: the rules' own (no exposure, no declaration), never its bot's, which
    would decide for the player what the player never chose."""

    seconds: float
    faultless: bool
    closes_with: Callable[[int], Move]  # seat → its move when the window closes


def no_window(round_: Any, rules: Any) -> Window | None:
    return None


def no_tallies(event: Any) -> tuple[tuple[int, str, int], ...]:
    return ()


def no_reason(round_: Any, seat: int, move: Move) -> tuple[str, dict[str, object]]:
    return "", {}


@dataclass(frozen=True, slots=True)
class Game:
    name: str
    seats: int
    rules_type: type[TableOptions]
    match_type: type[MatchPlay]
    round_started: Callable[[Any], RoundStart | None]  # the event that starts a round, read
    round_ended: Callable[[Any], tuple[int, tuple[int, ...]] | None]  # (number, scores)
    team_of: Callable[[Any, int], int | None]  # (rules, seat) → team, None when every seat plays alone
    parse_move: Callable[[str], Move]
    short_match: dict[str, str]  # the options of a short match, for tests and benchmarks
    # the bots by level: `normal` is required (it is also the 托管 autopilot); `strong` if any
    bots: Mapping[str, Policy]
    window: Callable[[Any, Any], Window | None] = no_window  # (round, rules) → the window now, if any
    # how the lobby is seated: random, join_order or chosen
    seating: Callable[[Any], str] = lambda rules: "random"
    # an event → (seat, statistic, amount) for a profile's counts, stored by name (data/stats)
    tallies: Callable[[Any], tuple[tuple[int, str, int], ...]] = no_tallies
    searching: frozenset[str] = field(default_factory=frozenset)  # levels that think long enough to matter
    reviewer: Reviewer | None = None  # how a finished match's decisions are weighed (engine/review.py)
    # why the normal bot makes a move (a hint's reason): (round, seat, move) → (key, values), the
    # words being the interface's `hint.<key>`; ("", {}): nothing to say beyond the move
    explain: Callable[[Any, int, Move], tuple[str, dict[str, object]]] = no_reason
    # the card counter (记牌器, the table option `counter`): round → (card, rank or suit, copies
    # nobody has played), read from what everyone saw played; None: the game has none
    still_out: Callable[[Any], tuple[tuple[str, int], ...]] | None = None
    # the options of a match of one round (the daily deal: one hand, or one deal)
    one_round: Mapping[str, str] = field(default_factory=dict)

    def rules(self, options: dict[str, object]) -> Any:
        return self.rules_type(**options)

    def new_match(self, seed: str, rules: Any) -> MatchPlay:
        return self.match_type(seed, rules)

    def winners(self, match: MatchPlay) -> set[int]:
        """Seats that won the match, as the game's own match says."""
        return set(match.winners())
