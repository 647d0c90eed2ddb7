"""拱猪's part of its game pack for the engine (engine/pack.py): four seats, alone or as partners,
deals as rounds, the exposure window, and its bots."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.gongzhu import bot, counter, events, hints, review, search
from engine.gongzhu.deal import Deal
from engine.gongzhu.match import Match
from engine.gongzhu.moves import parse_move
from engine.gongzhu.rules import Rules
from engine.pack import Game, RoundStart, Window


def _round_started(event: Any) -> RoundStart | None:
    return RoundStart(event.deal_no, event.seed) if isinstance(event, events.DealStarted) else None


def _round_ended(event: Any) -> tuple[int, tuple[int, ...]] | None:
    return (event.deal_no, event.scores) if isinstance(event, events.DealEnded) else None


def _window(deal: Any, rules: Rules) -> Window | None:
    """§3: the exposure window is `expose_seconds`, and closing it is no fault."""
    return Window(float(rules.expose_seconds), True, deal.default_move) if deal.phase == "expose" else None


def _team(rules: Rules, seat: int) -> int | None:
    return seat % 2 if rules.partners else None  # 猪羊一家's sides change with the cards


if TYPE_CHECKING:  # mypy proves a deal offers what the referee reads (engine.views.Round)
    from engine.views import Round

    def _conforms(deal: Deal) -> Round:
        return deal


PART = Game(
    "gongzhu",
    4,
    Rules,
    Match,
    _round_started,
    _round_ended,
    _team,
    parse_move,
    {"deals": "2"},
    {"normal": bot.choose, "strong": search.choose},
    window=_window,
    seating=lambda rules: "random",  # 拱猪's seats are drawn
    searching=frozenset({"strong"}),
    reviewer=review.REVIEWER,
    explain=hints.explain,
    still_out=counter.still_out,
    one_round={"deals": "1"},
)
