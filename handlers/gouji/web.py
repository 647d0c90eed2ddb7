"""够级 on the Mini App's page: a hand in stacks by rank (the wildcards apart), a play is any set of
cards tapped, the set to beat in the middle."""

from __future__ import annotations

from engine.gouji.cards import BIG_JOKER, RANKS, SMALL_JOKER, WILDCARDS
from engine.gouji.sets import CardSet, parse_move
from handlers.gameui import WebGame


def _order(tokens: list[str]) -> list[str]:
    return sorted(tokens, key=RANKS.index)


def _kind(move: str) -> tuple[str, list[str] | None]:
    return ("play", move.split()) if isinstance(parse_move(move), CardSet) else ("decision", None)


WEB = WebGame(
    _order,
    _kind,
    {
        "cards": "ranks",
        "hand": "stacks",
        "middle": "set",
        "wild": " ".join(RANKS[rank] for rank in WILDCARDS),  # 配牌, drawn apart
        "jokers": " ".join(RANKS[rank] for rank in (SMALL_JOKER, BIG_JOKER)),
        "red": RANKS[BIG_JOKER],
    },
)
