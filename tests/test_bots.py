"""The seat-filling bots play like sensible players: positions where the sensible move
is clear, and whole bot matches that stay legal and repeat exactly."""

import random

import pytest

from engine import gongzhu, gouji
from engine.bots import POLICIES, bot_move

REST = ["8 8 8 J", "8 8 8 J", "8 8 8 J", "8 8 8 J"]  # filler hands for seats that are not asked


def gouji_bot(hand: gouji.Hand, seat: int) -> str:
    return str(POLICIES["gouji"](hand, seat, random.Random(0)))


def test_gouji_leads_its_lowest_plain_set_and_keeps_its_4s_until_point_is_open() -> None:
    hand = gouji.from_hands(["4 4 6 9 9 9 2 SJ BJ", "7 7", *REST], leader=0)
    assert gouji_bot(hand, 0) == "6"
    hand = gouji.from_hands(["4 4 6 9 9 9 2 SJ BJ", "7 7", *REST], leader=0, rules=gouji.Rules(kaidian=False))
    assert gouji_bot(hand, 0) == "4 4"


def test_gouji_finishes_on_one_strong_set_when_it_can() -> None:
    hand = gouji.from_hands(["9 9 2 BJ 3", "7 7", *REST], leader=0)
    assert gouji_bot(hand, 0) == "9 9 2 BJ"


def test_gouji_lets_a_teammates_set_stand_and_beats_an_opponents_cheaply() -> None:
    hand = gouji.from_hands(["5 K", "6 7 7 Q", "6 Q", "9", "9", "9"], leader=0)
    hand.apply(0, "5")
    assert gouji_bot(hand, 1) == "6"  # an opponent's set: the cheapest natural beat
    hand.apply(1, "pass")
    assert gouji_bot(hand, 2) == "pass"  # the teammate's 5 stands


def test_gouji_does_not_spend_a_joker_on_a_small_set() -> None:
    many = "5 7 7 9 9 10 10 J J Q Q K"
    hand = gouji.from_hands([many, "6 6 BJ 3 3", *REST], leader=0)
    hand.apply(0, "5")
    assert gouji_bot(hand, 1) == "pass"  # only a split pair of 6s or the joker would beat it
    hand = gouji.from_hands(["5 K", "6 6 BJ 3 3", *REST], leader=0)
    hand.apply(0, "5")
    assert gouji_bot(hand, 1) != "pass"  # …unless the leader is about to finish


def test_gouji_answers_a_teammates_set_when_only_its_3s_would_be_left() -> None:
    """It always passed a teammate's set, even when answering would leave only its 3s."""
    hand = gouji.from_hands(["5 9 9", "4", "6 3 3", "4", "4", "4"], leader=0)
    hand.apply(0, "5")
    assert hand.to_act == [2] and gouji_bot(hand, 2) == "6"


@pytest.mark.parametrize(("table", "expected"), [("K K 2", "pass"), ("K K K", "A 2 2")])
def test_gouji_spends_two_wildcards_on_its_opposites_gouji_set_only_if_it_would_open_point(
    table: str, expected: str
) -> None:
    """It spent two or more wildcards on the opposite's 够级 sets that open nothing."""
    hands = [f"{table} 5 6 7 8 9 10", "4", "4", "A 2 2 5 6 7 8 9", "4", "4"]
    hand = gouji.from_hands(hands, leader=0)
    hand.apply(0, table)
    assert hand.to_act == [3] and gouji_bot(hand, 3) == expected


def test_gouji_opens_point_with_the_smallest_strong_set() -> None:
    """It opened point with seven aces when K K K would do."""
    hand = gouji.from_hands(["K K K A A A A A A A 5 6", "4", "4", "4", "4", "4"], leader=0)
    assert gouji_bot(hand, 0) == "K K K"


def test_gouji_yields_rather_than_passing_its_opposites_set() -> None:
    """docs/rules/gouji-variants.md A.10: 让牌 costs nothing and lets a teammate answer first."""
    hands = ["5 9 9 9 9 9 9 9", "4 4", "4 4", "2 2 4", "4 J", "4 Q"]
    for rules, expected in ((gouji.Rules(yielding=True), "yield"), (gouji.Rules(), "pass")):
        hand = gouji.from_hands(hands, leader=0, rules=rules)
        hand.apply(0, "5")
        assert hand.to_act == [3] and gouji_bot(hand, 3) == expected  # a 2 on a 5 is too dear


@pytest.mark.parametrize(("jokers", "expected"), [("SJ SJ BJ BJ", "declare"), ("SJ BJ", "pass")])
def test_gouji_declares_mingdian_only_with_jokers_to_keep_the_opposite_from_opening(
    jokers: str, expected: str
) -> None:
    rules = gouji.Rules.from_options({"variant": "outline", "revolution": "off"})
    hand = gouji.deal_from([f"5 6 {jokers} 3", "3 7", "3 8", "3 9", "3 10", "3 J"], leader=0, rules=rules)
    assert hand.phase == "blind_declare" and gouji_bot(hand, 0) == "pass"  # never blind
    for seat in range(6):
        hand.apply(seat, "pass")
    assert hand.phase == "declare" and gouji_bot(hand, 0) == expected


def test_gouji_accepts_a_teammates_claim_and_rejects_an_enemys() -> None:
    """docs/rules/gouji-variants.md A.9 挑牌: a teammate finishing helps the team; an enemy's may
    be beaten."""
    hand = gouji.from_hands(["K K 5 5", "6 7", "4", "8", "9", "10"], leader=0, rules=gouji.Rules(bie3=False))
    hand.apply(0, "claim")
    assert gouji_bot(hand, 2) == "accept" and gouji_bot(hand, 1) == "reject"
    assert 0 not in hand.to_act  # the claimant is not asked


def gongzhu_bot(deal: gongzhu.Deal, seat: int) -> str:
    return str(POLICIES["gongzhu"](deal, seat, random.Random(0)))


HANDS = [
    "C2 C3 C4 C5 D2 D3 D4 D5 D6 D7 D8 D9 H2",
    "SQ SK SA S2 S3 H9 HA HK DT DQ DK DA DJ",
    "C6 C7 C8 C9 CT CJ CQ CK CA S4 S5 S6 S7",
    "S8 S9 ST SJ H3 H4 H5 H6 H7 H8 HT HJ HQ",
]


def test_gongzhu_dumps_the_pig_when_it_cannot_follow() -> None:
    deal = gongzhu.from_hands(HANDS, leader=0)
    deal.apply(0, "C3")
    assert gongzhu_bot(deal, 1) == "SQ"


def test_gongzhu_ducks_under_a_heart_trick() -> None:
    deal = gongzhu.from_hands(HANDS, leader=3)
    deal.apply(3, "HT")
    assert gongzhu_bot(deal, 0) == "H2"
    deal.apply(0, "H2")
    assert gongzhu_bot(deal, 1) == "H9"  # the highest heart that still loses


def test_gongzhu_never_leads_into_its_own_pig() -> None:
    deal = gongzhu.from_hands(HANDS, leader=1)
    assert gongzhu_bot(deal, 1) not in {"SQ", "SK", "SA"}


@pytest.mark.parametrize("game", ["gouji", "gongzhu"])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_bot_match_is_legal_and_repeats_exactly(game: str, seed: int) -> None:
    module = gouji if game == "gouji" else gongzhu
    logs = []
    for _ in range(2):
        rules = module.Rules(**({"max_hands": 2} if game == "gouji" else {}))
        match = module.new_match(seed=seed, rules=rules)
        ply = 0
        while not match.is_over:
            seat = match.to_act[0]
            move = bot_move(game, match.rounds[-1], seat, ply)
            assert move in match.legal_moves(seat)
            match.apply(seat, move)
            ply += 1
        logs.append(match.log)
    assert logs[0] == logs[1]
