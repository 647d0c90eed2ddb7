"""Reading the other seats (issue 33): a sampled deal is weighed by how well it explains the plays
made, replayed from the hands it implies, against what the heuristic would have played."""

from __future__ import annotations

import pickle
import random

import pytest

from engine import gongzhu
from engine.bots import gongzhu as heuristic
from engine.bots import gongzhu_search
from engine.bots.gongzhu_inference import IMPOSSIBLE, UNLIKE, surprises, weight
from engine.gongzhu.simulation import determinized
from tests.gongzhu.test_simulation import OTHERS_A, SEAT0, VOID_HANDS, hands_of

# Seat 0 leads ♣3. Seat 1 holds ♣A ♣9 ♣6 ♣2: the heuristic ducks with ♣2; in HIGH_CLUB its only
# club is the ♣A, so playing it was forced there.
CLUBS_LED = [SEAT0, *OTHERS_A]
HIGH_CLUB = [
    SEAT0,
    "SQ S8 S6 HK H8 H4 DA D8 D5 CA HJ H10 H6",
    OTHERS_A[1],
    "S10 S4 S3 S2 C9 C6 C2 DJ D10 D6 D2 CQ CJ",
]


def test_a_play_the_heuristic_would_not_make_is_a_surprise_unless_the_hand_forced_it() -> None:
    deal = gongzhu.from_hands(CLUBS_LED, leader=0)
    assert str(heuristic.choose(deal, 0, random.Random(0))) != "C3"  # seat 0's own lead surprises
    deal.apply(0, "C3")
    assert str(heuristic.choose(deal, 1, random.Random(0))) == "C2"
    deal.apply(1, "CA")
    world = gongzhu.from_hands(HIGH_CLUB, leader=0)
    world.apply(0, "C3")
    world.apply(1, "CA")
    assert surprises(deal, deal, 0) == 1  # the real hands: ♣2 was there to duck with
    assert surprises(world, deal, 0) == 0
    assert weight(deal, deal, 0) == UNLIKE and weight(world, deal, 0) == 1.0
    assert surprises(deal, deal, 1) == 1  # to seat 1, seat 0's lead surprises, its own play not


def test_a_sample_in_which_a_play_could_not_have_been_made_is_impossible() -> None:
    deal = gongzhu.from_hands(VOID_HANDS, leader=0, exposed=["DA"])
    deal.apply(0, "C3")
    for seat in (1, 2, 3):
        deal.apply(seat, deal.legal_moves(seat)[0])
    # seat 2 did not follow clubs: a world that gives it a club (traded for seat 3's diamond) lies
    world = deal.clone()
    world.hands[2][3].append(4)
    world.hands[3][3].remove(4)
    world.hands[3][2].append(world.hands[2][2].pop())
    assert sorted(hands_of(world)[2].split()) != sorted(hands_of(deal)[2].split())
    assert surprises(world, deal, 0) == IMPOSSIBLE and weight(world, deal, 0) == 0.0


@pytest.mark.parametrize("seed", range(3))
def test_the_real_hands_explain_every_play_of_heuristic_players_and_samples_mostly_do_not(seed: int) -> None:
    deal, rand = gongzhu.new_game(seed=f"inference/{seed}"), random.Random(seed)
    weights: list[float] = []
    while not deal.is_over:
        seat = deal.to_act[0]
        if deal.phase == "play" and deal.history:
            assert surprises(deal, deal, seat) == 0
            weights.append(weight(determinized(deal, seat, rand), deal, seat))
        deal.apply(seat, heuristic.choose(deal, seat, rand))
    assert sum(weights) < 0.5 * len(weights)  # the plays tell the samples apart


# To seat 0 after the first trick (♠9 ♠8 ♠7 ♠4) these look alike: seat 1's ♥8 and seat 3's ♥J trade.
TRADED = [SEAT0, OTHERS_A[0].replace("H8", "HJ"), OTHERS_A[1], OTHERS_A[2].replace("HJ", "H8")]


def after_a_spade_trick(hands: list[str]) -> gongzhu.Deal:
    deal = gongzhu.from_hands(hands, leader=0)
    for seat, text in enumerate(("S9", "S8", "S7", "S4")):
        deal.apply(seat, text)
    return deal


@pytest.mark.parametrize("seed", range(3))
def test_the_weighed_samples_see_only_the_view(seed: int) -> None:
    first, second = after_a_spade_trick([SEAT0, *OTHERS_A]), after_a_spade_trick(TRADED)
    assert first.public_view() == second.public_view() and hands_of(first) != hands_of(second)
    drawn = [gongzhu_search.worlds(d, 0, random.Random(seed), 8, 4, UNLIKE) for d in (first, second)]
    assert [(hands_of(w), n) for w, n in drawn[0]] == [(hands_of(w), n) for w, n in drawn[1]]
    assert sum(n for _, n in drawn[0]) == 8
    moves = [gongzhu_search.choose(d, 0, random.Random(seed), samples=6) for d in (first, second)]
    assert moves[0] is moves[1]


def test_the_history_is_copied_by_a_clone_and_a_pickle() -> None:
    deal = after_a_spade_trick([SEAT0, *OTHERS_A])
    assert [(s, str(m)) for s, m in deal.history] == [(0, "S9"), (1, "S8"), (2, "S7"), (3, "S4")]
    copy = deal.clone()
    copy.apply(0, copy.legal_moves(0)[0])
    assert len(copy.history) == 5 and len(deal.history) == 4
    assert pickle.loads(pickle.dumps(deal)).history == deal.history
