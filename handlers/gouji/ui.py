"""How 够级 reads in a player's chat: the caption's table line, who sits with and against them,
a declaration's or a 挑牌's question, the places on the sheet, their result after each hand, and
the set a replay shows where it was played."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from engine.events import Event
from engine.gouji.cards import SEATS
from engine.gouji.events import HandEnded, Played
from engine.gouji.views import HandView
from engine.matchplay import MatchPlay
from handlers.announce import signed
from handlers.gameui import Places, Private
from handlers.i18n import listed, t


def table_info(private: Private, names: Sequence[str], turn: str, lang: str) -> str:
    """The hand, the set to beat and who played it, whose turn it is."""
    public = private.public
    assert isinstance(public, HandView)
    table = public.table
    if table and public.table_owner is not None:
        table = t(lang, "play.table_by", table=table, name=names[public.table_owner])
    return t(lang, "play.table_info", round=public.number, table=table or t(lang, "play.empty"), turn=turn)


def _last_scored(match: MatchPlay) -> Any:
    """The last hand played out (the score sheet's last row), None before any."""
    return next((r for r in reversed(match.rounds) if r.is_over), None)


def sheet_places(match: MatchPlay) -> Places:
    order = list(_last_scored(match).finish_order)
    return tuple(order.index(s) + 1 if s in order else None for s in range(SEATS))


def seat_intro(view: Any, seat: int, names: Sequence[str], lang: str) -> str:
    """docs/rules/gouji.md §1: teams {0,2,4} and {1,3,5}; the opposite (对头) sits three seats on."""
    mates = [names[s] for s in range(len(names)) if s % 2 == seat % 2 and s != seat]
    opposite = names[(seat + 3) % 6]
    return t(
        lang,
        "play.intro_gouji",
        seat=seat + 1,
        team=seat % 2 + 1,
        mates=listed(lang, mates),
        opposite=opposite,
    )


def question_values(private: Private, names: Sequence[str], lang: str) -> dict[str, str]:
    """预点 / 太空 / 明点: which declaration, against whom, for how much; 挑牌: who shows what."""
    public = private.round.public
    if not isinstance(public, HandView):
        return {}
    if public.claim is not None:
        return {"name": names[public.claim.seat], "hand": public.claim.hand}
    if public.asked_declaration is None:
        return {}
    name, stake = public.asked_declaration
    opposite = names[(private.seat + 3) % 6]
    return {"declaration": t(lang, f"declaration.{name}"), "opposite": opposite, "stake": str(stake)}


def set_shown(public: Any, events: Sequence[Event]) -> Any:
    """A set nobody could answer clears the table at once: a replay shows it where it was played."""
    played = [e for e in events if isinstance(e, Played)]
    if isinstance(public, HandView) and public.table is None and played:
        return replace(public, table=played[-1].cards, table_owner=played[-1].seat)
    return public


def round_result(event: Event, seat: int, teams: Sequence[int | None], lang: str) -> str | None:
    """第1手结束：你是二科，本手 +1（你们联邦 +2）."""
    if not isinstance(event, HandEnded):
        return None
    team = teams[seat]
    together = sum(points for s, points in enumerate(event.scores) if teams[s] == team and team is not None)
    place = event.finish_order.index(seat) + 1 if seat in event.finish_order else len(event.scores)
    return t(
        lang, "play.result_hand", hand_no=event.hand_no, place=t(lang, f"places.{place}"),
        points=signed(event.scores[seat]), team=signed(together),
    )  # fmt: skip
