"""Who won a match (the stats' wins, the group's /top): docs/rules/gouji.md §11 the team with the
higher total; docs/rules/gongzhu.md §6 the highest total (对家配合: the partners with the higher
sum); a tie: nobody."""

from __future__ import annotations

from engine import gongzhu, gouji
from engine.games import GAMES


def test_s11_gouji_the_team_with_the_higher_total_wins() -> None:
    match = gouji.new_match(1)
    match.totals = [30, -10, 20, -40, -5, 5]  # team 0: 45, team 1: −45
    assert GAMES["gouji"].winners(match) == {0, 2, 4}
    match.totals = [-30, 10, -20, 40, 5, -5]
    assert GAMES["gouji"].winners(match) == {1, 3, 5}
    match.totals = [10, 10, -10, -10, 0, 0]  # 0 against 0: a draw
    assert GAMES["gouji"].winners(match) == set()


def test_s6_gongzhu_the_highest_total_wins_and_partners_win_together() -> None:
    match = gongzhu.new_match(1)
    match.totals = [-1000, 250, 400, 100]
    assert GAMES["gongzhu"].winners(match) == {2}
    match = gongzhu.new_match(1, gongzhu.Rules(partners=True))
    match.totals = [-300, 250, 400, 100]  # seats 0+2: 100, seats 1+3: 350
    assert GAMES["gongzhu"].winners(match) == {1, 3}
