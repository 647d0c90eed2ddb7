"""A match's end names its winners, and in 拱猪 its pig (当猪)."""

from __future__ import annotations

from engine.gongzhu import events as gz
from engine.gouji import events as gj
from engine.league import bot_rater
from engine.referee.events import RatingsChanged
from engine.referee.ratings import Rated
from handlers.announce import lines

NAMES = ["Alice", "Bob", "Carol", "Dave", "Eve", "Finn"]


def test_gouji_names_the_winning_team_or_a_draw() -> None:
    won = gj.MatchEnded((10, -10, 5, -5, 0, 0), "hand_limit", (0,) * 6, (0, 2, 4))
    assert lines([won], NAMES, str, "zh") == [
        "本局结束，Alice、Carol、Eve 获胜！",
        "按成绩单下的按钮（或发送 /rematch）原班人马再来一局。",
    ]
    draw = gj.MatchEnded((0,) * 6, "stopped", (0,) * 6, ())
    assert lines([draw], NAMES, str, "en") == [  # stopped: no draw, and no rematch hint
        "The match was stopped before its end: nobody won, and it is not rated."
    ]


def test_gongzhu_names_the_winner_and_the_pig() -> None:
    ended = gz.MatchEnded((-1020, 300, 420, 300), "target", (2,), (0,))
    said = lines([ended], NAMES[:4], str, "en")
    assert said == [
        "The match is over: Carol won! The pig: Alice.",
        "Press the button under the score sheet (or send /rematch) to play again with the same seats.",
    ]


def test_the_rating_changes_come_after_the_result_and_before_the_rematch_hint() -> None:
    """Each rater's change in the group, players by name and bot levels by level, the
    provisional ones marked; the biggest rating first, people before bots."""
    ended = gz.MatchEnded((-100, 300, 20, 0), "target", (1,), (0,))
    changes = (
        Rated(101, (0,), 1500, 1461, True),
        Rated(102, (1,), 1610, 1634, False),
        Rated(bot_rater("strong"), (2, 3), 1700, 1703, False),
    )
    said = lines([ended, RatingsChanged(changes)], NAMES[:4], {101: "Alice", 102: "Bob"}.__getitem__, "en")
    assert said[1] == (
        "📈 Ratings: Bob +24 → 1634 · Alice −39 → 1461? · 🤖 strong bot +3 → 1703\n"
        "(? provisional: fewer than 5 rated matches yet)"  # the ? explained where it shows
    )
    settled = [Rated(102, (1,), 1610, 1634, False)]
    assert (
        "provisional"
        not in lines([RatingsChanged(tuple(settled))], NAMES[:4], {102: "Bob"}.__getitem__, "en")[0]
    )
    assert said[2].startswith("Press the button")
    zh = lines([RatingsChanged(changes[2:])], NAMES[:4], str, "zh")
    assert zh == ["📈 积分变化：🤖 强机器人 +3 → 1703"]
