"""拱猪 on the Mini App's page: a hand suit after suit, a play is one card (or two, on two decks),
an exposure is the cards toggled, the trick in the middle, the scoring cards each seat took, and
why a card is refused (it breaks the suit led)."""

from __future__ import annotations

from typing import Any

from engine.gongzhu.cards import parse_card
from engine.gongzhu.moves import Decision, parse_move
from engine.gongzhu.views import DealView
from handlers.gameui import WebGame
from render.gongzhu import by_suit


def _order(tokens: list[str]) -> list[str]:
    return [card.text for card in by_suit(parse_card(text) for text in tokens)]


def _kind(move: str) -> tuple[str, list[str] | None]:
    found = parse_move(move)
    if isinstance(found, Decision):
        if found.name == "expose":
            return "expose", [card.text for card in found.cards]
        return "decision", None
    return "play", move.split()


def _taken(public: Any) -> dict[str, Any]:
    """The scoring cards each seat took, face up, and the last trick."""
    if not isinstance(public, DealView):
        return {}
    return {
        "taken": [list(cards) for cards in public.taken],
        "last_trick": [list(play) for play in public.last_trick],
    }


WEB = WebGame(
    _order,
    _kind,
    {"cards": "suited", "hand": "suits", "middle": "trick"},
    _taken,
)
