"""Score sheets from a table's match: per finished round, per seat, with the match totals."""

from __future__ import annotations

from typing import Any

from engine.games import GAMES
from engine.referee import TableView
from handlers.games import ui
from render import ScoreSheet


async def score_sheet_of(
    referee: Any, view: TableView, names: list[str], final: bool = False
) -> ScoreSheet | None:
    """The sheet of the match the view shows (the table may have started its next one since)."""
    match = await referee.match_numbered(view.id, view.match_no)
    if match is None:
        return None
    game = GAMES[view.game]
    rounds = tuple(tuple(r.scores) for r in match.rounds if r.is_over and r.scores is not None)
    if not rounds:
        return None
    look = ui(view.game)
    teams = tuple(game.team_of(match.rules, s) for s in range(game.seats)) if look.sheet_teams else None
    places = look.sheet_places(match)
    winners = frozenset(game.winners(match)) if final else frozenset()
    adjustments = _adjustments(rounds, match)
    return ScoreSheet(
        view.game,
        tuple(names),
        rounds,
        tuple(match.totals),
        teams,
        places,
        final,
        winners,
        adjustments,
        look.sheet_taken(match),
    )


def _adjustments(rounds: tuple[tuple[int, ...], ...], match: Any) -> tuple[tuple[str, tuple[int, ...]], ...]:
    """The rows that make each column add up: penalties (罚分), then whatever else the match
    added to its totals (补偿积分 at an early end)."""
    seats = len(match.totals)
    penalty = tuple(-p for p in match.penalties)
    rest = tuple(match.totals[s] - sum(r[s] for r in rounds) - penalty[s] for s in range(seats))
    rows = (("penalty", penalty), ("compensation", rest))
    return tuple((key, scores) for key, scores in rows if any(scores))
