"""A finished round reviewed by its game's name, from plain values: what a search worker is
sent (the registry is read here, in the worker, so that the review itself names no game)."""

from __future__ import annotations

from engine.games import GAMES
from engine.review import Judgement, review_round


def review_in_worker(
    game_name: str,
    seed: str,
    options: dict[str, object],
    log: list[tuple[int, str, str, str]],
    people: tuple[int, ...],
    number: int,
    review_seed: str = "",
) -> list[Judgement]:
    """`review_round` of a registered game, from plain values: what a search worker is sent."""
    game = GAMES[game_name]
    assert game.reviewer is not None
    return review_round(
        game, seed, game.rules(options), log, people, number, game.reviewer, None, review_seed
    )
