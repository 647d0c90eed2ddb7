"""What the group is told: the referee's decisions and the moments that matter, one line each,
in the group's language. Ordinary plays and passes are not announced (the table picture shows
them); 够级 sets, burns, 开点, 闷, finishes, 无头, 四人乱缠, tributes, timeouts and results are."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, fields
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


Said = Callable[[Event, dict[str, Any], "Telling"], str | None]


@dataclass(frozen=True, slots=True)
class Telling:
    """What a line may need besides its event: the seats' names, the players' (by id), the
    language, and who may answer the notice's last play (None for an earlier play, answered)."""

    names: Sequence[str]
    players: Callable[[int], str]
    lang: str
    answerers: Sequence[str] | None


def _line(
    event: Event,
    names: Sequence[str],
    players: Callable[[int], str],
    lang: str,
    answerers: Sequence[str] | None,
) -> str | None:
    """The event's line: its kind's own way of saying it (`LINES`), else the locale's
    `announce.<kind>` with the event's values, else nothing (an ordinary play or pass)."""
    values = _values(event, names, players)
    said = LINES.get(event.kind)
    if said is not None:
        return said(event, values, Telling(names, players, lang, answerers))
    return _plain(event, values, lang)


def _plain(event: Event, values: dict[str, Any], lang: str) -> str | None:
    return t(lang, f"announce.{event.kind}", **values) if has(f"announce.{event.kind}") else None


def _played(event: Event, values: dict[str, Any], told: Telling) -> str | None:
    """A burn or a 够级 set (with who may answer it now); an ordinary play is not announced."""
    lang = told.lang
    if values["burn"]:
        return t(lang, "announce.burn", seat=values["seat"], cards=values["cards"])
    if not values["gouji"]:
        return None
    line = t(lang, "announce.gouji_set", seat=values["seat"], cards=values["cards"])
    if told.answerers is None:
        return line
    others = [name for name in told.answerers if name != values["seat"]]
    if not others:
        return line + t(lang, "announce.gouji_unanswered")
    return line + t(lang, "announce.gouji_answerers", answerers=", ".join(others))


def _yielded(event: Event, values: dict[str, Any], told: Telling) -> str | None:
    if not isinstance(event, gouji_events.Yielded):
        return _plain(event, values, told.lang)
    first = listed(told.lang, (told.names[s] for s in event.first))
    return t(told.lang, "announce.Yielded", seat=values["seat"], first=first)


def _finished(event: Event, values: dict[str, Any], told: Telling) -> str | None:
    if not isinstance(event, gouji_events.Finished):
        return _plain(event, values, told.lang)
    place = t(told.lang, f"places.{event.place}")
    return t(told.lang, "announce.Finished", seat=values["seat"], place=place)


def _hand_ended(event: Event, values: dict[str, Any], told: Telling) -> str | None:
    if not isinstance(event, gouji_events.HandEnded):
        return _plain(event, values, told.lang)
    lang, names = told.lang, told.names
    order = " ".join(f"{t(lang, f'places.{i + 1}')} {names[s]}" for i, s in enumerate(event.finish_order))
    line = t(lang, "announce.HandEnded", hand_no=values["hand_no"], order=order)
    if values["sweep"] is not None:
        line += " " + t(lang, "announce.sweep", team=values["sweep"] + 1)
    return line


def _when(flag: str, key: str) -> Said:
    """The kind's `key` line when the event's `flag` is set, else its plain line."""

    def said(event: Event, values: dict[str, Any], told: Telling) -> str | None:
        return t(told.lang, key, **values) if values[flag] else _plain(event, values, told.lang)

    return said


def _exposed(event: Event, values: dict[str, Any], told: Telling) -> str | None:
    if not values["cards"]:  # blind: only how many
        return t(told.lang, "announce.Exposed_blind", **values) if values["count"] else None
    cards = " ".join(card_label(c) for c in values["cards"])
    return t(told.lang, "announce.Exposed", seat=values["seat"], cards=cards)


def _match_ended(event: Event, values: dict[str, Any], told: Telling) -> str | None:
    """Who won; in 拱猪 also who is the pig (当猪). The rematch hint comes last (`lines`)."""
    lang, names = told.lang, told.names
    line = t(lang, "announce.MatchEnded_won", winners=listed(lang, (names[s] for s in values["winners"])))
    if not values["winners"]:
        line = t(lang, "announce.MatchEnded_draw")
    losers = values.get("losers")
    return line + (
        " " + t(lang, "announce.pigs", pigs=listed(lang, (names[s] for s in losers))) if losers else ""
    )


def _tribute(event: Event, values: dict[str, Any], told: Telling) -> str | None:
    """§11a: tributes are public."""
    kind = event.kind
    values["cards"] = " ".join(values.get("cards") or ())
    values["tribute"] = t(told.lang, f"tribute.{values['tribute']}")
    key = f"announce.TributeChoice_{values['choice']}" if kind == "TributeChoice" else f"announce.{kind}"
    return t(told.lang, key, **values)


def _claim_answered(event: Event, values: dict[str, Any], told: Telling) -> str | None:
    """A refusal is news: play goes on (an acceptance ends the deal, which says so)."""
    return None if values["accepted"] else t(told.lang, "announce.ClaimRejected", **values)


def _swap_chosen(event: Event, values: dict[str, Any], told: Telling) -> str | None:
    return t(told.lang, f"announce.SwapChosen_{'swap' if values['swapped'] else 'keep'}", **values)


def _deal_ended(event: Event, values: dict[str, Any], told: Telling) -> str | None:
    if not values["pigs"]:
        return _plain(event, values, told.lang)
    pigs = listed(told.lang, (told.names[s] for s in values["pigs"]))
    return t(told.lang, "announce.DealEnded_pigs", deal_no=values["deal_no"], pigs=pigs)


def _all_hearts(event: Event, values: dict[str, Any], told: Telling) -> str | None:
    return t(told.lang, "announce.AllHearts_slam" if values["grand_slam"] else "announce.AllHearts", **values)


def _trick_won(event: Event, values: dict[str, Any], told: Telling) -> str | None:
    """Only the trick that takes the pig is news."""
    return t(told.lang, "announce.TrickWon_pig", **values) if "SQ" in values["scoring"] else None


def _claim_made(event: Event, values: dict[str, Any], told: Telling) -> str | None:
    hand = " ".join(card_label(c) for c in str(values["hand"]).split())
    return t(told.lang, "announce.ClaimMade", seat=values["seat"], hand=hand)


def _declared(event: Event, values: dict[str, Any], told: Telling) -> str | None:
    """预点 / 太空 / 明点, and how each ended."""
    values["declaration"] = t(told.lang, f"declaration.{values['name']}")
    outcome = "" if event.kind == "Declared" else ("_won" if values["won"] else "_lost")
    return t(told.lang, f"announce.{event.kind}{outcome}", **values)


def _merged(event: Event, values: dict[str, Any], told: Telling) -> str | None:
    values["ranks"] = listed(told.lang, values["ranks"])
    return t(told.lang, "announce.Merged", **values)


def _undelivered(event: Event, values: dict[str, Any], told: Telling) -> str | None:
    seats = listed(told.lang, (told.names[s] for s in values["seats"]))
    return t(told.lang, "announce.Undelivered", seats=seats)


def _seconds(key: str, field: str) -> Said:
    """A line about a pause: its seconds, rounded."""
    return lambda event, values, told: t(told.lang, key, seconds=round(values[field]))


# Each kind that is not said by its plain `announce.<kind>` line, and how it is said
LINES: dict[str, Said] = {
    "Played": _played,
    "Yielded": _yielded,
    "Finished": _finished,
    "HandEnded": _hand_ended,
    "BurnFailed": _when("counter", "announce.BurnFailed_counter"),
    "TimedOut": _when("penalty", "announce.TimedOut_penalty"),
    "Exposed": _exposed,
    "MatchEnded": _match_ended,
    "TributePaid": _tribute,
    "TributeChoice": _tribute,
    "TributeForgiven": _tribute,
    "ClaimAnswered": _claim_answered,
    "SwapChosen": _swap_chosen,
    "DealEnded": _deal_ended,
    "AllHearts": _all_hearts,
    "TrickWon": _trick_won,
    "ClaimMade": _claim_made,
    "Declared": _declared,
    "DeclarationSettled": _declared,
    "Merged": _merged,
    "Undelivered": _undelivered,
    "RatingsChanged": lambda event, values, told: rating_line(values["changes"], told.players, told.lang),
    "SavingAgain": _seconds("announce.SavingAgain", "paused_for"),
    "Resumed": _seconds("announce.Resumed", "given_back"),
}
