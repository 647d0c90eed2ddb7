"""A hand's clone (a search's position): it plays on exactly as the hand would, and
playing it leaves the hand untouched."""

from __future__ import annotations

import random

import pytest

from engine.gouji import Hand, Rules, new_game


def mid_hand(seed: int, variant: str) -> Hand:
    hand = new_game(seed, Rules.from_options({"variant": variant}))
    rand = random.Random(seed)
    for _ in range(40):
        if hand.is_over:
            break
        seat = hand.to_act[0]
        hand.apply(seat, rand.choice(hand.legal_moves(seat)))
    return hand


def play_out(hand: Hand, rand: random.Random) -> list[str]:
    log = []
    while not hand.is_over:
        seat = hand.to_act[0]
        move = rand.choice(hand.legal_moves(seat))
        hand.apply(seat, move)
        log.append(f"{seat}:{move}")
    return log


@pytest.mark.parametrize("variant", ["standard", "outline", "houshuiwan"])
@pytest.mark.parametrize("seed", range(4))
def test_a_clone_plays_out_like_the_hand_and_leaves_it_untouched(seed: int, variant: str) -> None:
    hand = mid_hand(seed, variant)
    before = (hand.public_view(), [hand.seat_view(s) for s in range(6)])
    twin = hand.clone()
    assert twin.public_view() == before[0]
    log = play_out(twin, random.Random(seed))
    assert (hand.public_view(), [hand.seat_view(s) for s in range(6)]) == before
    assert play_out(hand, random.Random(seed)) == log
    assert hand.scores == twin.scores
