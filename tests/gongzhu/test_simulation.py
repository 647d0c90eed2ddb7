"""Positions for a search: a copy that plays on apart from its original, and deals
rebuilt from one seat's view that hold nothing of the others' real hands."""

from __future__ import annotations

import random

import pytest

from engine import gongzhu
from engine.gongzhu import bot as heuristic
from engine.gongzhu import search as gongzhu_search
from engine.gongzhu.simulation import determinized
from tests.helpers import search_repeats, search_sees_only_the_view

# Seat 0's view: its own 13 cards. The others' hands differ between A and B only in which of
# seats 1 and 2 holds which of their cards (each keeps its count and its suits' voids).
SEAT0 = "SA SK S9 HA H7 H3 DK D9 D4 C8 C7 C5 C3"
OTHERS_A = [
    "SQ S8 S6 HK H8 H4 DA D8 D5 CA C9 C6 C2",
    "SJ S7 S5 HQ H9 H5 DQ D7 D3 CK CT C4 H2",
    "ST S4 S3 S2 HJ HT H6 DJ DT D6 D2 CQ CJ",
]
OTHERS_B = [
    "SJ S7 S5 HQ H9 H5 DQ D7 D3 CK CT C4 H2",
    "SQ S8 S6 HK H8 H4 DA D8 D5 CA C9 C6 C2",
    OTHERS_A[2],
]


def hands_of(deal: gongzhu.Deal) -> list[str]:
    return [" ".join(sorted(c.text for c in deal.hand(s))) for s in range(4)]


def test_a_clone_plays_on_without_touching_its_original() -> None:
    deal = gongzhu.from_hands([SEAT0, *OTHERS_A], leader=0)
    before = (deal.public_view(), hands_of(deal))
    copy = deal.clone()
    assert copy.public_view() == before[0] and hands_of(copy) == before[1]
    copy.apply(0, "SA")
    copy.apply(1, copy.legal_moves(1)[0])
    assert (deal.public_view(), hands_of(deal)) == before and deal.legal_moves(0)


# Seat 2 holds no club: it shows a void when clubs are led.
VOID_HANDS = [
    SEAT0,
    "SQ S8 S6 HK H8 H4 DA D8 D5 CA C9 C6 C2",
    "SJ S7 S5 HQ H9 H5 DQ D7 D3 H2 DJ DT D6",
    "ST S4 S3 S2 HJ HT H6 CK CT C4 D2 CQ CJ",
]


def after_a_club_trick() -> gongzhu.Deal:
    deal = gongzhu.from_hands(VOID_HANDS, leader=0, exposed=["DA"])
    deal.apply(0, "C3")
    for seat in (1, 2, 3):
        deal.apply(seat, deal.legal_moves(seat)[0])  # (the last is the claim)
    assert deal.voids == [0, 0, 1 << 3, 0]  # seat 2 discarded on clubs: public
    return deal


def test_a_determinized_deal_keeps_what_the_seat_knows_and_deals_the_rest_afresh() -> None:
    deal = after_a_club_trick()
    rand, seen = random.Random(3), set()
    for _ in range(30):
        world = determinized(deal, 0, rand)
        assert hands_of(world)[0] == hands_of(deal)[0]
        assert world.left == deal.left and world.public_view() == deal.public_view()
        unseen = sorted(c for s in (1, 2, 3) for c in hands_of(deal)[s].split())
        assert sorted(c for s in (1, 2, 3) for c in hands_of(world)[s].split()) == unseen
        assert "DA" in hands_of(world)[1].split()  # exposed and not played: still seat 1's
        assert not world.hands[2][3]  # seat 2 showed it has no club
        seen.add(tuple(hands_of(world)))
    assert len(seen) > 20  # the rest is dealt afresh each time


@pytest.mark.parametrize("seed", range(5))
def test_other_hands_consistent_with_the_view_change_neither_the_sample_nor_the_move(seed: int) -> None:
    """The search sees only its seat's view."""
    first = gongzhu.from_hands([SEAT0, *OTHERS_A], leader=0)
    second = gongzhu.from_hands([SEAT0, *OTHERS_B], leader=0)
    search_sees_only_the_view(first, second, seed, determinized, gongzhu_search.choose)


def test_the_search_plays_a_legal_card_and_the_same_one_again_from_the_same_stream() -> None:
    deal = gongzhu.from_hands([SEAT0, *OTHERS_A], leader=0)
    search_repeats(deal, gongzhu_search.choose)


# Seat 0 holds ♥A and ♦J to expose; where the ♠Q and ♣10 are, and who else is asked, is hidden.
EXPOSING = "SA SK S9 HA H7 H3 DK DJ D4 C8 C7 C5 C3"
EXPOSING_A = [
    "SQ S8 S6 HK H8 H4 DA D8 D5 CA C9 C6 C2",
    "SJ S7 S5 HQ H9 H5 DQ D7 D3 CK C10 C4 H2",
    "S10 S4 S3 S2 HJ H10 H6 D9 D10 D6 D2 CQ CJ",
]
# the same to seat 0, but seat 2 holds ♠Q as well as ♣10, and seat 1 neither: only seat 2 is asked
EXPOSING_B = [EXPOSING_A[0].replace("SQ", "SJ"), EXPOSING_A[1].replace("SJ", "SQ"), EXPOSING_A[2]]


def test_an_exposure_sample_asks_whoever_holds_a_scoring_card_there_and_keeps_the_two_of_clubs() -> None:
    """The searched exposure. Who else is asked is secret (it tells who holds ♠Q ♦J ♣10
    ♥A): each sample asks the seats its own deal gives one to; the ♣2's holder, whom the public view
    names as the first leader, keeps it in every sample."""
    deal = gongzhu.deal_from([EXPOSING, *EXPOSING_A])
    assert deal.phase == "expose" and 0 in deal.to_act and deal.public_view().leader == 1
    rand = random.Random(5)
    for _ in range(30):
        world = gongzhu_search.exposure_world(determinized(deal, 0, rand), 0)
        assert "C2" in hands_of(world)[1].split()
        holders = [s for s in (1, 2, 3) if {"SQ", "C10"} & set(hands_of(world)[s].split())]
        assert world.to_act == [0, *holders]
        for seat in world.to_act:
            assert all(
                c in world.hand(seat) for m in world.exposure_choices[seat] for c in getattr(m, "cards", ())
            )


@pytest.mark.parametrize("seed", range(3))
def test_the_searched_exposure_sees_only_the_view(seed: int) -> None:
    first, second = gongzhu.deal_from([EXPOSING, *EXPOSING_A]), gongzhu.deal_from([EXPOSING, *EXPOSING_B])
    assert first.to_act != second.to_act  # who else is asked differs: it must not matter
    search_sees_only_the_view(first, second, seed, determinized, gongzhu_search.choose)


def test_the_searched_exposure_is_a_legal_choice_and_repeats_from_the_same_stream() -> None:
    search_repeats(gongzhu.deal_from([EXPOSING, *EXPOSING_A]), gongzhu_search.choose)


# the run for 全红. Five cards each, all 13 hearts in play; seat 0 holds ♥A ♥K and leads.
ALL_HEARTS = ["HA HK H8 H4 H2", "H7 HJ C5 CK H6", "H9 H10 H3 H5 C4", "C2 HQ D3 D7 C8"]


def test_the_search_weighs_a_run_for_all_hearts_and_the_run_takes_them() -> None:
    deal = gongzhu.from_hands(ALL_HEARTS, leader=0)
    assert gongzhu_search.all_hearts_open(deal, 0)
    assert str(heuristic.choose(deal, 0, random.Random(0))) == "H2"  # the heuristic ducks
    move = gongzhu_search.choose(deal, 0, random.Random(0))
    assert str(move) == "HA"
    ran = deal.clone()
    ran.apply(0, move)
    assert gongzhu_search.playout(ran, random.Random(0), racing=0)[0] > 0
    assert ran.result is not None and ran.result.all_hearts == 0
    ducked = deal.clone()
    ducked.apply(0, "H2")
    gongzhu_search.playout(ducked, random.Random(0))
    assert ducked.result is not None and ducked.result.all_hearts is None


def test_a_run_for_all_hearts_leads_high_wins_what_it_can_and_keeps_its_hearts() -> None:
    deal = gongzhu.from_hands(ALL_HEARTS, leader=0)
    assert str(gongzhu_search.run_play(deal, 0)) == "HA"  # the highest card, a heart first
    deal.apply(0, "H2")
    deal.apply(1, "H7")
    deal.apply(2, "H9")
    deal.apply(3, "HQ")  # seat 3 wins a heart: the run is over for seat 0, not for seat 3
    assert not gongzhu_search.all_hearts_open(deal, 0) and gongzhu_search.all_hearts_open(deal, 3)
    deal.apply(3, "C8")
    assert str(gongzhu_search.run_play(deal, 0)) == "H4"  # no club: the lowest card (only hearts)
    deal.apply(0, "H4")
    assert str(gongzhu_search.run_play(deal, 1)) == "CK"  # it can win: the highest club
    deal.apply(1, "C5")
    assert str(gongzhu_search.run_play(deal, 2)) == "C4"  # it cannot: the lowest


def test_a_run_for_all_hearts_discards_a_card_that_is_not_a_heart() -> None:
    deal = gongzhu.from_hands(["HA HK H8 H4 CQ", *ALL_HEARTS[1:]], leader=3)
    deal.apply(3, "D3")
    assert str(gongzhu_search.run_play(deal, 0)) == "CQ"  # not ♥4, the lowest card


def test_a_seat_blocks_the_only_seat_with_hearts_by_winning_a_trick_that_carries_one() -> None:
    deal = gongzhu.from_hands(ALL_HEARTS, leader=0)
    for seat, text in enumerate(("H8", "H7", "H9", "HQ")):
        deal.apply(seat, text)  # seat 3 takes four hearts: it alone has hearts, and may run
    assert gongzhu_search.runner(deal, 0) == 3 and gongzhu_search.runner(deal, 3) is None
    deal.apply(3, "C8")
    assert gongzhu_search.block_play(deal, 0) is None  # no heart on the trick, and no club
    deal.apply(0, "H4")
    assert str(heuristic.choose(deal, 1, random.Random(0))) == "C5"  # the heuristic ducks
    assert str(gongzhu_search.block_play(deal, 1)) == "CK"  # the block takes the ♥4
    deal.apply(1, "CK")
    assert gongzhu_search.block_play(deal, 2) is None  # ♣4 cannot win over ♣K
    deal.apply(2, "C4")
    assert gongzhu_search.runner(deal, 0) is None  # two seats have hearts: nobody runs


def test_two_decks_get_fewer_samples_and_one_deck_all_of_them() -> None:
    """2 s a decision: a two-deck decision plays out twice the cards for more plays."""
    one = gongzhu.new_game(seed="samples")
    assert gongzhu_search.samples_for(one, 32, 48) == 48  # one deck's largest: an exposure, raced
    two = gongzhu.new_game(seed="samples", rules=gongzhu.Rules(decks=2))
    assert gongzhu_search.FEWEST_SAMPLES <= gongzhu_search.samples_for(two, 48, 48) < 24
    assert gongzhu_search.samples_for(two, 200, 48) == gongzhu_search.FEWEST_SAMPLES
