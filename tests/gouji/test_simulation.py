"""Positions for the 够级 search: hands rebuilt from one seat's view that hold nothing
of the others' real cards, and a search that sees only that view."""

from __future__ import annotations

import random

import pytest

from engine import gouji
from engine.gouji import search as gouji_search
from engine.gouji.sets import PASS, CardSet, parse_move
from engine.gouji.simulation import determinized, hidden_counts
from tests.helpers import search_repeats, search_sees_only_the_view

SEAT0 = "3 3 5 5 6 9 9 K K A 2 SJ"
# The other seats' cards differ between A and B only in who holds which (each keeps its count).
OTHERS_A = ["4 4 7 7 8", "10 10 J Q", "6 6 6 8 8", "Q Q K 2", "A A BJ 9 9"]
OTHERS_B = ["4 4 7 7 9", "10 10 J Q", "6 6 6 8 8", "Q Q K 2", "A A BJ 9 8"]


def hands_of(hand: gouji.Hand) -> list[str]:
    return [str(cards) for cards in hand.cards]


def test_a_determinized_hand_keeps_what_the_seat_knows_and_deals_the_rest_afresh() -> None:
    hand = gouji.from_hands([SEAT0, *OTHERS_A], leader=0)
    hand.apply(0, "6")
    rand, seen = random.Random(3), set()
    for _ in range(30):
        world = determinized(hand, 0, rand)
        assert hands_of(world)[0] == hands_of(hand)[0]
        assert world.left == hand.left and world.public_view() == hand.public_view()
        assert [len(c) for c in world.cards] == [len(c) for c in hand.cards]
        assert hidden_counts(world, 0) == hidden_counts(hand, 0)  # the same cards, elsewhere
        seen.add(tuple(hands_of(world)))
    assert len(seen) > 20


def test_a9_a_shown_hand_stays_where_it_is() -> None:
    """挑牌 (A.9): the claimant's hand is shown to everyone while the others answer."""
    rules = gouji.Rules(bie3=False)
    hand = gouji.from_hands([SEAT0, *OTHERS_A], leader=1, rules=rules)
    hand.apply(1, "claim")
    for _ in range(10):
        assert hands_of(determinized(hand, 0, random.Random(5)))[1] == hands_of(hand)[1]


@pytest.mark.parametrize("seed", range(5))
def test_s11a_other_hands_consistent_with_the_view_change_neither_the_sample_nor_the_move(seed: int) -> None:
    """The search sees only its seat's view."""
    first = gouji.from_hands([SEAT0, *OTHERS_A], leader=0)
    second = gouji.from_hands([SEAT0, *OTHERS_B], leader=0)
    assert first.public_view() == second.public_view() and hands_of(first) != hands_of(second)
    search_sees_only_the_view(first, second, seed, determinized, gouji_search.choose)


def test_the_search_plays_a_legal_set_and_the_same_one_again_from_the_same_stream() -> None:
    hand = gouji.from_hands([SEAT0, *OTHERS_A], leader=0)
    search_repeats(hand, gouji_search.choose)


def test_the_search_answers_a_teammates_set_when_only_its_3s_would_be_left() -> None:
    """The heuristic's first known mistake, with the search (`bots=strong`): the big joker over the
    teammate's 5 cannot be beaten, so going out on it is no 闷, and passing would only wait."""
    hand = gouji.from_hands(["5 9 9", "4", "BJ 3 3", "4", "4", "4"], leader=0)
    hand.apply(0, "5")
    assert str(gouji_search.choose(hand, 2, random.Random(1), samples=6)) == "BJ"
    # passing is compared, and loses
    assert [str(m) for m in gouji_search.candidates(hand, 2, parse_move("BJ"))] == ["BJ", "pass"]


def test_s9_the_search_passes_a_teammates_set_rather_than_go_out_into_a_smother() -> None:
    """闷 (§9): 6 over the teammate's 5 leaves seat 2 only a 3, and seat 3's K beats the
    6: a 闷, 10 points to seat 3 under club scoring. The heuristic's rule went out at once; the search
    weighs passing, which keeps the 6 (both end in the same places)."""
    hand = gouji.from_hands(["5 9", "4 4", "6 3", "K K 7", "4 4", "A A 8"], leader=0)
    hand.apply(0, "5")  # seat 1 cannot answer: seat 2 is next
    assert hand.to_act == [2]
    assert str(gouji_search.heuristic.choose(hand, 2, random.Random(1))) == "6"
    assert gouji_search.choose(hand, 2, random.Random(1), samples=6) is PASS


def test_s9_the_search_weighs_leading_a_rank_alone_against_going_out_with_it_and_its_wildcards() -> None:
    """闷 (§9): 4 4 2 2 goes out as four 4s, which any four cards above 4 beat; 4 4 first
    keeps 2 2 for a last set only jokers beat. Both are compared (only the first was before)."""
    hand = gouji.from_hands(["3 4 4 2 2", "5 5 5 5 6", "8 8 8 8 9", "6 6 6 6 7", "9 9 9 9 10", "Q Q Q Q K"])
    chosen = gouji_search.heuristic.choose(hand, 0, random.Random(1))
    assert str(chosen) == "4 4 2 2"
    assert [str(m) for m in gouji_search.candidates(hand, 0, chosen)] == ["4 4 2 2", "4 4"]


def test_s9_the_search_weighs_going_out_with_a_rank_against_leading_part_of_it() -> None:
    """闷 (§9): 4 4 4 going out is beaten by any three cards above 4; 4 4 or 4 first
    leaves a last set to play later, when the others may have spent theirs."""
    plain = gouji.from_hands(["3 4 4 4", "5 5 5 5 6", "8 8 8 8 9", "6 6 6 6 7", "9 9 9 9 10", "Q Q Q Q K"])
    assert [str(m) for m in gouji_search.candidates(plain, 0, parse_move("4 4 4"))] == ["4 4 4", "4 4", "4"]
    alone = gouji.from_hands(["3 4", "5 5 5 5 6", "8 8 8 8 9", "6 6 6 6 7", "9 9 9 9 10", "Q Q Q Q K"])
    assert [str(m) for m in gouji_search.candidates(alone, 0, parse_move("4"))] == ["4"]  # nothing to split


def test_s9_the_search_weighs_going_out_over_the_other_teams_set_against_passing() -> None:
    """闷 (§9): J J over the other team's 5 5 leaves only a 3; Q Q or better beats it
    and smothers the seat. Passing keeps the J J; both are compared, as any answer is. Over a
    teammate's set going out is still played at once (the heuristic's first known mistake)."""
    hand = gouji.from_hands(["5 5 6 7", "3 J J", "Q Q 8 9", "4 4 10", "K K 7", "A 8 9"], leader=0)
    hand.apply(0, "5 5")
    chosen = gouji_search.heuristic.choose(hand, 1, random.Random(1))
    assert str(chosen) == "J J"
    assert [str(m) for m in gouji_search.candidates(hand, 1, chosen)] == ["J J", "pass"]
    assert gouji_search.goes_out(hand, 1, chosen) and not gouji_search.goes_out(hand, 1, PASS)


def test_a10_the_search_compares_yielding_with_passing() -> None:
    """让牌 (variants A.10): the heuristic yields wherever it would pass; the search
    weighs that against passing (before, passing was not a candidate once the heuristic yielded)."""
    hands = ["5 5 8 9 10 J J Q K K", "4 6 7 Q", "4 8 9 K", "A A A 9", "5 7 7 10", "7 6 J Q"]
    hand = gouji.from_hands(hands, leader=0, rules=gouji.Rules(yielding=True))
    hand.apply(0, "5 5")  # seats 1 and 2 cannot answer: the opposite, seat 3, may yield
    chosen = gouji_search.heuristic.choose(hand, 3, random.Random(1))
    assert [str(m) for m in gouji_search.candidates(hand, 3, chosen)] == ["yield", "pass", "A A"]


def test_the_search_spends_no_two_wildcards_on_an_opposites_gouji_set_that_opens_nothing() -> None:
    """The heuristic's second known mistake, with the search: K K 2 cannot open point (a wildcard in it)."""
    hands = ["K K 2 5 6 7 8 9 10", "4", "4", "A 2 2 5 6 7 8 9", "4", "4"]
    hand = gouji.from_hands(hands, leader=0)
    hand.apply(0, "K K 2")
    # every answer would take both 2s (A 2 2): passing is the only play without the mistake
    assert str(gouji_search.choose(hand, 3, random.Random(1), samples=6)) == "pass"
    assert [str(m) for m in gouji_search.candidates(hand, 3, PASS)] == ["pass"]


def test_s7_a_seat_bound_by_a_burn_always_has_a_legal_set_in_a_sample() -> None:
    """§7: after a successful burn every set must hold a joker; a sample that dealt the burner
    a hand it cannot play that way would leave it no legal move (a search crashed on it)."""
    hand = gouji.from_hands(["K K 5", "A A 7 8", "A A BJ 7", "A A 6", "9", "9"], leader=0)
    hand.apply(0, "K K")
    hand.apply(2, "A A")  # the burn stands: seat 2 is bound and leads
    assert hand.obligated[2] and hand.to_act == [2]
    rand, kept = random.Random(11), 0
    for _ in range(40):
        world = determinized(hand, 0, rand)
        assert world.legal_moves(2)
        kept += world.obligated[2]
        if world.obligated[2]:
            assert all(m.jokers for m in world.legal_moves(2) if isinstance(m, CardSet))
    assert kept > 30  # the obligation is relaxed only when no dealing in TRIES keeps it


def test_s7_a_seat_whose_burn_is_on_the_table_is_dealt_a_hand_it_can_keep_the_obligation_with() -> None:
    """§7: the burn binds its player once it wins the round, after the sample was dealt."""
    hand = gouji.from_hands(["K K 5", "A A 7 8", "A A BJ 7", "A A 6", "9", "2 2 9"], leader=0)
    hand.apply(0, "K K")
    hand.apply(2, "A A")  # the burn is played; the burner's opposite may still beat it
    assert hand.burn == (2, 0) and hand.to_act == [5] and not hand.obligated[2]
    rand = random.Random(4)
    for _ in range(40):
        world = determinized(hand, 0, rand)
        gouji_search.playout(world, rand)  # never a seat without a legal move
        assert world.is_over


def test_s11a_whether_a_set_left_its_player_only_3s_comes_from_the_sample_not_the_real_hand() -> None:
    """闷 (§9) is hidden until it happens (§11a): the engine knows that seat 1's 7 left it only its
    3s; seat 0 does not."""
    rest = ["9 9 10", "J J Q", "A A 2"]
    only_threes = gouji.from_hands([SEAT0, "7 3 3", "5 6 8", *rest], leader=1)
    other_cards = gouji.from_hands([SEAT0, "7 5 6", "3 3 8", *rest], leader=1)
    for hand in (only_threes, other_cards):
        hand.apply(1, "7")
    assert only_threes.smother_risk == 1 and other_cards.smother_risk is None
    for seed in range(10):
        one = determinized(only_threes, 0, random.Random(seed))
        two = determinized(other_cards, 0, random.Random(seed))
        assert hands_of(one) == hands_of(two) and one.smother_risk == two.smother_risk


def test_a_close_call_gets_more_samples_up_to_more_times_the_first() -> None:
    """A candidate that gains on average but not yet clearly is sampled further, up to MORE × the
    first samples; a clear gain, or none at all, stops the search."""
    more, times = gouji_search.wants_more, gouji_search.MORE
    noisy = [60, -40] * 8  # +10 a sample on average, but well within its spread
    clear = [10] * 16
    worse = [-10, -30] * 8
    assert more({PASS: []}, 0, 16) and more({PASS: clear}, 15, 16)  # the first samples always
    assert more({PASS: noisy}, 16, 16) and more({PASS: noisy * (times - 1)}, 16 * (times - 1), 16)
    assert not more({PASS: noisy * times}, 16 * times, 16)  # MORE × SAMPLES at most
    assert more({PASS: noisy * 3}, 48, 16, more=6) and not more({PASS: noisy * 6}, 96, 16, more=6)
    assert not more({PASS: clear}, 16, 16)
    assert not more({PASS: worse}, 16, 16)
    # the most promising candidate decides, whichever comes first
    assert more({PASS: worse, parse_move("6"): noisy}, 16, 16)
    assert not more({PASS: clear, parse_move("6"): noisy}, 16, 16)


@pytest.mark.parametrize("variant", ["standard", "outline", "houshuiwan"])
@pytest.mark.parametrize("max_hands", [8, 1])
def test_a8_where_the_scoring_counts_no_tribute_the_search_counts_the_cards_left_owed(
    variant: str, max_hands: int
) -> None:
    """闷 (§9) scores nothing in its own hand under `scoring=outline` (A.8): the search counts the
    card it leaves owed at what it is worth in the next hand (TRIBUTE_WORTH, measured by
    benchmarks.gouji_tribute_worth), no card between teammates, and none after the match's last
    hand. Club scoring counts the 闷 in the hand's points already."""
    rules = gouji.Rules.from_options({"variant": variant, "max_hands": str(max_hands)})
    hand = gouji.from_hands(["K 3 3", "A 5", "4", "4", "4", "4"], leader=0, rules=rules)
    hand.apply(0, "K")
    hand.apply(1, "A")  # seat 0 is smothered by seat 1, of the other team
    gouji_search.playout(hand, random.Random(0))
    assert ("smother", 0, 1) in [(d.kind, d.payer, d.receiver) for d in hand.debts]

    def margins() -> list[int]:
        return [gouji_search.margin(hand, seat) for seat in (0, 1)]

    smothered = margins()
    assert smothered[0] == -smothered[1]
    hand.debts = [d for d in hand.debts if d.kind != "smother"]
    ahead = rules.scoring == "outline" and max_hands > 1
    worth = gouji_search.TRIBUTE_WORTH[rules.deck] if ahead else 0
    assert margins() == [smothered[0] + worth, smothered[1] - worth]
    hand.debts.append(gouji.Debt("last", 1, 3, 2))  # between teammates: void
    assert margins() == [smothered[0] + worth, smothered[1] - worth]
    hand.debts.append(gouji.Debt("last", 1, 0, 2))  # two cards, each counted
    assert margins() == [smothered[0] + 3 * worth, smothered[1] - 3 * worth]


# -- decisions before play ---------------------------------------------------------

# seat 2 owes its teammate seat 0 the 二落贡 (§8.4); seat 0 chooses 吃 / 不吃 / 反抽
TRIBUTE_HANDS = ["3 5 5 9 2 SJ", "3 6 6 10 J 2", "3 7 7 8 2 K", "3 9 10 Q Q 2", "3 4 4 8 BJ", "3 K K A A 2"]


def tribute_hand(hands: list[str], count: int = 1) -> gouji.Hand:
    debt = gouji.Debt("second_last" if count == 1 else "last", 2, 0, count)
    hand = gouji.deal_from(hands, leader=1, owed=[debt])
    assert hand.phase == "tribute" and hand.to_act == [0]
    return hand


def wildcards(hand: gouji.Hand, seat: int) -> int:
    return hand._wild_count(seat)


def test_s8_4_a_sample_gives_the_tribute_payer_the_tribute_cards_it_pays_and_no_more_when_short() -> None:
    """吃 / 不吃 / 反抽: the choices tell the receiver how many cards its teammate pays (a short
    payment is announced), not which: a sample must agree, or the searched choice is illegal in
    it (`take` where the sample's payer pays two, and the choices are `take 1`, `take 2` …)."""
    short = tribute_hand(TRIBUTE_HANDS, count=2)  # seat 2 holds one 2: it pays one of two
    assert [str(m) for m in short.legal_moves(0)] == ["take", "decline", "counter"]
    rand, seen = random.Random(2), set()
    for _ in range(40):
        world = determinized(short, 0, rand)
        assert wildcards(world, 2) == 1 and world.legal_moves(0) == short.legal_moves(0)
        seen.add(str(world.cards[2]))
    assert len(seen) > 10
    rich = [*TRIBUTE_HANDS[:2], "3 7 7 2 2 BJ", *TRIBUTE_HANDS[3:]]  # three to pay two from
    paying = tribute_hand(rich, count=2)
    assert [str(m) for m in paying.legal_moves(0)][:2] == ["take 1", "take 2"]
    for _ in range(40):
        world = determinized(paying, 0, rand)
        assert wildcards(world, 2) >= 2 and world.legal_moves(0) == paying.legal_moves(0)


@pytest.mark.parametrize("seed", range(3))
def test_s11a_the_searched_tribute_choice_sees_only_the_view(seed: int) -> None:
    first = tribute_hand(TRIBUTE_HANDS)
    # seats 1 and 4 trade a 6 for a 4: the same view, other hands
    traded = [TRIBUTE_HANDS[0], "3 4 6 10 J 2", *TRIBUTE_HANDS[2:4], "3 4 6 8 BJ", TRIBUTE_HANDS[5]]
    second = tribute_hand(traded)
    search_sees_only_the_view(first, second, seed, determinized, gouji_search.choose)
    search_repeats(first, gouji_search.choose)


# seat 0 holds no 2 and no joker: it is asked to revolt (§8.2); so is seat 3 in the second deal
REBEL_ALONE = ["3 5 5 9 9 K", "3 6 6 10 J 2", "3 7 7 8 2 K", "3 9 10 Q Q 2", "3 4 4 8 BJ", "3 K 4 A A 2"]
REBEL_BESIDE = [*REBEL_ALONE[:3], "3 9 10 Q Q A", REBEL_ALONE[4], "3 K 4 A 2 2"]


@pytest.mark.parametrize("seed", range(3))
def test_s11a_who_else_is_asked_to_revolt_is_hidden_from_the_view_and_from_the_search(seed: int) -> None:
    """Being asked to revolt tells a hand holds no 2 and no joker: the view names nobody, and a
    sample asks afresh whoever its own cards make eligible."""
    alone, beside = gouji.deal_from(REBEL_ALONE, leader=1), gouji.deal_from(REBEL_BESIDE, leader=1)
    assert alone.phase == beside.phase == "revolution"
    assert alone.to_act == [0] and beside.to_act == [3, 0]
    assert alone.public_view().to_act == () and alone.public_view() == beside.public_view()
    search_sees_only_the_view(alone, beside, seed, determinized, gouji_search.choose)
    world = determinized(beside, 0, random.Random(seed))
    assert 0 in world.to_act and not world.decided
    assert all(wildcards(world, s) == 0 for s in world.to_act)
    gouji_search.playout(world, random.Random(seed))  # a sample's revolution runs to the hand's end
    assert world.is_over
