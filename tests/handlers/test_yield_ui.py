"""让牌 (`yield=on`) as players meet it: a button beside pass, a word in the lobby's settings,
and an announcement naming who answers first."""

from __future__ import annotations

from engine.gouji import Rules, from_hands
from engine.gouji import events as ev
from handlers.announce import lines
from handlers.callbacks import Action, Signer
from handlers.keyboards import Keys
from handlers.settings import options_text
from tests.helpers import play, private_of

SIGNER = Signer("1:t")
NAMES = ["Alice", "Bob", "Carol", "Dave", "Eve", "Frank"]


def test_the_keyboard_offers_yield_beside_pass() -> None:
    hand = from_hands(["5 9 9", "4 4", "4 4", "7 8", "4 J", "4 Q"], leader=0, rules=Rules(yielding=True))
    play(hand, (0, "5"))
    mine = private_of(hand, 3)
    markup = Keys(SIGNER, 503, "gouji", 1, 1, "zh").moves(mine.legal, mine.phase)
    buttons = {b.text: SIGNER.load(b.callback_data, 503) for row in markup.inline_keyboard for b in row}
    assert buttons["让牌"].action == Action.MOVE and mine.legal[int(buttons["让牌"].arg)] == "yield"
    assert buttons["过"].action == Action.MOVE


def test_the_table_is_told_who_answers_first_and_the_lobby_names_the_option() -> None:
    assert lines([ev.Yielded(3, (4, 5))], NAMES, str, "zh") == ["Dave 让牌：Eve、Frank 先出。"]
    assert lines([ev.Yielded(3, (4, 5))], NAMES, str, "en") == ["Dave yields: Eve, Frank answer first."]
    assert options_text("zh", "gouji", {"yielding": True}) == "设置：让牌: ✓"
