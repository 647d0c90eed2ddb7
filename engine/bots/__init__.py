"""Seat-filling bots (and the 托管 autopilot): pure functions from a round and a seat to a move.

Each game pack brings its own (`Game.bots`: `normal`, and `strong` if it has one); this adds
the `easy` level every game gets, and chooses by the table's level. A bot sees only what its seat
may see — public information and its own hand. Given the same round, seat and random stream it
always chooses the same move, so a replayed match replays its bots too.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from typing import Any

from engine.games import GAMES
from engine.move import Move
from engine.pack import Policy
from engine.seeding import rng

EASY_SLIPS = 0.3  # how often the easy bot plays any legal move instead of the heuristic's


def _easy(normal: Policy) -> Policy:
    """The heuristic, but a third of the time a random legal move: a bot beginners can beat."""

    def choose(round_: Any, seat: int, rand: random.Random) -> Move:
        if rand.random() < EASY_SLIPS:
            moves: list[Move] = round_.legal_moves(seat)
            return rand.choice(moves)
        return normal(round_, seat, rand)

    return choose


class _Levels(Mapping[tuple[str, str], Policy]):
    """(game, the table's `bots` level) → the policy, for every registered game: each game's own
    levels, and `easy` made from its `normal` one (made once per policy, so it stays the same
    object). A test may put its own policy in (`overrides`)."""

    def __init__(self) -> None:
        self._easy: dict[Policy, Policy] = {}
        self.overrides: dict[tuple[str, str], Policy] = {}

    def __getitem__(self, key: tuple[str, str]) -> Policy:
        if key in self.overrides:
            return self.overrides[key]
        game, level = key
        bots = GAMES[game].bots
        if level == "easy":
            normal = bots["normal"]
            return self._easy.setdefault(normal, _easy(normal))
        return bots[level]

    def __setitem__(self, key: tuple[str, str], policy: Policy) -> None:
        self.overrides[key] = policy

    def __delitem__(self, key: tuple[str, str]) -> None:
        del self.overrides[key]

    def __iter__(self) -> Iterator[tuple[str, str]]:
        for name, game in GAMES.items():
            yield (name, "easy")
            yield from ((name, level) for level in game.bots)

    def __len__(self) -> int:
        return sum(1 for _ in self)


class _Normal(Mapping[str, Policy]):
    """game → its `normal` bot (the autopilot's)."""

    def __getitem__(self, game: str) -> Policy:
        return GAMES[game].bots["normal"]

    def __iter__(self) -> Iterator[str]:
        return iter(GAMES)

    def __len__(self) -> int:
        return len(GAMES)


LEVELS = _Levels()
POLICIES = _Normal()


def policy_of(game: str, rules: Any) -> Policy:
    return LEVELS[(game, getattr(rules, "bots", "normal"))]


def bot_move(game: str, round_: Any, seat: int, ply: int, level: str | None = None) -> Move:
    """The bot's move for `seat` at move number `ply` of its match (seeded by the round), at
    the table's level (or the one given)."""
    policy = policy_of(game, round_.rules) if level is None else LEVELS[(game, level)]
    return policy(round_, seat, rng(round_.seed, "bot", seat, ply))


def searches(game: str, rules: Any) -> bool:
    """Whether this table's bots search (the referee then thinks off the event loop)."""
    return getattr(rules, "bots", "normal") in GAMES[game].searching


__all__ = ["LEVELS", "POLICIES", "Policy", "bot_move", "searches"]
