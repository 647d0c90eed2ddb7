"""What the rules tell every player of the hidden hands (issue 33), kept by every sample: a seat
smothered (闷) holds only its 3s; with 憋3 a seat still playing holds a 3 (买3), and in 后水湾
exactly one 3 and one 4 until it plays it (马牌, B.2)."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from engine import gouji
from engine.bots import gouji as heuristic
from engine.bots.gouji_reading import read
from engine.gouji.cards import FOUR, NRANKS, THREE
from engine.gouji.simulation import determinized, hidden_seats, rule_bounds
from engine.seeding import rng
from tests.gouji.test_simulation import OTHERS_A, SEAT0


def plays(variant: str, seed: int) -> Iterator[gouji.Hand]:
    """A dealt hand played by the heuristic in every seat, at each of its plays."""
    hand = gouji.Hand(gouji.Rules.from_options({"variant": variant}), f"bounds-{seed}")
    rand = rng(f"bounds-{seed}", "bots")
    while not hand.is_over:
        if hand.phase == "play":
            yield hand
        seat = hand.to_act[0]
        hand.apply(seat, heuristic.choose(hand, seat, rand))


def smothered_with_cards(hand: gouji.Hand) -> list[int]:
    return [d.payer for d in hand.specials if d.kind == "smother" and len(hand.cards[d.payer])]


@pytest.mark.parametrize("variant", ["standard", "outline", "houshuiwan"])
def test_what_the_rules_tell_of_the_hidden_hands_is_true_of_the_real_ones(variant: str) -> None:
    positions = victims = 0
    for seed in range(8):
        for hand in plays(variant, seed):
            reader = hand.to_act[0]
            seats = hidden_seats(hand, reader)
            floors, caps = rule_bounds(hand, seats)
            for seat in seats:
                counts = hand.cards[seat].counts
                assert all(floors[seat][r] <= counts[r] <= caps[seat][r] for r in range(NRANKS)), (seed, seat)
            positions += 1
            victims += bool(smothered_with_cards(hand))
    assert victims >= 3, "some positions hold a smothered seat"
    assert positions > 500


def first_position(variant: str, wanted: object) -> gouji.Hand:
    for seed in range(40):
        for hand in plays(variant, seed):
            if wanted(hand):
                return hand
    raise AssertionError("no such position in 40 hands")


@pytest.mark.parametrize("variant", ["standard", "outline"])  # (后水湾: one 3 anyway)
def test_s9_a_smothered_seat_is_dealt_only_its_3s(variant: str) -> None:
    hand = first_position(variant, lambda h: any(len(h.cards[v]) >= 2 for v in smothered_with_cards(h)))
    victim = next(v for v in smothered_with_cards(hand) if len(hand.cards[v]) >= 2)  # (one 3: a 3 anyway)
    reader = next(s for s in range(6) if s != victim and s not in smothered_with_cards(hand))
    rand = random.Random(2)
    for known in (None, read(hand, reader)):
        for _ in range(20):
            world = determinized(hand, reader, rand, known)
            assert world.cards[victim].counts[THREE] == len(hand.cards[victim]), "nothing but 3s"


def test_b2_every_seat_still_playing_is_dealt_one_3_and_one_4_until_it_plays_it() -> None:
    hand = first_position("houshuiwan", lambda h: 2 <= sum(h.played_four) <= 3 and h.played > 120)
    reader = hand.to_act[0]
    rand = random.Random(4)
    for known in (None, read(hand, reader)) * 10:  # (read: mended too)
        world = determinized(hand, reader, rand, known)
        for seat in hidden_seats(hand, reader):
            if len(hand.cards[seat]) and seat not in smothered_with_cards(hand):
                counts = world.cards[seat].counts
                assert counts[THREE] == 1 and counts[FOUR] == (0 if hand.played_four[seat] else 1), seat


def test_s8_1_every_seat_still_playing_holds_a_3_in_a_dealt_hand_not_in_a_position() -> None:
    hand = first_position("outline", lambda h: h.played > 120)
    reader = hand.to_act[0]
    rand = random.Random(6)
    for known in (None, read(hand, reader)) * 10:
        world = determinized(hand, reader, rand, known)
        assert all(world.cards[s].counts[THREE] for s in hidden_seats(hand, reader) if len(hand.cards[s]))
    position = gouji.from_hands([SEAT0, *OTHERS_A], leader=0)  # set up in play: no 买3
    assert not any(any(floors) for floors in rule_bounds(position, hidden_seats(position, 0))[0])
