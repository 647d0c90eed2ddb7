"""What the group is told: the referee's decisions and the moments that matter, one line each,
in the group's language. Ordinary plays and passes are not announced (the table picture shows
them); what each game finds worth telling is said by its pack's lines (`GameUI.lines`), or by the
locale's `announce.<kind>`; timeouts, results and the league's changes are said here."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import fields
from typing import Any

from engine.events import CardsPlayed, ClaimAnswered, Event, MatchOver, TimedOut
from engine.league import PROVISIONAL_BELOW, bot_level
from engine.referee import (
    RatingsChanged,
    ReplacedByBot,
    Resumed,
    SavingAgain,
    Undelivered,
    WindowClosed,
)
from handlers.games import UI
from handlers.gameui import Said, Telling
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
    is still open to answers: its line may name them (or says nobody could answer); an earlier
    one in the same notice was already answered."""
    names = list(names)
    for event in events:  # a leaver is named, not the bot that took the seat (🤖 bot 3)
        if isinstance(event, ReplacedByBot):
            names[event.seat] = players(event.player)
    plays = [i for i, e in enumerate(events) if isinstance(e, CardsPlayed)]
    # seats whose decision window ran out: what the rules then chose for them is said to be no
    # choice of theirs ("Bob rejects the claim" would read as Bob's own answer)
    timed_out = {seat for e in events if isinstance(e, WindowClosed) for seat in e.seats}
    out = []
    for i, event in enumerate(events):
        line = _line(event, names, players, lang, answerers if plays and i == plays[-1] else None)
        if line and getattr(event, "seat", None) in timed_out:
            line += t(lang, "announce.chosen_by_timeout")
        if line:
            out.append(line)
    if hints and any(isinstance(e, MatchOver) and e.reason != "stopped" for e in events):
        out.append(t(lang, "announce.rematch_hint"))
    return out


def named_players(events: Sequence[Event]) -> set[int]:
    """Every player an event names: its `player`, and the people whose ratings changed."""
    named = {player for e in events if isinstance(player := getattr(e, "player", None), int)}
    rated = (c.rater for e in events if isinstance(e, RatingsChanged) for c in e.changes)
    return named | {rater for rater in rated if rater > 0}


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
    """A `?` explained once where one is shown (an unexplained "?" after a rating)."""
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
    """The event's line: its kind's own way of saying it (`LINES`), else the locale's
    `announce.<kind>` with the event's values, else nothing (an ordinary play or pass)."""
    values = _values(event, names, players)
    shared = next((LINES[kind] for kind in type(event).__mro__ if kind in LINES), None)
    said = _game_line(type(event)) or shared
    if said is not None:
        return said(event, values, Telling(names, players, lang, answerers))
    return plain(event, values, lang)


def _game_line(kind: type) -> Said | None:
    """The line a game pack says its own event with, if any."""
    return next((ui.lines[kind] for ui in UI.values() if kind in ui.lines), None)


def plain(event: Event, values: dict[str, Any], lang: str) -> str | None:
    return t(lang, f"announce.{event.kind}", **values) if has(f"announce.{event.kind}") else None


def when(flag: str, key: str) -> Said:
    """The kind's `key` line when the event's `flag` is set, else its plain line."""

    def said(event: Event, values: dict[str, Any], told: Telling) -> str | None:
        return t(told.lang, key, **values) if values[flag] else plain(event, values, told.lang)

    return said


def _match_ended(event: Event, values: dict[str, Any], told: Telling) -> str | None:
    """Who won; where a game names losers too (the pig, 当猪), who lost. The rematch hint comes
    last (`lines`)."""
    lang, names = told.lang, told.names
    if values["reason"] == "stopped":  # no draw: nobody played it to its end
        return t(lang, "announce.MatchEnded_stopped")
    line = t(lang, "announce.MatchEnded_won", winners=listed(lang, (names[s] for s in values["winners"])))
    if not values["winners"]:
        line = t(lang, "announce.MatchEnded_draw")
    losers = values.get("losers")
    return line + (
        " " + t(lang, "announce.pigs", pigs=listed(lang, (names[s] for s in losers))) if losers else ""
    )


def _claim_answered(event: Event, values: dict[str, Any], told: Telling) -> str | None:
    """A refusal is news: play goes on (an acceptance ends the deal, which says so)."""
    return None if values["accepted"] else t(told.lang, "announce.ClaimRejected", **values)


def _seats_line(key: str) -> Said:
    """A line naming the event's seats, listed."""
    return lambda event, values, told: t(
        told.lang, key, seats=listed(told.lang, (told.names[s] for s in values["seats"]))
    )


def _seconds(key: str, field: str, told_from: int = 0) -> Said:
    """A line about a pause: its seconds, rounded; none for a pause under `told_from` seconds."""

    def said(event: Event, values: dict[str, Any], told: Telling) -> str | None:
        seconds = round(values[field])
        return t(told.lang, key, seconds=seconds) if seconds >= told_from else None

    return said


RESUMED_TOLD = 3  # seconds given back from which a restart is told: a standby taking over within
# a second or two stopped nobody's play, and would cost every playing group a message


# How the group is told of the events every game shares and the referee's, by event class (a
# subclass is told as its base); each game's own events are told by its pack's `GameUI.lines`,
# else by their locale line `announce.<kind>`
LINES: dict[type, Said] = {
    TimedOut: when("penalty", "announce.TimedOut_penalty"),
    MatchOver: _match_ended,
    ClaimAnswered: _claim_answered,
    Undelivered: _seats_line("announce.Undelivered"),
    WindowClosed: _seats_line("announce.WindowClosed"),
    RatingsChanged: lambda event, values, told: rating_line(values["changes"], told.players, told.lang),
    SavingAgain: _seconds("announce.SavingAgain", "paused_for"),
    Resumed: _seconds("announce.Resumed", "given_back", told_from=RESUMED_TOLD),
}
