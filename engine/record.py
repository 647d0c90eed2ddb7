"""A match's record, as `/record` hands it out: the game, its options, the seed and every logged
step (a move, a timeout, a forfeit, a stop). `replay_record` rebuilds the match from it exactly,
so a record can be checked, studied or turned into a teaching position."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from engine.games import GAMES
from engine.matchplay import MatchPlay
from engine.options import parse_options

FORMAT = 1


def make_record(
    game: str, options: dict[str, object], seed: str, steps: Iterable[tuple[int, str, str]]
) -> dict[str, Any]:
    """`steps`: (seat, kind, move) in log order; kind is move, timeout, forfeit or stop."""
    return {
        "format": FORMAT,
        "game": game,
        "options": dict(options),
        "seed": seed,
        "steps": [[seat, kind, move] for seat, kind, move in steps],
    }


def replay_record(record: dict[str, Any]) -> MatchPlay:
    if record.get("format") != FORMAT:
        raise ValueError(f"unknown record format: {record.get('format')!r}")
    game = GAMES[record["game"]]
    rules = game.rules_type(**parse_options(game.rules_type, record["options"]))
    match = game.new_match(record["seed"], rules)
    for seat, kind, move in record["steps"]:
        match.apply_step(seat, kind, move)
    return match
