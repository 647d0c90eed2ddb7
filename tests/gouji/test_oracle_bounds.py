"""The bounds `benchmarks.gouji_duplicate` measures the search against: a sample that
knows part of the hidden cards must hold exactly that part real, and the rest as a deal of the
same public cards (each seat its number of cards, the deck whole)."""

from __future__ import annotations

import random

import pytest

from benchmarks.oracle import knowing_seats, knowing_the_wildcards
from engine import gouji
from engine.gouji.cards import WILDCARDS
from engine.gouji.reading import read
from engine.gouji.scoring import team
from engine.gouji.simulation import hidden_seats
from tests.gouji.test_reading import heuristic_hand


def same_deck(sample: gouji.Hand, hand: gouji.Hand) -> None:
    for seat in range(len(hand.cards)):
        assert len(sample.cards[seat]) == len(hand.cards[seat])
    for rank in range(len(hand.cards[0].counts)):
        assert sum(c.counts[rank] for c in sample.cards) == sum(c.counts[rank] for c in hand.cards)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_knowing_the_wildcards_deals_every_hidden_seat_its_real_2s_and_jokers(seed: int) -> None:
    hand = heuristic_hand(seed, stop=40, variant="outline")
    seat = hand.to_act[0]
    moved = 0
    for draw in range(6):
        sample = knowing_the_wildcards(hand, seat, random.Random(draw), read(hand, seat))
        same_deck(sample, hand)
        for other in hidden_seats(hand, seat):
            assert [sample.cards[other].counts[r] for r in WILDCARDS] == [
                hand.cards[other].counts[r] for r in WILDCARDS
            ]
            moved += sample.cards[other].counts != hand.cards[other].counts
    assert moved  # the rest is still sampled: not the real hands


@pytest.mark.parametrize("other_team", [True, False])
def test_knowing_seats_deals_the_known_team_its_real_cards_and_samples_the_rest(other_team: bool) -> None:
    hand = heuristic_hand(5, stop=30, variant="outline")
    seat = hand.to_act[0]
    moved = 0
    for draw in range(6):
        sample = knowing_seats(other_team)(hand, seat, random.Random(draw), read(hand, seat))
        same_deck(sample, hand)
        for other in hidden_seats(hand, seat):
            real = sample.cards[other].counts == hand.cards[other].counts
            if (team(other) != team(seat)) == other_team:
                assert real
            moved += not real
            assert sample.own[other] == sample.cards[other].counts
    assert moved
