"""Reading the other seats from the record of play: what the searching bot infers of
hidden hands is true of the real ones when every seat plays as the heuristic does, and the
record holds only what the table saw."""

from __future__ import annotations

import pickle
import random

import pytest

from engine import gouji
from engine.gouji import bot as heuristic
from engine.gouji import search as gouji_search
from engine.gouji.cards import NRANKS, SEATS, HandCards
from engine.gouji.reading import read
from engine.gouji.sets import PASS
from engine.gouji.simulation import Known, determinized
from engine.gouji.turns import Turn
from engine.seeding import rng
from tests.gouji.test_simulation import OTHERS_A, OTHERS_B, SEAT0
from tests.helpers import search_sees_only_the_view


def heuristic_hand(seed: int, stop: int, variant: str = "standard") -> gouji.Hand:
    """A dealt hand played by the heuristic in every seat for `stop` plays (or to its end)."""
    hand = gouji.Hand(gouji.Rules.from_options({"variant": variant}), f"reading-{seed}")
    rand = rng(f"reading-{seed}", "bots")
    plays = 0
    while not hand.is_over and plays < stop:
        seat = hand.to_act[0]
        if hand.phase == "play":
            plays += 1
        hand.apply(seat, heuristic.choose(hand, seat, rand))
    return hand


def broken(known: Known, hand: gouji.Hand, reader: int) -> list[str]:
    found = []
    for seat in range(SEATS):
        if seat == reader:
            continue
        counts = hand.cards[seat].counts
        found += [
            f"seat {seat} rank {r}: {counts[r]} > {known.caps[seat][r]}"
            for r in range(NRANKS)
            if counts[r] > known.caps[seat][r]
        ]
        found += [f"seat {seat} rank {r}: exactly {n}" for r, n in known.not_exactly[seat] if counts[r] == n]
        checks = enumerate(known.checks[seat])
        found += [f"seat {seat}: check {i} decided otherwise" for i, check in checks if check(hand, counts)]
    return found


@pytest.mark.parametrize("variant", ["standard", "outline", "houshuiwan"])
@pytest.mark.parametrize("seed", range(12))
def test_what_is_read_of_seats_that_play_as_the_heuristic_is_true_of_their_real_hands(
    seed: int, variant: str
) -> None:
    hand = heuristic_hand(seed, stop=40 + 7 * seed, variant=variant)
    assert hand.phase == "play"
    reader = hand.to_act[0]
    known = read(hand, reader)
    assert known.capped, "forty plays and more always tell something"
    assert any(known.checks), "and some seat has answered or passed the other team"
    assert broken(known, hand, reader) == []


def test_a_lead_of_the_lowest_rank_caps_the_ranks_below_it_and_the_rank_itself() -> None:
    # seat 1 leads its 7s whole: under the heuristic it held no 5 or 6 and holds no 7 now; a 4
    # it may keep, as a 4 played gives up its point (§9)
    hands = [
        "3 5 5 9 9 K K",
        "7 7 8 8 J J Q",
        "4 4 4 10 10 A A",
        "6 6 6 9 9 10 10",
        "5 8 8 Q Q 2 2",
        "J J K K A SJ BJ",
    ]
    hand = gouji.from_hands(hands, leader=1)
    hand.apply(1, "7 7")
    known = read(hand, 0)
    four, five, seven = (gouji.cards.rank_of(r) for r in ("4", "5", "7"))
    assert known.caps[1][seven] == 0
    assert all(known.caps[1][rank] == 0 for rank in range(five, seven))
    assert known.caps[1][four] > 8
    assert known.caps[1][gouji.cards.rank_of("8")] > 8  # nothing told of the higher ranks
    assert known.caps[2] == Known().caps[2]  # nor of seats that have not played


# seat 1 leads 9 9 with five cards left: near finishing, so the heuristic would spend up to
# THREAT on it, and seat 2 passes. Caps on single ranks allow "10 2" as much as "10 8"; only the
# pass itself, asked again of the cards, tells that 10 with a 2 (cost 3) would have answered
NEAR_FINISH_PAIR = [
    "3 5 5 9 9 K K",
    "9 9 J Q K A A",
    "4 4 6 6 7 8 10",
    "5 8 J Q 2 2 SJ",
    "7 10 Q K A 2 2",
    "4 6 8 J K A BJ",
]


def passed_near_finish_pair() -> gouji.Hand:
    hand = gouji.from_hands(NEAR_FINISH_PAIR, leader=1)
    hand.apply(1, "9 9")
    if hand.to_act == [2]:
        hand.apply(2, "pass")
    return hand


def test_a_pass_on_a_pair_worth_spending_on_tells_of_the_ranks_above_it_and_the_2s_together() -> None:
    hand = passed_near_finish_pair()
    (check,) = read(hand, 0).checks[2]
    assert not check(hand, HandCards.from_text("4 4 6 6 7 8 10").counts)  # its real cards
    assert check(hand, HandCards.from_text("4 4 6 6 7 10 2").counts)  # "10 2" costs 3: it would answer
    assert check(hand, HandCards.from_text("4 4 6 6 7 J J").counts)  # "J J" costs nothing
    assert not check(hand, HandCards.from_text("4 4 6 6 7 8 2").counts)  # nothing above 9 to pair
    assert check(hand, HandCards.from_text("3 SJ BJ").counts)  # going out is taken, however dear


@pytest.mark.parametrize("variant", ["standard", "outline", "houshuiwan"])
def test_a_check_asks_only_answers_it_could_afford_and_decides_as_if_it_asked_all(variant: str) -> None:
    decided = {True: 0, False: 0}
    for seed, stop in [(0, 60), (1, 100), (2, 140), (3, 160)]:  # late too: answers that go out
        hand = heuristic_hand(seed, stop, variant)
        if hand.phase != "play":
            continue
        reader = hand.to_act[0]
        rand = random.Random(seed)
        worlds = [determinized(hand, reader, rand) for _ in range(40)]  # uniform: many break checks
        for seat, checks in enumerate(read(hand, reader).checks):
            for check in checks:
                for world in worlds:
                    counts = world.cards[seat].counts
                    assert check(world, counts) == check.otherwise(world, counts, None)
                    decided[check(world, counts)] += 1
    assert min(decided.values()) > 100, "both answers are asked of, many times"


def test_samples_are_mended_until_they_meet_what_a_seats_decisions_tell() -> None:
    hand = passed_near_finish_pair()
    known = read(hand, 0)
    (check,) = known.checks[2]
    rand = random.Random(5)
    uniform = [check(w, w.cards[2].counts) for w in (determinized(hand, 0, rand) for _ in range(30))]
    read_ = [check(w, w.cards[2].counts) for w in (determinized(hand, 0, rand, known) for _ in range(30))]
    assert sum(uniform) >= 15, "dealt at random, seat 2 mostly holds an answer it would have played"
    assert sum(read_) == 0


def test_samples_keep_within_what_is_read_and_the_seats_counts() -> None:
    hand = heuristic_hand(3, stop=60)
    reader = hand.to_act[0]
    known = read(hand, reader)
    rand = random.Random(1)
    for _ in range(20):
        world = determinized(hand, reader, rand, known)
        assert [len(c) for c in world.cards] == [len(c) for c in hand.cards]
        for seat in range(SEATS):
            if seat != reader:
                counts = world.cards[seat].counts
                assert all(counts[r] <= known.caps[seat][r] for r in range(NRANKS)), seat


@pytest.mark.parametrize("seed", range(3))
def test_s11a_hands_that_look_the_same_after_the_others_played_give_the_same_samples_and_move(
    seed: int,
) -> None:
    """The record holds what the table saw: seat 1 leads and the others pass in two hands whose
    hidden cards differ; seat 0's reading, samples and searched move are the same in both."""
    first = gouji.from_hands([SEAT0, *OTHERS_A], leader=1)
    second = gouji.from_hands([SEAT0, *OTHERS_B], leader=1)
    for hand in (first, second):
        hand.apply(1, "4 4")
        while hand.to_act != [0]:
            hand.apply(hand.to_act[0], "pass")
    assert read(first, 0).caps == read(second, 0).caps
    search_sees_only_the_view(first, second, seed, determinized, gouji_search.choose)


def test_the_search_deals_every_sample_with_the_sampler_it_is_given_and_what_it_read() -> None:
    """`--oracle` (gouji_preplay, gouji_duplicate) gives the search the real hands through `sample`."""
    hand = heuristic_hand(2, stop=50)
    seat = hand.to_act[0]
    seen: list[Known | None] = []

    def sampler(position: gouji.Hand, who: int, rand: random.Random, known: Known | None) -> gouji.Hand:
        seen.append(known)
        return position.clone()

    gouji_search.choose(hand, seat, random.Random(4), samples=4, sample=sampler)
    assert len(seen) >= 4 and all(known is not None and known.capped for known in seen)


def test_a_long_record_goes_to_a_worker_process_whole() -> None:
    """A search's worker gets the hand pickled: a record of thousands of turns must not exhaust
    the stack (pickled link by link it did at 500) and comes back turn for turn."""
    turn = None
    for number in range(3000):
        turn = Turn(number % SEATS, PASS, None, 0, number, False, False, True, False, False, turn)
    assert turn is not None
    again = pickle.loads(pickle.dumps(turn))
    assert [t.facts() for t in again.history()] == [t.facts() for t in turn.history()]
    hand = heuristic_hand(4, stop=120)
    assert read(pickle.loads(pickle.dumps(hand)), hand.to_act[0]).caps == read(hand, hand.to_act[0]).caps
