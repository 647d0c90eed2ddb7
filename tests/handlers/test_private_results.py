"""What each player reads in private when a match ends: won, lost (the pig, 当猪) or over, with
their place and who won in a game where everyone plays for themselves (拱猪), and what a 够级
compensation is."""

from __future__ import annotations

from engine.gongzhu.events import MatchEnded as GongzhuEnded
from engine.gouji.events import MatchEnded as GoujiEnded
from handlers.notifier import _match_result, _standing

NAMES = ["Alice", "Bob", "Carol", "Dave"]


def said(seat: int, lang: str = "en") -> str:
    over = GongzhuEnded((0, -40, -140, -310), "deals", (0,), (3,))
    return _match_result(over, seat, over.totals, None, lang) + _standing(
        over, seat, over.totals, NAMES, lang
    )


def test_the_pig_hears_it_lost_the_winner_that_it_won_and_the_rest_their_place() -> None:
    assert said(0) == "🏆 The match is over: you won, total +0. You placed 1st of 4."
    assert said(1) == "The match is over: total −40. You placed 2nd of 4. Won by Alice (+0)."
    assert said(2) == "The match is over: total −140. You placed 3rd of 4. Won by Alice (+0)."
    assert said(3) == "The match is over: you lost, total −310. You placed 4th of 4. Won by Alice (+0)."
    assert said(3, "zh") == "本局结束：你输了，总分 −310。 名次：第4名（共4人）。 胜者：Alice（+0）。"


def test_tied_winners_share_the_first_place() -> None:
    over = GongzhuEnded((0, 0, -140, -200), "deals", (0, 1), (3,))
    assert _standing(over, 1, over.totals, NAMES, "en") == " You placed 1st of 4."
    assert _standing(over, 2, over.totals, NAMES, "en") == " You placed 3rd of 4. Won by Alice, Bob (+0)."


def test_a_gouji_compensation_is_said_with_what_it_is() -> None:
    over = GoujiEnded((50, -50, 50, -50, 50, -50), "hand_limit", (40, -40, 40, -40, 40, -40), (0, 2, 4))
    line = _match_result(over, 0, over.totals, None, "en")
    assert line.startswith("🏆 The match is over: you won, total +50. Compensation included: +40 (补偿积分:")
    assert "tributes still owed" in line


def test_the_place_comes_before_the_rating_and_its_note() -> None:
    class Change:
        before, after, provisional = 1500, 1498, True

    over = GongzhuEnded((0, -40, -140, -310), "deals", (0,), (3,))
    said = _match_result(over, 2, over.totals, Change(), "en", _standing(over, 2, over.totals, NAMES, "en"))
    assert said.index("You placed 3rd of 4") < said.index("Rating 1500 → 1498?") < said.index("provisional")
