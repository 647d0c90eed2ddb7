"""够级's part of its game pack for the engine (engine/pack.py): six seats in two teams, hands
as rounds, the windows of its declarations and claims, what a profile counts, and its bots."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.gouji import bot, counter, events, hints, review, search
from engine.gouji.hand import Hand
from engine.gouji.match import Match
from engine.gouji.rules import Rules
from engine.gouji.sets import parse_move
from engine.pack import Game, RoundStart, Window


def _round_started(event: Any) -> RoundStart | None:
    return RoundStart(event.hand_no, event.seed) if isinstance(event, events.HandStarted) else None


def _round_ended(event: Any) -> tuple[int, tuple[int, ...]] | None:
    return (event.hand_no, event.scores) if isinstance(event, events.HandEnded) else None


def _window(hand: Any, rules: Rules) -> Window | None:
    """预点 / 太空 / 明点 (docs/rules/gouji-variants.md A.6, B.6) and a 挑牌's answers (A.9) are decided at
    once; not declaring (or rejecting by timeout) is no fault."""
    if hand.phase in ("blind_declare", "declare", "claim_answer"):
        return Window(0.0, True, hand.default_move)
    return None


def _tallies(event: Any) -> tuple[tuple[int, str, int], ...]:
    """烧 won, 闷 made and 开点 count for a profile; each hand's place adds to the average place."""
    if isinstance(event, events.BurnSucceeded):
        return ((event.burner, "burns", 1),)
    if isinstance(event, events.Smothered):
        return ((event.by, "smothers", 1),)
    if isinstance(event, events.PointOpened):
        return ((event.seat, "points_opened", 1),)
    if isinstance(event, events.HandEnded):
        return tuple((seat, "places", place) for place, seat in enumerate(event.finish_order, start=1))
    return ()


def _team(rules: Rules, seat: int) -> int:
    return seat % 2  # docs/rules/gouji.md §1: seats 1, 3, 5 against 2, 4, 6


if TYPE_CHECKING:  # mypy proves a hand offers what the referee reads (engine.views.Round)
    from engine.views import Round

    def _conforms(hand: Hand) -> Round:
        return hand


PART = Game(
    "gouji",
    6,
    Rules,
    Match,
    _round_started,
    _round_ended,
    _team,
    parse_move,
    {"max_hands": "2"},
    {"normal": bot.choose, "strong": search.choose},
    window=_window,
    seating=lambda rules: str(rules.teams),  # docs/rules/gouji.md §1 `teams`
    tallies=_tallies,
    searching=frozenset({"strong"}),
    reviewer=review.REVIEWER,
    explain=hints.explain,
    still_out=counter.still_out,
    one_round={"max_hands": "1"},
)
