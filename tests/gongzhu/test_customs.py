"""The seed's 拱猪 customs: 猪羊变色 chosen by the 全红 taker (§5), the sides of 猪羊一家
are the seats dealt the pig and the sheep (§7), and 双猪 makes the highest total 当猪 too (§7)."""

from __future__ import annotations

import pytest

from engine import IllegalMove
from engine.gongzhu import Rules, from_hands, new_game, new_match
from engine.gongzhu.cards import PIG, SHEEP
from tests.helpers import finish_with_defaults, legal, of, said

# Seat 0 leads its twelve hearts and takes ♥2 with the first, then the sheep seat 1 discards
# before its pig; ♣10 stays seat 3's last card and wins the last trick (♣3 led) with the pig:
# 全红 and the sheep for seat 0, the pig for seat 3, no 满贯.
ALL_HEARTS_DEAL = [
    "HA HK HQ HJ H10 H9 H8 H7 H6 H5 H4 H3 C3",
    "H2 SQ DJ D2 D3 D4 D5 D6 D7 D8 D9 D10 DQ",
    "DK DA S3 S4 S5 S6 S7 S8 S9 S10 SJ SK SA",
    "CA C2 C4 C5 C6 C7 C8 C9 C10 CJ CQ CK S2",
]
LEADS = ["HA", "HK", "HQ", "HJ", "H10", "H9", "H8", "H7", "H6", "H5", "H4", "H3", "C3"]


def play_all_hearts(swap: str):
    deal = from_hands(ALL_HEARTS_DEAL, leader=0, rules=Rules(pig_sheep_swap=swap))
    events, leads = [], iter(LEADS)
    while deal.phase == "play":
        seat = deal.to_act[0]
        events += deal.apply(seat, next(leads) if seat == 0 else deal.default_move(seat))
    return deal, events


def test_section5_chosen_the_all_hearts_taker_decides_swap_or_keep() -> None:
    deal, events = play_all_hearts("chosen")
    assert deal.phase == "swap" and deal.to_act == [0] and not deal.is_over
    assert [(e.kind, e.seat) for e in of(events, "SwapAsked")] == [("SwapAsked", 0)]
    assert not of(events, "DealEnded")  # the scores wait for the choice
    assert legal(deal, 0) == ["keep", "swap"] and legal(deal, 3) == []
    with pytest.raises(IllegalMove):
        deal.apply(3, "swap")  # not the taker's to decide
    kept, swapped = deal.scores_if_swapped(False), deal.scores_if_swapped(True)
    assert deal.public_view().taken[0].count("DJ") == 1 and "SQ" in deal.public_view().taken[3]
    assert swapped[0] < kept[0] and swapped[3] > kept[3]  # the sheep turns −, the pig +
    events = deal.apply(0, "变色")  # the Chinese word is the same move
    assert deal.is_over and of(events, "SwapChosen")[0].swapped
    assert of(events, "AllHearts")[0].swapped and of(events, "DealEnded")[0].scores == swapped
    assert deal.scores == swapped != kept


def test_section5_auto_swaps_without_asking_and_off_never_swaps() -> None:
    deal, events = play_all_hearts("auto")
    assert deal.is_over and of(events, "AllHearts")[0].swapped and not of(events, "SwapAsked")
    deal, events = play_all_hearts("off")
    assert deal.is_over and not of(events, "AllHearts")[0].swapped and not of(events, "SwapAsked")


def test_section5_the_timeout_answer_is_the_choice_that_scores_better_for_the_taker() -> None:
    deal, _ = play_all_hearts("chosen")
    assert str(deal.default_move(0)) == "keep"  # a swap would turn seat 0's sheep negative


def test_section5_a_chosen_swap_is_a_decision_of_the_match_and_replays() -> None:
    """Random matches under `chosen` pass through the decision and replay move for move."""
    rules = Rules(pig_sheep_swap="chosen", deals=6)
    for seed in range(40):
        match = new_match(seed, rules)
        while not match.is_over:
            seat = match.to_act[0]
            match.apply(seat, match.rounds[-1].default_move(seat))
        again = type(match).replay(seed, rules, match.log)
        assert again.totals == match.totals and again.log == match.log


def test_section7_pig_sheep_team_sides_are_dealt_not_taken() -> None:
    rules = Rules(pig_sheep_team=True)
    for seed in range(10):
        deal = new_game(seed, rules)
        dealt = sorted({s for s in range(4) for c in deal.hand(s) if c is PIG or c is SHEEP})
        events = finish_with_defaults(deal)
        ended = of(events, "DealEnded")[0]
        assert ended.sides[0] == tuple(dealt)
        side_total = sum(ended.card_points[s] for s in dealt)
        assert all(ended.scores[s] == side_total for s in dealt)


def test_section7_double_pig_the_highest_and_lowest_are_both_pigs() -> None:
    rules = Rules(decks=2, double_pig=True, deals=2)
    match = new_match(3, rules)
    events = []
    while not match.is_over:
        seat = match.to_act[0]
        events += match.apply(seat, match.rounds[-1].default_move(seat))
    totals = match.totals
    ended = of(events, "MatchEnded")[0]
    assert set(ended.losers) == {s for s in range(4) if totals[s] in (min(totals), max(totals))}
    assert set(ended.winners) == set(range(4)) - set(ended.losers)
    for deal_end in of(events, "DealEnded"):
        scores = deal_end.scores
        assert set(deal_end.pigs) == {s for s in range(4) if scores[s] in (min(scores), max(scores))}
    single = new_match(3, Rules(decks=2, deals=1))
    while not single.is_over:
        seat = single.to_act[0]
        single.apply(seat, single.rounds[-1].default_move(seat))
    assert set(single.losers()) == {s for s in range(4) if single.totals[s] == min(single.totals)}


def test_section7_double_pig_needs_two_decks() -> None:
    with pytest.raises(ValueError) as error:
        Rules(double_pig=True)
    assert said(error.value) == "double_pig needs decks=2."
