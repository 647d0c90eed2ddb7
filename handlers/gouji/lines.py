"""What the group is told of 够级's own events: 够级 sets (and who may answer), burns, 让牌, finishes,
the hand's end, tributes, declarations and a 挑牌's merge. Events not here are told by their
locale line `announce.<kind>` (开点, 闷, 无头 …) or not at all (an ordinary play or pass)."""

from __future__ import annotations

from typing import Any

from engine.gouji import events as ev
from handlers.announce import when
from handlers.gameui import Said, Telling
from handlers.i18n import listed, t


def _played(event: Any, values: dict[str, Any], told: Telling) -> str | None:
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


def _yielded(event: Any, values: dict[str, Any], told: Telling) -> str | None:
    first = listed(told.lang, (told.names[s] for s in event.first))
    return t(told.lang, "announce.Yielded", seat=values["seat"], first=first)


def _finished(event: Any, values: dict[str, Any], told: Telling) -> str | None:
    place = t(told.lang, f"places.{event.place}")
    return t(told.lang, "announce.Finished", seat=values["seat"], place=place)


def _hand_ended(event: Any, values: dict[str, Any], told: Telling) -> str | None:
    lang, names = told.lang, told.names
    order = " ".join(f"{t(lang, f'places.{i + 1}')} {names[s]}" for i, s in enumerate(event.finish_order))
    line = t(lang, "announce.HandEnded", hand_no=values["hand_no"], order=order)
    if values["sweep"] is not None:
        line += " " + t(lang, "announce.sweep", team=values["sweep"] + 1)
    return line


def _tribute(event: Any, values: dict[str, Any], told: Telling) -> str | None:
    """§11a: tributes are public."""
    kind = event.kind
    values["cards"] = " ".join(values.get("cards") or ())
    values["tribute"] = t(told.lang, f"tribute.{values['tribute']}")
    key = f"announce.TributeChoice_{values['choice']}" if kind == "TributeChoice" else f"announce.{kind}"
    return t(told.lang, key, **values)


def _declared(event: Any, values: dict[str, Any], told: Telling) -> str | None:
    """预点 / 太空 / 明点, and how each ended."""
    values["declaration"] = t(told.lang, f"declaration.{values['name']}")
    outcome = "" if event.kind == "Declared" else ("_won" if values["won"] else "_lost")
    return t(told.lang, f"announce.{event.kind}{outcome}", **values)


def _merged(event: Any, values: dict[str, Any], told: Telling) -> str | None:
    values["ranks"] = listed(told.lang, values["ranks"])
    return t(told.lang, "announce.Merged", **values)


LINES: dict[type, Said] = {
    ev.Played: _played,
    ev.Yielded: _yielded,
    ev.Finished: _finished,
    ev.HandEnded: _hand_ended,
    ev.BurnFailed: when("counter", "announce.BurnFailed_counter"),
    ev.TributePaid: _tribute,
    ev.TributeChoice: _tribute,
    ev.TributeForgiven: _tribute,
    ev.Declared: _declared,
    ev.DeclarationSettled: _declared,
    ev.Merged: _merged,
}
