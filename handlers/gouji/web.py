"""够级 on the Mini App's page: a hand in stacks by rank, a play is any set of cards tapped, the set
to beat in the middle, and why a selection is refused (no set that beats)."""

from __future__ import annotations

from engine.gouji.cards import RANKS
from engine.gouji.sets import CardSet, parse_move
from handlers.gameui import WebGame


def _order(tokens: list[str]) -> list[str]:
    return sorted(tokens, key=RANKS.index)


def _kind(move: str) -> tuple[str, list[str] | None]:
    return ("play", move.split()) if isinstance(parse_move(move), CardSet) else ("decision", None)


WEB = WebGame(
    _order,
    _kind,
    {"cards": "ranks", "hand": "stacks", "middle": "set", "refusals": "sets"},
)
