"""What the referee needs to know of each game, in one place: seats, rules, matches, teams, how a
round starts and ends in events, the seat's private view, and who won a match."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine import gongzhu, gouji
from engine.matchplay import MatchPlay
from engine.move import Move
from engine.options import TableOptions
from engine.views import Round


@dataclass(frozen=True, slots=True)
class RoundStart:
    number: int
    seed: str


@dataclass(frozen=True, slots=True)
class Window:
    """A decision every asked seat makes at once within a window of its own (the 拱猪 exposure):
    its length, and whether letting it close is no fault (no strike, no penalty)."""

    seconds: float
    faultless: bool


@dataclass(frozen=True, slots=True)
class Game:
    name: str
    seats: int
    rules_type: type[TableOptions]
    match_type: type[MatchPlay]
    round_started: Callable[[Any], RoundStart | None]  # the event that starts a round, read
    round_ended: Callable[[Any], tuple[int, tuple[int, ...]] | None]  # (number, scores)
    team_of: Callable[[Any, int], int | None]  # (rules, seat) → team, None when every seat plays alone
    parse_move: Callable[[str], Move]
    short_match: dict[str, str]  # the options of a short match, for tests and benchmarks
    window: Callable[[Any, Any], Window | None]  # (round, rules) → the decision window now, if any
    seating: Callable[[Any], str]  # rules → how the lobby is seated: random, join_order or chosen
    # an event → (seat, statistic, amount) for a profile's counts (stats columns: places, burns …)
    tallies: Callable[[Any], tuple[tuple[int, str, int], ...]] = lambda event: ()

    def rules(self, options: dict[str, object]) -> Any:
        return self.rules_type(**options)

    def new_match(self, seed: str, rules: Any) -> MatchPlay:
        return self.match_type(seed, rules)

    def winners(self, match: MatchPlay) -> set[int]:
        """Seats that won the match, as the game's own match says (§11 teams; 拱猪 §6, 双猪 §7)."""
        return set(match.winners())


def _gouji_round(event: Any) -> RoundStart | None:
    return RoundStart(event.hand_no, event.seed) if isinstance(event, gouji.events.HandStarted) else None


def _gouji_end(event: Any) -> tuple[int, tuple[int, ...]] | None:
    return (event.hand_no, event.scores) if isinstance(event, gouji.events.HandEnded) else None


def _gongzhu_round(event: Any) -> RoundStart | None:
    return RoundStart(event.deal_no, event.seed) if isinstance(event, gongzhu.events.DealStarted) else None


def _gongzhu_end(event: Any) -> tuple[int, tuple[int, ...]] | None:
    return (event.deal_no, event.scores) if isinstance(event, gongzhu.events.DealEnded) else None


def _gongzhu_window(deal: Any, rules: gongzhu.Rules) -> Window | None:
    """§3: the exposure window is `expose_seconds`, and closing it is no fault."""
    return Window(float(rules.expose_seconds), True) if deal.phase == "expose" else None


def _gouji_window(hand: Any, rules: gouji.Rules) -> Window | None:
    """预点 / 太空 / 明点 (docs/rules/gouji-variants.md A.6, B.6) and a 挑牌's answers (A.9) are decided at
    once; not declaring (or rejecting by timeout) is no fault."""
    return Window(0.0, True) if hand.phase in ("blind_declare", "declare", "claim_answer") else None


def _gouji_tallies(event: Any) -> tuple[tuple[int, str, int], ...]:
    """烧 won, 闷 made and 开点 count for a profile; each hand's place adds to the average place."""
    if isinstance(event, gouji.events.BurnSucceeded):
        return ((event.burner, "burns", 1),)
    if isinstance(event, gouji.events.Smothered):
        return ((event.by, "smothers", 1),)
    if isinstance(event, gouji.events.PointOpened):
        return ((event.seat, "points_opened", 1),)
    if isinstance(event, gouji.events.HandEnded):
        return tuple((seat, "places", place) for place, seat in enumerate(event.finish_order, start=1))
    return ()


def _gouji_team(rules: gouji.Rules, seat: int) -> int:
    return seat % 2


def _gongzhu_team(rules: gongzhu.Rules, seat: int) -> int | None:
    return seat % 2 if rules.partners else None  # 猪羊一家's sides change with the cards


if TYPE_CHECKING:  # mypy proves each game's round offers what the referee reads (engine.views)

    def _rounds_conform(hand: gouji.Hand, deal: gongzhu.Deal) -> tuple[Round, Round]:
        return hand, deal


GAMES: dict[str, Game] = {
    "gouji": Game(
        "gouji",
        6,
        gouji.Rules,
        gouji.Match,
        _gouji_round,
        _gouji_end,
        _gouji_team,
        gouji.parse_move,
        {"max_hands": "2"},
        _gouji_window,
        lambda rules: str(rules.teams),  # docs/rules/gouji.md §1 `teams`
        _gouji_tallies,
    ),
    "gongzhu": Game(
        "gongzhu",
        4,
        gongzhu.Rules,
        gongzhu.Match,
        _gongzhu_round,
        _gongzhu_end,
        _gongzhu_team,
        gongzhu.parse_move,
        {"deals": "2"},
        _gongzhu_window,
        lambda rules: "random",  # 拱猪's seats are drawn
    ),
}
