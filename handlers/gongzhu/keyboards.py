"""拱猪's keyboards: the exposure window is a toggle per exposable copy (☑ chosen), then done."""

from __future__ import annotations

from collections.abc import Sequence

from telegram import InlineKeyboardMarkup

from engine.gongzhu.moves import Decision, Play, parse_move
from handlers.callbacks import Action
from handlers.cards import card_label
from handlers.gameui import PackKeys
from handlers.i18n import t
from handlers.keyboards import rows


def first(
    keys: PackKeys, legal: Sequence[str], phase: str, warned: frozenset[str], chosen: int
) -> InlineKeyboardMarkup | None:
    """The exposure window is toggles and done; every other decision lists its choices."""
    return exposure(keys, legal, chosen) if phase == "expose" else None


def exposure(keys: PackKeys, legal: Sequence[str], chosen: int) -> InlineKeyboardMarkup:
    """`chosen` is a bit mask over `exposable(legal)`; pressing a toggle redraws the keyboard,
    done sends the choice."""
    cards = exposable(legal)
    toggles = [
        keys.button(
            f"{'☑' if chosen >> i & 1 else '☐'} {card_label(card)}", Action.TOGGLE, str(chosen ^ 1 << i)
        )
        for i, card in enumerate(cards)
    ]
    picked = [card for i, card in enumerate(cards) if chosen >> i & 1]
    done = t(keys.lang, "play.expose_done") if picked else t(keys.lang, "play.expose_none")
    return InlineKeyboardMarkup([*rows(toggles, 4), [keys.button(done, Action.DONE, str(chosen))]])


def exposable(legal: Sequence[str]) -> list[str]:
    """The copies a seat may expose (the largest legal exposure), in a fixed order."""
    choices = [d.cards for d in _decisions(legal) if d.name == "expose"]
    return [c.text for c in max(choices, key=len, default=())]


def exposure_move(legal: Sequence[str], chosen: int) -> str | None:
    """The legal decision for a toggle mask: `pass` for none, else the exposure of those copies."""
    picked = sorted(card for i, card in enumerate(exposable(legal)) if chosen >> i & 1)
    if not picked:
        return "pass" if "pass" in legal else None
    exposures = (d for d in _decisions(legal) if d.name == "expose")
    return next((d.text for d in exposures if sorted(c.text for c in d.cards) == picked), None)


def _decisions(legal: Sequence[str]) -> list[Decision]:
    """The decisions among the legal moves, as the engine reads them."""
    return [move for move in map(parse_move, legal) if isinstance(move, Decision)]


def safest_first(move: str) -> tuple[int, int, int]:
    """Cards before decisions; among cards, those that score nothing first (a first-button lead
    must never give away one's own pig), then by suit and lowest rank first."""
    played = parse_move(move)
    if not isinstance(played, Play):
        return (2, 0, 0)
    card = played.cards[0]
    return (int(any(c.scoring for c in played.cards)), card.suit, card.rank)
