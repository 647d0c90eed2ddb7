"""The hint says why: the normal bot's move with the reason its own terms give — the
branch of its choice — in one line, in zh and en; every reason the bots give has its words."""

from __future__ import annotations

import random

import pytest

from engine.games import GAMES
from engine.gongzhu import Rules, from_hands
from engine.gouji import from_hands as gouji_hands
from engine.gouji.sets import PASS
from engine.options import parse_options
from engine.seeding import rng
from handlers.games import hint_reason


def reason(game: str, round_: object, seat: int, lang: str = "en") -> tuple[str, str]:
    move = GAMES[game].bots["normal"](round_, seat, random.Random(0))
    key, values = GAMES[game].explain(round_, seat, move)
    return str(move), hint_reason(game, key, values, lang)


def test_a_gongzhu_hint_sheds_the_pig_and_says_so() -> None:
    deal = from_hands(
        ["H5 H6 H7", "SQ C2 C3", "HA S2 S3", "D4 D5 D6"], leader=0, rules=Rules(auto_claim=False)
    )
    deal.apply(0, "H5")
    assert reason("gongzhu", deal, 1) == ("SQ", "sheds the pig (♠Q) on someone else's trick")
    assert reason("gongzhu", deal, 1, "zh")[1] == "把猪（♠Q）垫到别人的圈里"


def test_a_gongzhu_hint_flushes_the_pig_with_a_low_spade() -> None:
    deal = from_hands(
        ["S3 H5 D9", "SQ C2 C3", "HA S2 SK", "D4 D5 D6"], leader=0, rules=Rules(auto_claim=False)
    )
    assert reason("gongzhu", deal, 0) == ("S3", "the pig is still out: a low spade flushes it")


def test_a_high_lead_is_told_as_one_never_as_a_low_lead() -> None:
    """A review's better move may be any legal move: a ♦A lead is explained as what it is."""
    deal = from_hands(
        ["DA D3 H5", "SQ C2 C3", "HA S2 SK", "D4 D5 D6"], leader=0, rules=Rules(auto_claim=False)
    )
    ace = next(m for m in deal.legal_moves(0) if str(m) == "DA")
    key, _ = GAMES["gongzhu"].explain(deal, 0, ace)
    assert hint_reason("gongzhu", key, {}, "en") == (
        "a high card wins while everyone still follows: nobody can drop points on it"
    )
    key, _ = GAMES["gongzhu"].explain(deal, 0, next(m for m in deal.legal_moves(0) if str(m) == "D3"))
    assert key == "lead_low"


def test_a_gouji_lead_of_part_of_a_rank_is_told_as_one() -> None:
    """A review's better move may split a rank the bot would lead whole: said as it is."""
    hands = [
        "8 8 8 9 10 J Q K A 2 4 5 6", "4 4 5 5 6 6 7 7 8 8 9 9 BJ", "10 10 J J Q Q K K A A 2 2 SJ",
        "3 3 5 5 7 7 9 9 J J K K 2", "4 4 6 6 8 8 10 10 Q Q A A 2", "3 5 7 9 J K 4 6 8 10 Q A SJ",
    ]  # fmt: skip
    hand = gouji_hands(hands, leader=0)
    single = next(m for m in hand.legal_moves(0) if str(m) == "8")
    key, values = GAMES["gouji"].explain(hand, 0, single)
    assert hint_reason("gouji", key, values, "en") == "leads part of a rank and keeps 2 of it to answer with"
    whole = next(m for m in hand.legal_moves(0) if str(m) == "8 8 8")
    assert GAMES["gouji"].explain(hand, 0, whole)[0] != "lead_part"


def test_a_gouji_hint_lets_a_teammates_set_stand() -> None:
    hands = [
        "3 4 5 6 7 8 9 10 J Q K A 2", "4 4 5 5 6 6 7 7 8 8 9 9 BJ", "10 10 J J Q Q K K A A 2 2 SJ",
        "3 3 5 5 7 7 9 9 J J K K 2", "4 4 6 6 8 8 10 10 Q Q A A 2", "3 5 7 9 J K 4 6 8 10 Q A SJ",
    ]  # fmt: skip
    hand = gouji_hands(hands, leader=0)
    hand.apply(0, "5")  # seat 0 leads a single 5; seat 2 is its teammate
    while hand.to_act and hand.to_act[0] != 2:
        seat = hand.to_act[0]
        hand.apply(seat, PASS if PASS in hand.legal_moves(seat) else hand.legal_moves(seat)[0])
    move, said = reason("gouji", hand, 2)
    assert move == "pass" and said == "your teammate leads this round: let it stand"


@pytest.mark.parametrize("game", ["gongzhu", "gouji"])
def test_every_reason_the_bot_gives_has_its_words_in_both_languages(game: str) -> None:
    pack = GAMES[game]
    keys = set()
    for number in range(3):
        match = pack.new_match(
            f"hints/{number}", pack.rules(parse_options(pack.rules_type, pack.short_match))
        )
        plies = 0
        while not match.is_over and plies < 400:
            seat = match.to_act[0]
            move = pack.bots["normal"](match.current, seat, rng("hints", number, plies))
            key, _ = pack.explain(match.current, seat, move)
            if key:
                keys.add(key)
            # a review explains its better move, which may be any legal one: each has words
            for other in match.current.legal_moves(seat):
                said, values = pack.explain(match.current, seat, other)
                for lang in ("zh", "en"):
                    assert not said or hint_reason(game, said, values, lang), (game, said)
            match.apply(seat, move)
            plies += 1
    assert len(keys) >= 6  # the bots' reasons are many, not one generic line
