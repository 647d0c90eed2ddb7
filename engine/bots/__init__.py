"""Seat-filling bots (and the 托管 autopilot): pure functions from a round and a seat to a move.

A bot sees only what its seat may see — public information and its own hand. Given the same
round, seat and random stream it always chooses the same move, so a replayed match replays its
bots too.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from engine.bots import gongzhu, gongzhu_search, gouji, gouji_search
from engine.move import Move
from engine.seeding import rng

Policy = Callable[[Any, int, random.Random], Move]

POLICIES: dict[str, Policy] = {"gouji": gouji.choose, "gongzhu": gongzhu.choose}  # the `normal` ones
EASY_SLIPS = 0.3  # how often the easy bot plays any legal move instead of the heuristic's


def _easy(normal: Policy) -> Policy:
    """The heuristic, but a third of the time a random legal move: a bot beginners can beat."""

    def choose(round_: Any, seat: int, rand: random.Random) -> Move:
        if rand.random() < EASY_SLIPS:
            moves: list[Move] = round_.legal_moves(seat)
            return rand.choice(moves)
        return normal(round_, seat, rand)

    return choose


# (game, the table's `bots` level) → the policy
LEVELS: dict[tuple[str, str], Policy] = {
    **{(game, "normal"): policy for game, policy in POLICIES.items()},
    **{(game, "easy"): _easy(policy) for game, policy in POLICIES.items()},
    ("gongzhu", "strong"): gongzhu_search.choose,
    ("gouji", "strong"): gouji_search.choose,
}
# the levels that think long enough to matter
SEARCHING = frozenset({("gongzhu", "strong"), ("gouji", "strong")})


def policy_of(game: str, rules: Any) -> Policy:
    return LEVELS[(game, getattr(rules, "bots", "normal"))]


def bot_move(game: str, round_: Any, seat: int, ply: int, level: str | None = None) -> Move:
    """The bot's move for `seat` at move number `ply` of its match (seeded by the round), at
    the table's level (or the one given)."""
    policy = policy_of(game, round_.rules) if level is None else LEVELS[(game, level)]
    return policy(round_, seat, rng(round_.seed, "bot", seat, ply))


def searches(game: str, rules: Any) -> bool:
    """Whether this table's bots search (the referee then thinks off the event loop)."""
    return (game, getattr(rules, "bots", "normal")) in SEARCHING


__all__ = ["LEVELS", "POLICIES", "bot_move", "searches"]
