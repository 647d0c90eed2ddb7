"""The 够级 keyboard's first buttons: a hurried player taps the first one, and to beat
`10 10 2` the first was `Q 2 2` while `Q Q Q` was in hand (the engine lists the sets that spend
wildcards first). Natural sets come first, then those spending a 2, then jokers."""

from __future__ import annotations

from engine.gouji import from_hands
from handlers.callbacks import Signer
from handlers.keyboards import Keys
from tests.helpers import play, private_of

SIGNER = Signer("1:t")


def first_labels(hands: list[str], lead: str, seat: int = 1) -> list[str]:
    hand = from_hands(hands, leader=0)
    play(hand, (0, lead))
    mine = private_of(hand, seat)
    markup = Keys(SIGNER, 500 + seat, "gouji", 1, 1, "en").moves(mine.legal, mine.phase)
    return [b.text for row in markup.inline_keyboard for b in row]


def test_a_natural_set_comes_before_one_that_spends_wildcards() -> None:
    labels = first_labels(["10 10 2 4", "Q Q Q 2 2 5", "4", "4", "4", "4"], "10 10 2")
    assert labels[0] == "Q Q Q" and labels.index("Q Q 2") < labels.index("Q 2 2")


def test_among_wildcards_a_2_goes_before_a_joker() -> None:
    labels = first_labels(["9 9 9 4", "10 10 2 SJ 5", "4", "4", "4", "4"], "9 9 9")
    assert labels.index("10 10 2") < labels.index("10 10 SJ")
