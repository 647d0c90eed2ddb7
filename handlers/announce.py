"""What the group is told: the referee's decisions and the moments that matter, one line each,
in the group's language. Ordinary plays and passes are not announced (the table picture shows
them); 够级 sets, burns, 开点, 闷, finishes, 无头, 四人乱缠, tributes, timeouts and results are."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import fields
from typing import Any

from engine.events import Event
from engine.gouji import events as gouji_events
from engine.league import PROVISIONAL_BELOW, bot_level
from engine.referee.events import ReplacedByBot, WindowClosed
from handlers.cards import card_label
from handlers.i18n import has, listed, t

SEAT_FIELDS = {
    "seat",
    "burner",
    "burned",
    "by",
    "leader",
    "winner",
    "taker",
    "receiver",
    "payer",
    "buyer",
    "seller",
    "against",
}


def lines(
    events: Sequence[Event],
    names: Sequence[str],
    players: Callable[[int], str],
    lang: str,
    answerers: Sequence[str] = (),
    hints: bool = True,
) -> list[str]:
    """`names[seat]` names a seat; `players(id)` names a player (lobby events); `answerers` who
    may answer now; `hints`: what to do next (a replay tells none). Only the notice's last play
    is still open to answers: its 够级 set names them (or says nobody could answer); an earlier
    one in the same notice was already answered."""
    names = list(names)
    for event in events:  # a leaver is named, not the bot that took the seat (🤖 bot 3)
        if isinstance(event, ReplacedByBot):
            names[event.seat] = players(event.player)
    plays = [i for i, e in enumerate(events) if e.kind == "Played"]
    # seats whose decision window ran out: what the bot then chose for them is said to be the
    # bot's (issue 49: "Bob exposes ♦J" read as Bob's own choice)
    timed_out = {seat for e in events if isinstance(e, WindowClosed) for seat in e.seats}
    out = []
    for i, event in enumerate(events):
        line = _line(event, names, players, lang, answerers if plays and i == plays[-1] else None)
        if line and getattr(event, "seat", None) in timed_out:
            line += t(lang, "announce.chosen_by_timeout")
        if line:
            out.append(line)
    if hints and any(e.kind == "MatchEnded" and getattr(e, "reason", "") != "stopped" for e in events):
        out.append(t(lang, "announce.rematch_hint"))
    return out


def rating_line(changes: Sequence[Any], players: Callable[[int], str], lang: str) -> str:
    """📈 Alice +12 → 1534 · Bob −8 → 1490? (a `?`: provisional, fewer than five rated matches)."""
    told = [
        t(
            lang,
            "league.change",
            name=rater_name(change.rater, players, lang),
            delta=signed(change.after - change.before),
            rating=shown(change.after, change.provisional),
        )
        for change in sorted(changes, key=lambda c: (c.rater < 0, -c.after))
    ]
    line = t(lang, "league.changes", changes=" · ".join(told))
    return with_provisional_note(line, any(change.provisional for change in changes), lang)


def with_provisional_note(text: str, provisional: bool, lang: str) -> str:
    """A `?` explained once where one is shown (issue 50: an unexplained "?" after a rating)."""
    return f"{text}\n{t(lang, 'league.provisional_note', n=PROVISIONAL_BELOW)}" if provisional else text


def rater_name(rater: int, players: Callable[[int], str], lang: str) -> str:
    """A player's name, or a bot level's (a negative rater: engine/league.py)."""
    level = bot_level(rater)
    return players(rater) if level is None else t(lang, f"league.bot_{level}")


def shown(rating: int, provisional: bool) -> str:
    return f"{rating}?" if provisional else str(rating)


def signed(delta: int) -> str:
    return f"+{delta}" if delta >= 0 else f"−{-delta}"


def _values(event: Event, names: Sequence[str], players: Callable[[int], str]) -> dict[str, Any]:
    values: dict[str, Any] = {}
    for f in fields(event):
        value = getattr(event, f.name)
        if f.name in SEAT_FIELDS and isinstance(value, int) and 0 <= value < len(names):
            value = names[value]
        elif f.name == "player" and isinstance(value, int):
            value = players(value)
        values[f.name] = value
    return values


def _line(
    event: Event,
    names: Sequence[str],
    players: Callable[[int], str],
    lang: str,
    answerers: Sequence[str] | None,
) -> str | None:
    kind = event.kind
    values = _values(event, names, players)
    if kind == "Played":
        if values["burn"]:
            return t(lang, "announce.burn", seat=values["seat"], cards=values["cards"])
        if values["gouji"]:
            line = t(lang, "announce.gouji_set", seat=values["seat"], cards=values["cards"])
            others = [name for name in (answerers or ()) if name != values["seat"]]
            if answerers is None:
                return line
            if not others:
                return line + t(lang, "announce.gouji_unanswered")
            return line + t(lang, "announce.gouji_answerers", answerers=", ".join(others))
        return None
    if isinstance(event, gouji_events.Yielded):
        first = listed(lang, (names[s] for s in event.first))
        return t(lang, "announce.Yielded", seat=values["seat"], first=first)
    if isinstance(event, gouji_events.Finished):
        return t(lang, "announce.Finished", seat=values["seat"], place=t(lang, f"places.{event.place}"))
    if isinstance(event, gouji_events.HandEnded):
        order = " ".join(f"{t(lang, f'places.{i + 1}')} {names[s]}" for i, s in enumerate(event.finish_order))
        line = t(lang, "announce.HandEnded", hand_no=values["hand_no"], order=order)
        if values["sweep"] is not None:
            line += " " + t(lang, "announce.sweep", team=values["sweep"] + 1)
        return line
    if kind == "BurnFailed" and values["counter"]:
        return t(lang, "announce.BurnFailed_counter", **values)
    if kind == "TimedOut" and values["penalty"]:
        return t(lang, "announce.TimedOut_penalty", **values)
    if kind == "Exposed":
        if not values["cards"]:
            return t(lang, "announce.Exposed_blind", **values) if values["count"] else None
        return t(
            lang,
            "announce.Exposed",
            seat=values["seat"],
            cards=" ".join(card_label(c) for c in values["cards"]),
        )
    if kind == "MatchEnded":  # who won; in 拱猪 also who is the pig (当猪)
        line = t(lang, "announce.MatchEnded_won", winners=listed(lang, (names[s] for s in values["winners"])))
        if not values["winners"]:
            line = t(lang, "announce.MatchEnded_draw")
        losers = values.get("losers")
        line += (
            " " + t(lang, "announce.pigs", pigs=listed(lang, (names[s] for s in losers))) if losers else ""
        )
        return line  # the rematch hint comes last, after the ratings (`lines`)
    if kind in ("TributePaid", "TributeChoice", "TributeForgiven"):  # §11a: tributes are public
        values["cards"] = " ".join(values.get("cards") or ())
        values["tribute"] = t(lang, f"tribute.{values['tribute']}")
        key = f"announce.TributeChoice_{values['choice']}" if kind == "TributeChoice" else f"announce.{kind}"
        return t(lang, key, **values)
    if kind == "ClaimAnswered":  # a refusal is news: play goes on (an acceptance ends the deal)
        return None if values["accepted"] else t(lang, "announce.ClaimRejected", **values)
    if kind == "SwapChosen":
        return t(lang, f"announce.SwapChosen_{'swap' if values['swapped'] else 'keep'}", **values)
    if kind == "DealEnded" and values["pigs"]:
        pigs = listed(lang, (names[s] for s in values["pigs"]))
        return t(lang, "announce.DealEnded_pigs", deal_no=values["deal_no"], pigs=pigs)
    if kind == "AllHearts":
        return t(lang, "announce.AllHearts_slam" if values["grand_slam"] else "announce.AllHearts", **values)
    if kind == "TrickWon":
        return t(lang, "announce.TrickWon_pig", **values) if "SQ" in values["scoring"] else None
    if kind == "ClaimMade":
        hand = " ".join(card_label(c) for c in str(values["hand"]).split())
        return t(lang, "announce.ClaimMade", seat=values["seat"], hand=hand)
    if kind in ("Declared", "DeclarationSettled"):  # 预点 / 太空 / 明点, and how each ended
        values["declaration"] = t(lang, f"declaration.{values['name']}")
        outcome = "" if kind == "Declared" else ("_won" if values["won"] else "_lost")
        return t(lang, f"announce.{kind}{outcome}", **values)
    if kind == "Merged":
        values["ranks"] = listed(lang, values["ranks"])
        return t(lang, "announce.Merged", **values)
    if kind == "Undelivered":
        return t(lang, "announce.Undelivered", seats=listed(lang, (names[s] for s in values["seats"])))
    if kind == "RatingsChanged":
        return rating_line(event.changes, players, lang)  # type: ignore[attr-defined]
    if kind == "SavingAgain":
        return t(lang, "announce.SavingAgain", seconds=round(values["paused_for"]))
    if kind == "Resumed":
        return t(lang, "announce.Resumed", seconds=round(values["given_back"]))
    if has(f"announce.{kind}"):
        return t(lang, f"announce.{kind}", **values)
    return None
