"""拱猪's 摊牌 was one unconfirmed tap on every turn, next to the cards. Now: offered
by button only near the deal's end, confirmed first, the others asked with what is claimed, and
a rejection announced."""

from __future__ import annotations

from engine.gongzhu import events as ev
from engine.gongzhu import from_hands
from engine.referee.views import PrivateView
from handlers.announce import lines
from handlers.callbacks import Action, Signer
from handlers.games import decision_marks, ui
from handlers.i18n import t
from handlers.keyboards import Keys
from tests.gongzhu.hands import HANDS as FULL
from tests.helpers import play, private_of

SIGNER = Signer("1:t")
LEGAL = ["C3", "C9", "claim"]


def actions(private: PrivateView) -> dict[str, Action]:
    warnings, hidden = decision_marks("gongzhu", private)
    markup = Keys(SIGNER, 501, "gongzhu", 1, 9, "zh").moves(LEGAL, "play", warnings, 0, hidden)
    return {b.text: SIGNER.load(b.callback_data, 501).action for row in markup.inline_keyboard for b in row}


def test_claim_is_not_offered_while_hands_are_long() -> None:
    deal = from_hands([" ".join(hand.split()[:9]) for hand in FULL])
    offered = actions(private_of(deal, 0))
    assert "摊牌" not in offered and "⚠️ 摊牌" not in offered
    assert offered == {"♣3": Action.MOVE, "♣9": Action.MOVE, "💡 提示": Action.HINT}  # and the hint


def test_near_the_end_claim_is_offered_and_asks_to_be_confirmed() -> None:
    deal = from_hands(["C3 C9 SK", "C4 C5 C6", "C7 C8 C10", "CJ CQ CK"])
    offered = actions(private_of(deal, 0))
    assert offered["⚠️ 摊牌"] == Action.WARNED and offered["♣3"] == Action.MOVE


def test_the_others_are_asked_with_what_is_claimed() -> None:
    deal = from_hands(["C3 C4", "C5 C6", "SQ HA", "C7 C8"], leader=2)
    play(deal, (2, "claim"))
    values = ui("gongzhu").question_values(private_of(deal, 0), ["A", "B", "Carol", "D"], "en")
    question = t("en", "play.question_claim", time="0:20", **values)
    assert question.startswith("Carol shows ♠Q ♥A and claims")


def test_a_rejected_claim_is_announced_and_an_accepted_one_is_not() -> None:
    names = ["Alice", "Bob", "Carol", "Dave"]
    assert lines([ev.ClaimAnswered(1, False)], names, str, "zh") == ["Bob 不同意摊牌，接着打。"]
    assert lines([ev.ClaimAnswered(1, True)], names, str, "zh") == []
