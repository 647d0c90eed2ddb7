"""Issue 16: a match's end names its winners, and in 拱猪 its pig (当猪)."""

from __future__ import annotations

from engine.gongzhu import events as gz
from engine.gouji import events as gj
from handlers.announce import lines

NAMES = ["Alice", "Bob", "Carol", "Dave", "Eve", "Finn"]


def test_gouji_names_the_winning_team_or_a_draw() -> None:
    won = gj.MatchEnded((10, -10, 5, -5, 0, 0), "hand_limit", (0,) * 6, (0, 2, 4))
    assert lines([won], NAMES, str, "zh") == [
        "本局结束，Alice、Carol、Eve 获胜！\n按成绩单下的按钮（或发送 /rematch）原班人马再来一局。"
    ]
    draw = gj.MatchEnded((0,) * 6, "stopped", (0,) * 6, ())
    assert lines([draw], NAMES, str, "en") == ["The match is over: a draw."]  # stopped: no rematch hint


def test_gongzhu_names_the_winner_and_the_pig() -> None:
    ended = gz.MatchEnded((-1020, 300, 420, 300), "target", (2,), (0,))
    said = lines([ended], NAMES[:4], str, "en")
    assert said == [
        "The match is over: Carol won! The pig: Alice.\n"
        "Press the button under the score sheet (or send /rematch) to play again with the same seats."
    ]
