"""§7 烧: who burns, the feasibility check, success and failure, 反烧, the obligation, priority."""

import pytest

from engine import IllegalMove
from engine.gouji import Rules, from_hands
from tests.helpers import legal, of, play

# 0 leads K K (够级). 1 cannot burn (7 8 would be left without jokers); 2 can (BJ 7 is fine).
BURN = ["K K 5", "A A 7 8", "A A BJ 7", "A A 6", "9", "9"]


def test_s7_only_feasible_burns_are_offered() -> None:
    g = from_hands(BURN, leader=0)
    play(g, (0, "K K"))
    assert g.to_act == [2]
    # A BJ would leave A 7: two sets, no joker. Only A A keeps a joker for every later set.
    assert legal(g, 2) == ["A A", "pass"]


def test_s7_an_impossible_burn_is_refused_with_a_reason() -> None:
    g = from_hands(BURN, leader=0, rules=Rules(auto_pass=False))
    play(g, (0, "K K"))
    assert g.to_act == [1]
    with pytest.raises(IllegalMove) as err:
        g.apply(1, "A A")
    assert err.value.key == "burn_infeasible"
    assert g.to_act == [1] and g.hand(1) and str(g.cards[1]) == "7 8 A A"


def test_s7_a_burn_that_wins_its_round_succeeds_and_binds_the_burner() -> None:
    g = from_hands(BURN, leader=0)
    play(g, (0, "K K"))
    events = play(g, (2, "A A"))
    assert of(events, "Played")[0].burn
    assert of(events, "BurnSucceeded")[0].burner == 2 and of(events, "BurnSucceeded")[0].burned == 0
    assert g.to_act == [2] and g.obligated[2]
    # Every set now holds a joker and leaves a hand still playable that way: BJ alone would
    # strand the 7, so the one lead is 7 BJ.
    assert legal(g, 2) == ["7 BJ"]
    with pytest.raises(IllegalMove) as err:
        g.apply(2, "7")
    assert err.value.key == "burn_obligation"


def test_s7_a_burn_beaten_by_the_burners_opposite_fails() -> None:
    hands = list(BURN)
    hands[5] = "2 2 9"  # 2's opposite
    g = from_hands(hands, leader=0)
    play(g, (0, "K K"), (2, "A A"))
    assert g.to_act == [5]
    events = play(g, (5, "2 2"))
    failed = of(events, "BurnFailed")[0]
    assert (failed.burner, failed.burned, failed.by, failed.counter) == (2, 0, 5, False)
    assert not g.obligated[2]


def test_s7_counter_burn_by_the_burned_player() -> None:
    hands = list(BURN)
    hands[0] = "K K SJ SJ BJ 5"
    g = from_hands(hands, leader=0)
    play(g, (0, "K K"), (2, "A A"))
    assert g.to_act == [0]  # 0 may burn back: BJ 5 is still playable with jokers
    events = play(g, (0, "SJ SJ"))
    failed = of(events, "BurnFailed")[0]
    assert failed.counter and failed.by == 0
    assert of(events, "Played")[0].burn


def test_s7_burners_come_before_the_opposite_even_after_it_in_play_order() -> None:
    # 4 sits after 0's opposite (3) but burns first; when 4 declines, 3 answers.
    g = from_hands(["K K 5", "6", "6", "A A 6", "A A BJ 7", "6"], leader=0)
    play(g, (0, "K K"))
    assert g.to_act == [4]
    play(g, (4, "pass"))
    assert g.to_act == [3]


@pytest.mark.parametrize(("priority", "first"), [("play_order", 1), ("outline", 2)])
def test_s7_burn_priority_option(priority: str, first: int) -> None:
    hands = ["K K 5", "A A BJ 7", "A A BJ 7", "6", "6", "6"]
    g = from_hands(hands, leader=0, rules=Rules(burn_priority=priority))
    play(g, (0, "K K"))
    assert g.to_act == [first]


def test_s7_no_burn_against_a_headless_player() -> None:
    g = from_hands(["2", "4 6", "4", "K K 5", "A A 7 8", "4"], leader=0)
    events = play(g, (0, "2"))  # nobody can beat a 2: 0 finishes and its opposite is 无头
    assert g.headless[3] and of(events, "RoundWon")[0].relay and g.to_act == [1]
    play(g, (1, "4"), (3, "5"), (4, "pass"), (1, "pass"))
    assert g.to_act == [3] and g.table is None
    play(g, (3, "K K"))
    assert g.to_act == [4]  # 4 is not the opposite and could not burn, but 3 is 无头
    events = play(g, (4, "A A"))
    assert of(events, "Played")[0].burn is False


def test_s7_the_seat_view_warns_that_every_answer_to_a_protected_gouji_set_is_a_burn() -> None:
    g = from_hands(BURN, leader=0)
    play(g, (0, "K K"))
    view = g.seat_view(2)
    assert view.warnings == {"A A": "burn"} and view.legal == ("A A", "pass")
    assert g.seat_view(1).warnings == {}  # not to act


def test_s7_the_opposite_answers_without_a_burn_warning() -> None:
    hands = list(BURN)
    hands[3] = "A A 6"  # 0's opposite answers freely
    g = from_hands(hands, leader=0, rules=Rules(auto_pass=False))
    play(g, (0, "K K"))
    while g.to_act != [3]:  # the others pass first; the opposite answers last
        play(g, (g.to_act[0], "pass"))
    assert "A A" in g.seat_view(3).legal and g.seat_view(3).warnings == {}
