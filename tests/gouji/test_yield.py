"""docs/rules/gouji-variants.md A.10 让牌 (`yield=on`; on in the outline and 后水湾, an option of
the default):
answering a set of one's opposite while the two seats after have not passed, a player may let
them answer first; if both pass the yielder beats or passes, if either beats the yielder has
passed, and a set the yielder then plays only the yielder's opposite may answer."""

from __future__ import annotations

import pytest

from engine import IllegalMove
from engine.gouji import Rules, from_hands
from engine.options import parse_options
from tests.helpers import legal, of, play

YIELDING = Rules(yielding=True)
# Seat 0 leads a 5; seats 1 and 2 hold only 4s (passed for them), seat 3 — 0's opposite — and
# seats 4 and 5 can beat it.
HANDS = ["5 9 9", "4 4", "4 4", "7 8", "4 J", "4 Q"]


def test_a10_the_opposite_may_yield_while_the_next_two_have_not_passed() -> None:
    hand = from_hands(HANDS, leader=0, rules=YIELDING)
    play(hand, (0, "5"))
    assert hand.to_act == [3] and "yield" in legal(hand, 3)
    [yielded] = of(play(hand, (3, "让牌")), "Yielded")
    assert (yielded.seat, yielded.first) == (3, (4, 5)) and hand.to_act == [4]


def test_a10_both_pass_then_the_yielder_plays_and_only_its_opposite_may_answer() -> None:
    hand = from_hands(HANDS, leader=0, rules=YIELDING)
    play(hand, (0, "5"), (3, "yield"), (4, "pass"), (5, "pass"))
    assert hand.to_act == [3] and "yield" not in legal(hand, 3)  # once per set
    play(hand, (3, "7"))
    assert hand.to_act == [0]  # seats 4 and 5 hold J and Q, but may not answer the yielder's set
    events = play(hand, (0, "pass"))
    assert [(e.seat, e.leader) for e in of(events, "RoundWon")] == [(3, 3)]


def test_a10_if_either_beats_the_yielder_has_passed() -> None:
    hand = from_hands(HANDS, leader=0, rules=YIELDING)
    play(hand, (0, "5"), (3, "yield"), (4, "J"))
    assert hand.to_act == [5] and hand.passed[3]  # the yielder is not asked about the J
    events = play(hand, (5, "pass"))  # seat 0 cannot beat the J, nor can 4's opposite: 4 wins
    assert [e.seat for e in of(events, "RoundWon")] == [4]


@pytest.mark.parametrize(
    ("rules", "script"),
    [
        (Rules(), [(0, "5")]),  # the option is off (the default's own rule)
        (YIELDING, [(0, "5"), (3, "7"), (4, "pass"), (5, "pass"), (0, "9")]),  # 4 and 5 passed
    ],
)
def test_a10_no_yield_without_the_option_or_when_a_next_seat_has_passed(
    rules: Rules, script: list[tuple[int, str]]
) -> None:
    hand = from_hands(["5 9 9 9", "4 4", "4 4", "7 8 10", "4 J", "4 Q"], leader=0, rules=rules)
    play(hand, *script)
    seat = hand.to_act[0]
    assert "yield" not in legal(hand, seat)
    with pytest.raises(IllegalMove) as refused:
        hand.apply(seat, "yield")
    assert refused.value.key == "no_yield"


def test_a10_no_yield_on_a_set_not_played_by_the_opposite() -> None:
    hand = from_hands(["4 9", "5 5", "4 4", "7 8", "4 J", "4 Q"], leader=1, rules=YIELDING)
    play(hand, (1, "5"))  # seat 1 is seat 4's opposite, not seat 3's
    assert hand.to_act == [3] and "yield" not in legal(hand, 3)


def test_the_option_is_typed_yield() -> None:
    assert parse_options(Rules, {"yield": "on"}) == {"yielding": True}
    assert Rules.from_options({"让牌": "on"}).yielding
