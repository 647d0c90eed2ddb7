"""docs/rules/gouji-variants.md: the outline (A) and 后水湾 (B) as presets of one engine, one test per point,
from `from_hands` / `deal_from` positions. (A.10 让牌 is tests/gouji/test_yield.py.)"""

from __future__ import annotations

import pytest

from engine import IllegalMove
from engine.events import Event
from engine.gouji import Hand, Match, Rules, deal_from, from_hands, parse_move
from engine.gouji.cards import FOUR, THREE
from engine.gouji.scoring import Debt, hand_scores, paying_order
from engine.gouji.views import ClaimShown
from tests.helpers import finish_with_defaults, legal, of, play

OUTLINE = Rules.from_options({"variant": "outline"})
HOUSHUIWAN = Rules.from_options({"variant": "houshuiwan"})


def past_blind(hand: Hand) -> list[Event]:
    """The hand's opening events, and those after every seat let the blind declaration pass."""
    events = list(hand.opening_events)
    if hand.phase == "blind_declare":
        events += play(hand, *((seat, "pass") for seat in range(6)))
    return events


def dealt(hands: list[str], leader: int, rules: Rules) -> tuple[Hand, list[Event]]:
    hand = deal_from(hands, leader=leader, rules=rules)
    return hand, past_blind(hand)


def test_c_each_variant_presets_its_column_and_what_is_typed_beside_it_wins() -> None:
    assert (OUTLINE.deck, OUTLINE.point_rule, OUTLINE.sweep, OUTLINE.leader_rule) == (
        "four_decks",
        "outline",
        "next_hand",
        "rotate",
    )
    assert OUTLINE.yielding and OUTLINE.burn_priority == "outline" and OUTLINE.scoring == "outline"
    assert (HOUSHUIWAN.deck, HOUSHUIWAN.gouji_sets, HOUSHUIWAN.sweep, HOUSHUIWAN.buying) == (
        "six_decks",
        "by_rank",
        "next_hand_tribute",
        "horse",
    )
    assert HOUSHUIWAN.bj_over_bj and HOUSHUIWAN.tribute_order == "point_first"
    assert Rules.from_options({"variant": "outline", "scoring": "club"}).scoring == "club"
    standard = Rules.from_options({"variant": "standard"})
    assert standard == Rules() and not standard.yielding and standard.sweep == "match_end"


# -- A. the outline ---------------------------------------------------------------------------


def test_a2_each_later_hand_is_led_by_the_seat_after_the_last_leader() -> None:
    match = Match(3, Rules.from_options({"variant": "outline", "max_hands": "3"}))
    events = list(match.opening_events)
    while len(match.hands) < 2 or match.hand.phase == "blind_declare":
        seat = match.to_act[0]
        events += match.apply(seat, match.hand.default_move(seat))
    first, second = match.hands
    chosen = of(events, "LeaderChosen")
    assert [c.reason for c in chosen] == ["turned_card", "rotation"]
    assert chosen[1].seat == second.leader == (first.leader + 1) % 6


NO_REVOLT = {"revolution": "off"}


@pytest.mark.parametrize(
    ("variant", "seat2", "expected"),
    [
        ("outline", "3 3 6", "ThreeUnavailable"),  # no teammate sells (A.3)
        ("standard", "3 3 6", "ThreeGiven"),  # §8.1: a teammate gives a 3 free
    ],
)
def test_a3_a_3_is_bought_only_from_enemies(variant: str, seat2: str, expected: str) -> None:
    rules = Rules.from_options({"variant": variant, **NO_REVOLT})
    hands = ["5 2", "3 9", seat2, "3 8", "7 3", "3 10"]
    _, events = dealt(hands, 0, rules)
    [event] = [e for e in events if e.kind.startswith("Three")]
    assert event.kind == expected and event.buyer == 0


@pytest.mark.parametrize(("seat0", "expected"), [("5", "ThreeUnavailable"), ("5 2", "ThreeBought")])
def test_a3_never_free_a_buyer_without_a_2_or_joker_keeps_no_3(seat0: str, expected: str) -> None:
    rules = Rules.from_options({"variant": "outline", **NO_REVOLT})
    hand, events = dealt([seat0, "3 9", "3 6", "3 3 8", "7 3", "3 10"], 0, rules)
    [event] = [e for e in events if e.kind.startswith("Three")]
    assert event.kind == expected
    assert hand.cards[0].counts[THREE] == (expected == "ThreeBought")


# Seat 0 was dealt no 3 and no wildcard; seat 1 a 3 but no wildcard; seat 3 (0's opposite)
# three 够级 sets; everybody else only a 4 besides the 3.
REBEL_HANDS = ["5 6 7", "8 9 3", "4 3", "K K A A Q Q Q 3", "4 3", "4 3"]


def test_a4_only_a_seat_dealt_no_3_and_no_wildcard_may_revolt() -> None:
    outline, _ = dealt(REBEL_HANDS, 3, OUTLINE)
    standard, _ = dealt(REBEL_HANDS, 3, Rules())
    assert outline.phase == "revolution" and outline.to_act == [0]
    assert 1 in standard.to_act  # §8.2: after 买3, no 2 and no joker is enough


def test_a4_the_revolutionary_counts_as_opened_and_there_is_no_charge_nor_dead_levels() -> None:
    hand, _ = dealt(REBEL_HANDS, 3, OUTLINE)
    events = play(hand, (0, "revolt"))
    assert of(events, "RevolutionDeclared") and hand.opened[0]
    # straight to 明点 (no 冲点, no 死级); 0 sits out and a declaration against it would be void
    assert hand.phase == "declare" and sorted(hand.to_act) == [1, 2, 4, 5]
    play(hand, *((seat, "pass") for seat in (1, 2, 4, 5)))
    assert hand.phase == "play" and hand.to_act == [3]


def test_a4_the_opposite_opens_only_with_its_third_gouji_round_won() -> None:
    hand, _ = dealt(REBEL_HANDS, 3, OUTLINE)
    play(hand, (0, "revolt"), *((seat, "pass") for seat in (1, 2, 4, 5)))
    opened = [bool(of(play(hand, (3, cards)), "PointOpened")) for cards in ("K K", "A A", "Q Q Q")]
    assert opened == [False, False, True] and hand.opened[3]


@pytest.mark.parametrize(
    ("point_set", "outline_opens", "standard_opens"),
    [
        ("K SJ", True, False),  # a joker's 够级 set opens in the outline, never by §9
        ("K BJ", False, False),  # "除大花外": no big joker
        ("K K", True, True),
    ],
)
def test_a5_a_gouji_set_without_a_big_joker_opens_point(
    point_set: str, outline_opens: bool, standard_opens: bool
) -> None:
    for rules, opens in ((OUTLINE, outline_opens), (Rules(), standard_opens)):
        hand = from_hands([f"{point_set} 5", "3", "3", "3", "3", "3"], leader=0, rules=rules)
        play(hand, (0, point_set))
        assert hand.opened[0] == opens, rules.variant


def test_a5_the_outline_has_no_4_rule() -> None:
    for rules, warned in ((OUTLINE, False), (Rules(), True)):
        hand = from_hands(["4 K K 5", "3", "3", "3", "3", "3"], leader=0, rules=rules)
        assert (hand.warnings(0).get("4") == "gives_up_point") == warned
        play(hand, (0, "4"), (0, "K K"))
        assert hand.opened[0] != warned


SMALL = ["5", "6", "7", "8", "9", "10"]  # nobody can open point


@pytest.mark.parametrize(
    ("rules", "expected"),
    [
        (OUTLINE, [(s, (s + 3) % 6, False) for s in range(6)]),  # 互进点贡, never scored
        (HOUSHUIWAN, [(s, (s + 3) % 6, True) for s in range(6)]),
        (Rules(), []),  # §9: only where one of a pair opened
    ],
)
def test_a5_b5_every_seat_that_did_not_open_owes_its_opposite(
    rules: Rules, expected: list[tuple[int, int, bool]]
) -> None:
    hand = from_hands(SMALL, leader=0, rules=rules)
    finish_with_defaults(hand)
    owed = sorted((d.payer, d.receiver, d.scored) for d in hand.debts if d.kind == "point")
    assert owed == expected


def test_a5_b9_point_tributes_are_paid_first() -> None:
    debts = [Debt("last", 5, 0, 2), Debt("smother", 1, 2), Debt("point", 4, 1)]
    assert [d.kind for d in paying_order(debts, "point_first")] == ["point", "smother", "last"]
    assert [d.kind for d in paying_order(debts)] == ["smother", "point", "last"]


def test_a6_the_blind_declaration_comes_before_the_deal_all_seats_at_once_cards_unseen() -> None:
    hand = Match(8, OUTLINE).hand
    assert hand.phase == "blind_declare" and hand.to_act == list(range(6))
    assert all(hand.hand(s) == [] and hand.seat_view(s).hand == "" for s in range(6))
    assert legal(hand, 2) == ["declare", "pass"]
    events = play(hand, (2, "预点"), *((seat, "pass") for seat in (0, 1, 3, 4, 5)))
    [declared] = of(events, "Declared")
    assert (declared.seat, declared.name, declared.stake, declared.against) == (2, "yudian", 4, 5)
    assert all(len(hand.hand(s)) >= 35 for s in range(6))  # dealt only now
    assert hand.public_view().declarations == (None, None, "yudian", None, None, None)


def test_b6_houshuiwan_declares_taikong_before_the_deal() -> None:
    hand = Match(8, HOUSHUIWAN).hand
    [declared] = of(
        play(hand, *((seat, "declare" if seat == 1 else "pass") for seat in range(6))), "Declared"
    )
    assert (declared.name, declared.stake) == ("taikong", 8)


# Nobody can open point; seat 3 opens with K K when it leads (NO_POINT[3] replaced).
NO_POINT = ["5", "6", "7", "8", "9", "10"]
DECLARING = Rules.from_options({"variant": "outline", "revolution": "off"})


def declared_hand(hands: list[str], rules: Rules, declarer: int = 0) -> Hand:
    """Past the blind declaration, at the 明点 decision: `declarer` declares, the others pass."""
    hand, _ = dealt(hands, 3, rules)
    assert hand.phase == "declare" and sorted(hand.to_act) == list(range(6))
    play(hand, *((seat, "明点" if seat == declarer else "pass") for seat in range(6)))
    assert hand.phase == "play"
    return hand


def point_debts(hand: Hand) -> list[tuple[int, int, int]]:
    return sorted((d.payer, d.receiver, d.count) for d in hand.debts if d.kind == "point")


def test_a6_a_won_declaration_takes_the_stake_instead_of_the_ordinary_point_tribute() -> None:
    hand = declared_hand(NO_POINT, DECLARING)
    events = finish_with_defaults(hand)
    [settled] = of(events, "DeclarationSettled")
    assert (settled.seat, settled.name, settled.won, settled.count) == (0, "mingdian", True, 2)
    assert point_debts(hand) == [(0, 3, 1), (1, 4, 1), (2, 5, 1), (3, 0, 2), (4, 1, 1), (5, 2, 1)]


@pytest.mark.parametrize(("flip_double", "count"), [("off", 2), ("on", 4)])
def test_a6_a_lost_declaration_flips_the_declarer_pays(flip_double: str, count: int) -> None:
    rules = Rules.from_options({"variant": "outline", "revolution": "off", "flip_double": flip_double})
    hands = [*NO_POINT[:3], "K K 8", *NO_POINT[4:]]
    hand = declared_hand(hands, rules)
    events = play(hand, (3, "K K")) + finish_with_defaults(hand)
    assert hand.opened[3]
    [settled] = of(events, "DeclarationSettled")
    assert (settled.won, settled.count) == (False, count)  # 翻车
    assert (0, 3, count) in point_debts(hand) and (0, 3, 1) in point_debts(hand)


def test_a6_a_seat_that_declared_blind_is_not_asked_again() -> None:
    hand = deal_from(NO_POINT, leader=3, rules=DECLARING)
    play(hand, (4, "declare"), *((seat, "pass") for seat in (0, 1, 2, 3, 5)))
    assert hand.phase == "declare" and sorted(hand.to_act) == [0, 1, 2, 3, 5]


# Seats 0, 2 and 4 hold a K each; the others a 4 and their 3.
SWEEP_HANDS = ["K", "4 3", "K", "4 3", "K", "4 3"]
SWEEP_SCRIPT = [(0, "K"), (1, "4"), (2, "K"), (3, "4"), (4, "K")]


def swept_match(rules: Rules) -> tuple[Match, list]:
    """A match whose first hand is the sweep position: team 0 takes 1-2-3."""
    match = Match(5, rules)
    match.rounds[-1] = from_hands(SWEEP_HANDS, leader=0, rules=rules)
    events: list = []
    for seat, move in SWEEP_SCRIPT:
        assert match.to_act == [seat], (seat, move, match.to_act)
        events += match.apply(seat, move)
    return match, events


def test_a7_a_three_house_sweep_ends_the_hand_not_the_match_and_nothing_is_owed() -> None:
    match, events = swept_match(OUTLINE)
    [ended] = of(events, "HandEnded")
    assert ended.sweep == 0 and not match.is_over and len(match.hands) == 2
    assert match.hands[0].debts == []
    hand = match.hand
    events = play(hand, *((seat, "pass") for seat in range(6)))  # no blind declaration
    [chosen] = of(events, "LeaderChosen")
    assert chosen.reason == "turned_card"  # the next leader is drawn afresh


def test_a7_against_the_default_whose_sweep_ends_the_match() -> None:
    match, _ = swept_match(Rules())
    assert match.is_over and match.end_reason == "sweep"


@pytest.mark.parametrize(
    ("order", "sweep", "expected"),
    [
        ([0, 1, 2, 3, 4, 5], None, (4, 0, 4, 0, 4, 0)),  # 1-3-5: 2 against −2, the difference 4
        ([1, 0, 3, 2, 5, 4], None, (0, 4, 0, 4, 0, 4)),
        ([0, 1, 3, 2, 5, 4], None, (0, 0, 0, 0, 0, 0)),  # 1-4-6 against 2-3-5: 0 and 0
        ([0, 2, 4], 0, (12, 0, 12, 0, 12, 0)),  # 串三户: 6 against −6
    ],
)
def test_a8_team_sums_are_offset_and_only_the_winners_record_the_difference(
    order: list[int], sweep: int | None, expected: tuple[int, ...]
) -> None:
    assert hand_scores(OUTLINE, order, sweep, 1, []) == expected


# -- B. 后水湾 -----------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(4))
def test_b1_b2_288_cards_48_a_seat_then_horse_cards_leave_each_seat_one_3_and_one_4(seed: int) -> None:
    hand = Match(seed, HOUSHUIWAN).hand
    assert hand.total_cards() == 288 and sum(hand.left) == 0  # 太空 is declared before the deal
    events = past_blind(hand)
    assert hand.total_cards() == 288 and sum(hand.left) == 288
    assert [(h.counts[THREE], h.counts[FOUR]) for h in hand.cards] == [(1, 1)] * 6
    bought = [e for e in events if e.kind in ("ThreeBought", "ThreeGiven")]
    dealt_short = [s for s in range(6) if hand.own[s][THREE] == 0 or hand.own[s][FOUR] == 0]
    assert {e.buyer for e in bought} == set(dealt_short)


def test_b3_one_big_joker_more_beats_a_set_of_big_jokers() -> None:
    hands = ["BJ 5 8", "BJ BJ 6", "BJ BJ 5", "4", "4", "4"]
    hand = from_hands(hands, leader=0, rules=HOUSHUIWAN)
    play(hand, (0, "BJ 5"))
    assert hand.to_act == [1] and "6 BJ BJ" in legal(hand, 1)
    play(hand, (1, "pass"))
    assert hand.to_act != [2]  # 5 BJ BJ: the 5 does not beat the 5
    default = from_hands(["BJ 5 8", "BJ BJ 6", "4", "4", "4", "4"], leader=0, rules=Rules())
    events = play(default, (0, "BJ 5"))
    assert [e.seat for e in of(events, "RoundWon")] == [0]  # §4: nothing beats a big joker


def test_b3_two_big_jokers_beat_one() -> None:
    hand = from_hands(["BJ 7", "BJ BJ", "4", "4", "4", "4"], leader=0, rules=HOUSHUIWAN)
    events = play(hand, (0, "BJ"), (1, "BJ BJ"))
    assert [e.seat for e in of(events, "RoundWon")] == [1]


@pytest.mark.parametrize(
    ("cards", "gouji"),
    [
        ("10 10 10 10 10", True),
        ("10 10 10 10 2", True),  # wildcards count toward the size
        ("K SJ", True),
        ("A A", True),
        ("J J J", False),
        ("9 9 9 9 9 9 9", False),
        ("BJ", False),  # a single wildcard is below the least count (two)
        ("2", False),
        ("9 BJ", False),  # a joker riding on a lower rank does not make it 够级
        ("2 2", True),  # two or more cards ranked above A ("最少数量" is two)
        ("2 2 2", True),
        ("SJ BJ", True),
        ("BJ BJ", True),
        ("SJ SJ", True),
    ],
)
def test_b4_gouji_sets_by_rank_and_size_alone(cards: str, gouji: bool) -> None:
    move = parse_move(cards)
    assert move.is_gouji_by_rank == gouji  # type: ignore[attr-defined]
    hand = from_hands([f"{cards} 4", "3", "3", "3", "3", "3"], leader=0, rules=HOUSHUIWAN)
    [played] = of(play(hand, (0, cards)), "Played")
    assert played.gouji == gouji


def test_b5_a_4_played_before_opening_gives_point_up() -> None:
    for first, opens in (("4", False), ("5", True)):
        hand = from_hands(["4 5 K K 6", "3", "3", "3", "3", "3"], leader=0, rules=HOUSHUIWAN)
        play(hand, (0, first), (0, "K K"))
        assert hand.opened[0] == opens


def test_b5_point_opens_only_before_the_first_player_finishes() -> None:
    hands = ["K K 5 5", "6", "4 3", "4 3", "4 3", "4 3"]
    script = [(1, "6"), (0, "pass"), (2, "4"), (0, "5"), (0, "K K")]
    results = []
    for rules in (
        HOUSHUIWAN,
        Rules.from_options({"variant": "houshuiwan", "point_rule": "standard", "declarations": "none"}),
    ):
        hand = from_hands(hands, leader=1, rules=rules)
        play(hand, *script)
        results.append(hand.opened[0])
    assert results == [False, True]


@pytest.mark.parametrize(("rules", "place"), [(HOUSHUIWAN, 6), (Rules(), 1)])
def test_b7_jokers_alone_just_before_the_final_3s_place_the_player_last(rules: Rules, place: int) -> None:
    hand = from_hands(["SJ BJ 3", "5 3", "6 3", "7 3", "8 3", "9 3"], leader=0, rules=rules)
    warned = hand.warnings(0)
    assert (warned.get("SJ BJ") == "jokers_fall") == (place == 6)
    assert "BJ" not in warned and "SJ" not in warned  # a joker is left beside the 3: no fall
    events = play(hand, (0, "SJ BJ"), (0, "3")) + finish_with_defaults(hand)
    assert bool(of(events, "JokersFell")) == (place == 6)
    assert hand.finish_order.index(0) + 1 == place


def test_b8_the_swept_owe_their_opposites_one_tribute_each_and_the_match_goes_on() -> None:
    match, _ = swept_match(HOUSHUIWAN)
    assert not match.is_over and len(match.hands) == 2
    owed = sorted((d.kind, d.payer, d.receiver) for d in match.hands[0].debts)
    assert owed == [("swept", 1, 4), ("swept", 3, 0), ("swept", 5, 2)]
    events = past_blind(match.hand)
    paid = {(e.payer, e.receiver) for e in events if e.kind == "TributePaid"}
    forgiven = {(e.payer, e.receiver) for e in events if e.kind == "TributeForgiven"}
    assert paid | forgiven == {(1, 4), (3, 0), (5, 2)}


# -- A.9: the outline's mode without 憋3 (`bie3=off`) -------------------------------------------

NO_BIE3 = Rules(bie3=False)


def test_a9_threes_are_an_ordinary_lowest_rank_that_takes_wildcards() -> None:
    hand = from_hands(["3 3 2 5", "4", "4", "4", "4", "4"], leader=0, rules=NO_BIE3)
    assert {"3", "3 3", "3 2", "3 3 2"} <= set(legal(hand, 0))
    play(hand, (0, "3"))
    assert hand.to_act == [1]  # a 4 beats a 3
    default = from_hands(["3 3 2 5", "4", "4", "4", "4", "4"], leader=0)
    assert not {"3", "3 2", "3 3 2"} & set(legal(default, 0))
    for move, key in (("3", "threes_last"), ("3 3 2", "threes_no_wild")):
        with pytest.raises(IllegalMove) as refusal:
            default.apply(0, move)
        assert refusal.value.key == key


def test_a9_no_smother_without_final_threes() -> None:
    for rules, smothered in ((NO_BIE3, False), (Rules(), True)):
        hand = from_hands(["5 3", "6 7", "4", "4", "4", "4"], leader=0, rules=rules)
        events = play(hand, (0, "5"), (1, "6"))
        assert bool(of(events, "Smothered")) == smothered


def test_a9_no_3_is_bought_and_a_revolution_needs_only_no_2_and_no_joker() -> None:
    rules = Rules(bie3=False, revolution_rule="outline")
    hands = ["5 6 3 3", "7 2", "3 3 3 8", "9 SJ", "10 BJ", "J 2"]
    hand, events = dealt(hands, 0, rules)
    assert not [e for e in events if e.kind.startswith("Three")]
    assert hand.phase == "revolution" and sorted(hand.to_act) == [0, 2]  # 3s do not count


@pytest.mark.parametrize("seed", range(5))
def test_a9_the_most_threes_of_one_suit_lead_every_hand(seed: int) -> None:
    match = Match(seed, Rules(bie3=False, max_hands=2))
    hand = match.hand
    [chosen] = of(hand.opening_events, "LeaderChosen")
    assert chosen.reason == "threes_shown" and chosen.card[1:] == "3"

    def most(seat: int) -> int:
        suits = hand.cards[seat].suits[THREE]  # as dealt: no 3 changes hands without 憋3
        return max((suits.count(s) for s in set(suits)), default=0)

    assert most(chosen.seat) == max(most(s) for s in range(6))
    assert hand.cards[chosen.seat].suits[THREE].count(chosen.card[0]) == most(chosen.seat)


def test_a9_the_leader_may_take_the_3s_and_4s_out_of_every_hand() -> None:
    hands = ["3 4 5 6", "3 3 4 7", "4 8", "3 9", "4 4 10", "J"]
    hand, _ = dealt(hands, 2, Rules(bie3=False, revolution=False))
    assert hand.phase == "merge" and hand.to_act == [2]
    assert legal(hand, 2) == ["merge 3", "merge 3 4", "merge 4", "pass"]
    total = hand.total_cards()
    [merged] = of(play(hand, (2, "会3会4")), "Merged")
    assert merged.ranks == ("3", "4") and hand.phase == "play"
    assert [str(h) for h in hand.cards] == ["5 6", "7", "8", "9", "10", "J"]
    assert hand.total_cards() == total  # out of the game, not lost


# Seat 0 on lead under bie3=off; everyone else holds one or two cards.
CLAIM_HANDS = ["K K 5 5", "6 7", "4", "8", "9", "10"]


def test_a9_a_player_on_lead_may_claim_showing_the_hand_and_only_then() -> None:
    hand = from_hands(CLAIM_HANDS, leader=0, rules=NO_BIE3)
    assert "claim" in legal(hand, 0) and hand.warnings(0)["claim"] == "shows_hand"
    assert "claim" not in legal(from_hands(CLAIM_HANDS, leader=0), 0)  # with 憋3: never
    play(hand, (0, "5"))
    assert "claim" not in legal(hand, hand.to_act[0])  # an answer is no lead
    [claimed] = of(play(from_hands(CLAIM_HANDS, leader=0, rules=NO_BIE3), (0, "挑牌")), "Claimed")
    assert (claimed.seat, claimed.hand) == (0, "5 5 K K")


def test_a9_a_claim_every_other_holder_accepts_finishes_the_claimant() -> None:
    hand = from_hands(CLAIM_HANDS, leader=0, rules=NO_BIE3)
    total = hand.total_cards()
    play(hand, (0, "claim"))
    view = hand.public_view()
    assert hand.phase == "claim_answer" and view.to_act == () and view.claim == ClaimShown(0, "5 5 K K")
    assert sorted(hand.to_act) == [1, 2, 3, 4, 5] and legal(hand, 3) == ["accept", "reject"]
    events = play(hand, *((seat, "accept") for seat in (1, 2, 3, 4, 5)))
    assert of(events, "ClaimAccepted") and hand.finish_order == [0] and hand.left[0] == 0
    assert hand.phase == "play" and hand.to_act == [1]  # 接风: the next seat with cards leads
    assert hand.total_cards() == total  # played out, not lost


def test_a9_one_rejection_and_play_goes_on_with_no_second_claim_this_lead() -> None:
    hand = from_hands(CLAIM_HANDS, leader=0, rules=NO_BIE3)
    events = play(hand, (0, "claim"), (2, "accept"), (4, "reject"))
    assert [(e.seat, e.accepted) for e in of(events, "ClaimAnswered")] == [(4, False)]
    assert hand.phase == "play" and hand.to_act == [0] and "claim" not in legal(hand, 0)
    assert str(hand.cards[0]) == "5 5 K K"
    play(hand, (0, "5 5"))  # nobody beats a pair here: the next round is 0's again
    assert hand.to_act == [0] and "claim" in legal(hand, 0)


# -- A.1: the outline's wildcards are ordinary members of the rank they ride on ----------


@pytest.mark.parametrize("table", ["9 SJ", "9 BJ", "9 2"])
def test_a1_a_pair_of_tens_beats_nine_and_a_wildcard_in_the_outline_only(table: str) -> None:
    for rules, beats in ((OUTLINE, True), (Rules(), table == "9 2")):
        hand = from_hands([f"{table} 5", "10 10 4", "4", "4", "4", "4"], leader=0, rules=rules)
        play(hand, (0, table))
        assert ("10 10" in legal(hand, 1)) == beats, rules.variant
        if beats:
            played = of(play(hand, (1, "10 10")), "Played")
            assert [(e.seat, e.cards) for e in played] == [(1, "10 10")]
        else:
            with pytest.raises(IllegalMove):
                hand.apply(1, "10 10")


def test_a1_wildcards_alone_beat_any_rank_and_go_card_by_card_among_themselves() -> None:
    hands = ["9 BJ 5", "2 2 4", "A SJ 4", "4", "SJ SJ 4", "4"]
    hand = from_hands(hands, leader=0, rules=OUTLINE)
    play(hand, (0, "9 BJ"))  # a pair of 9s: anyone answers, and a pair of 2s is above every rank
    assert "2 2" in legal(hand, 1)
    play(hand, (1, "2 2"))  # 够级 in the outline: its opposite answers, card by card (§4)
    assert hand.to_act == [4] and "SJ SJ" in legal(hand, 4)
    standard = from_hands(hands, leader=0, rules=Rules())
    events = play(standard, (0, "9 BJ"))  # §4: nothing beats a set holding a big joker
    assert [e.seat for e in of(events, "RoundWon")] == [0]


@pytest.mark.parametrize(
    ("cards", "gouji"),
    [
        ("9 SJ", False),  # a pair of 9s
        ("Q Q 2", True),  # three Qs
        ("K BJ", True),  # two Ks
        ("10 10 10 10 SJ", True),
        ("J J J BJ", True),
        ("BJ", True),  # 第九条: a single BJ, SJ or 2
        ("SJ", True),
        ("2", True),
        ("A", False),
    ],
)
def test_a1_a_set_is_gouji_by_its_rank_and_size_alone_in_the_outline(cards: str, gouji: bool) -> None:
    hand = from_hands([f"{cards} 4", "3", "3", "3", "3", "3"], leader=0, rules=OUTLINE)
    [played] = of(play(hand, (0, cards)), "Played")
    assert played.gouji == gouji


# -- B.12: 够死级, 头科's opposite keeps one 够级 set that only a burn answers ----------

LAST_GOUJI = ["A A", "A A 5 7", "4 4", "K K 6 9", "4", "4"]  # seat 0 finishes first; seat 3 is its opposite


def to_the_chance(rules: Rules) -> tuple[Hand, list[Event]]:
    """Seat 0 goes out first with A A; seat 3 wins the next round and leads again."""
    hand = from_hands(LAST_GOUJI, leader=0, rules=rules)
    events = play(hand, (0, "A A"), (1, "5"), (3, "6"), (1, "pass"))
    assert hand.to_act == [3] and hand.table is None
    return hand, events


def test_b12_the_first_finishers_opposite_keeps_one_gouji_set_only_a_burn_answers() -> None:
    hand, events = to_the_chance(HOUSHUIWAN)
    assert [e.seat for e in of(events, "LastGoujiChance")] == [3] and not of(events, "BecameHeadless")
    events = play(hand, (3, "K K"))  # seat 1's A A cannot burn (its 7 holds no joker): nobody answers
    assert [e.seat for e in of(events, "RoundWon")] == [3] and hand.to_act == [3]  # it leads again
    assert [e.seat for e in of(events, "BecameHeadless")] == [3]  # then 无头, as usual


def test_b12_without_the_option_the_opposite_is_headless_at_once() -> None:
    off = Rules.from_options({"variant": "houshuiwan", "last_gouji": "off"})
    hand, events = to_the_chance(off)
    assert [e.seat for e in of(events, "BecameHeadless")] == [3]
    play(hand, (3, "K K"))
    assert hand.to_act == [1] and "A A" in legal(hand, 1)  # anyone beats a 无头 seat's 够级 set


# -- A.12: under points, no fall tribute unless the table wants one ------------------------


@pytest.mark.parametrize("fall_tribute", ["on", "off"])
def test_a12_without_fall_tributes_only_point_tributes_are_owed(fall_tribute: str) -> None:
    rules = Rules.from_options({"variant": "outline", "fall_tribute": fall_tribute})
    hand = from_hands(["K K 4", "5", "6", "7", "8", "9"], leader=0, rules=rules)
    finish_with_defaults(hand)
    kinds = {debt.kind for debt in hand.debts}
    assert "point" in kinds  # 点贡 are owed either way (A.5)
    assert ({"last", "second_last"} <= kinds) == (fall_tribute == "on")
    assert kinds <= {"point", "last", "second_last"} if fall_tribute == "on" else kinds == {"point"}


# -- A.11: 还贡, every tribute card received but a 点贡 is answered by one ---------------

RETURNING = ["3 5 6 6 K", "3 7 8 8", "3 2 9", "3 9 10", "3 SJ 10", "3 BJ 2 J"]
OWED = [Debt("point", 2, 5, 1), Debt("last", 5, 0, 2), Debt("second_last", 4, 1, 1)]


def test_a11_each_tribute_card_but_a_point_tribute_is_answered_in_the_tributes_order() -> None:
    hand = deal_from(RETURNING, leader=0, owed=OWED, rules=OUTLINE)
    past_blind(hand)
    assert hand.phase == "return" and hand.to_act == [0]  # 头科 first: the 落贡 came before the 二落贡
    assert "return 3" not in legal(hand, 0) and {"return K", "return BJ", "return 2"} <= set(legal(hand, 0))
    [given] = of(play(hand, (0, "return K")), "TributeReturned")
    assert (given.seat, given.payer, given.tribute, given.card) == (0, 5, "last", "K")
    assert hand.to_act == [0]  # two cards received, two given back
    play(hand, (0, "还贡 6"))
    assert hand.to_act == [1] and str(hand.default_move(1)) == "return 7"  # its single card: 8 8 kept
    play(hand, (1, "return 7"))
    assert hand.phase != "return"
    assert sorted(map(str, hand.hand(5))) == sorted(["3", "J", "2", "K", "6"])  # BJ and its 2 paid, K, 6 back
    assert "7" in map(str, hand.hand(4)) and "2" not in map(str, hand.hand(2))  # no 点贡 comes back


def test_a11_without_the_option_nothing_is_given_back() -> None:
    off = Rules.from_options({"variant": "outline", "return_tribute": "off"})
    hand = deal_from(RETURNING, leader=0, owed=OWED, rules=off)
    events = past_blind(hand)
    assert hand.phase != "return" and not of(events, "TributeReturned")
