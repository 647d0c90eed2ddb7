"""What the group is told of 拱猪's own events: exposures (or how many, blind), the pig's trick,
a claim, 猪羊变色's choice, all the hearts, and the deal's end with its pig. Events not here are
told by their locale line `announce.<kind>`, or not at all (an ordinary card)."""

from __future__ import annotations

from typing import Any

from engine.gongzhu import events as ev
from handlers.announce import plain
from handlers.cards import card_label
from handlers.gameui import Said, Telling
from handlers.i18n import listed, t


def _exposed(event: Any, values: dict[str, Any], told: Telling) -> str | None:
    if not values["cards"]:  # blind: only how many
        return t(told.lang, "announce.Exposed_blind", **values) if values["count"] else None
    cards = " ".join(card_label(c) for c in values["cards"])
    return t(told.lang, "announce.Exposed", seat=values["seat"], cards=cards)


def _swap_chosen(event: Any, values: dict[str, Any], told: Telling) -> str | None:
    return t(told.lang, f"announce.SwapChosen_{'swap' if values['swapped'] else 'keep'}", **values)


def _deal_ended(event: Any, values: dict[str, Any], told: Telling) -> str | None:
    if not values["pigs"]:
        return plain(event, values, told.lang)
    pigs = listed(told.lang, (told.names[s] for s in values["pigs"]))
    return t(told.lang, "announce.DealEnded_pigs", deal_no=values["deal_no"], pigs=pigs)


def _all_hearts(event: Any, values: dict[str, Any], told: Telling) -> str | None:
    return t(told.lang, "announce.AllHearts_slam" if values["grand_slam"] else "announce.AllHearts", **values)


def _trick_won(event: Any, values: dict[str, Any], told: Telling) -> str | None:
    """Only the trick that takes the pig is news."""
    return t(told.lang, "announce.TrickWon_pig", **values) if "SQ" in values["scoring"] else None


def _claim_made(event: Any, values: dict[str, Any], told: Telling) -> str | None:
    hand = " ".join(card_label(c) for c in str(values["hand"]).split())
    return t(told.lang, "announce.ClaimMade", seat=values["seat"], hand=hand)


def _claim_settled(event: Any, values: dict[str, Any], told: Telling) -> str | None:
    """Why a deal ends with cards still in hand: a claim every other player accepted, or the
    referee's own when no scoring card is left in any hand (nothing left can change a score)."""
    if values["seat"] is not None:
        return t(told.lang, "announce.ClaimSettled", seat=values["seat"])
    return t(told.lang, "announce.ClaimSettled_no_scoring")


LINES: dict[type, Said] = {
    ev.Exposed: _exposed,
    ev.SwapChosen: _swap_chosen,
    ev.DealEnded: _deal_ended,
    ev.AllHearts: _all_hearts,
    ev.TrickWon: _trick_won,
    ev.ClaimMade: _claim_made,
    ev.ClaimSettled: _claim_settled,
}
