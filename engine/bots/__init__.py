"""Seat-filling bots (and the 托管 autopilot): pure functions from a round and a seat to a move.

A bot sees only what its seat may see — public information and its own hand. Given the same
round, seat and random stream it always chooses the same move, so a replayed match replays its
bots too.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from engine.bots import gongzhu, gouji
from engine.move import Move
from engine.seeding import rng

Policy = Callable[[Any, int, random.Random], Move]

POLICIES: dict[str, Policy] = {"gouji": gouji.choose, "gongzhu": gongzhu.choose}


def bot_move(game: str, round_: Any, seat: int, ply: int) -> Move:
    """The bot's move for `seat` at move number `ply` of its match (seeded by the round)."""
    return POLICIES[game](round_, seat, rng(round_.seed, "bot", seat, ply))


__all__ = ["POLICIES", "bot_move"]
