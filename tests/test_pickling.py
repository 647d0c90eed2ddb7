"""Rounds travel to a searching bot's worker process pickled: an unpickled round plays
on exactly like the original, and its moves and cards are the interned objects the engine
compares with `is`."""

from __future__ import annotations

import pickle
import random

import pytest

from engine import gongzhu, gouji
from engine.gongzhu.cards import PIG


def travelled(round_: object) -> object:
    return pickle.loads(pickle.dumps(round_))


@pytest.mark.parametrize("seed", range(4))
def test_an_unpickled_gouji_hand_plays_on_like_the_original(seed: int) -> None:
    hand, rand = gouji.new_game(f"pickle/{seed}"), random.Random(seed)
    for _ in range(60):
        seat = hand.to_act[0]
        hand.apply(seat, rand.choice(hand.legal_moves(seat)))
    copy = travelled(hand)
    assert isinstance(copy, gouji.Hand) and copy.sets is hand.sets
    assert copy.table is hand.table  # the interned set on the table
    while not hand.is_over:
        seat = hand.to_act[0]
        moves = hand.legal_moves(seat)
        assert copy.legal_moves(seat) == moves  # the same interned objects, in the same order
        move = rand.choice(moves)
        assert pickle.loads(pickle.dumps(move)) is move
        assert copy.apply(seat, move) == hand.apply(seat, move)
    assert copy.scores == hand.scores


@pytest.mark.parametrize("seed", range(4))
def test_an_unpickled_gongzhu_deal_plays_on_like_the_original(seed: int) -> None:
    deal, rand = gongzhu.new_game(seed=seed), random.Random(seed)
    while deal.phase != "play":
        deal.apply(deal.to_act[0], "pass")
    for _ in range(18):  # mid-trick
        deal.apply(deal.turn, rand.choice([m for m in deal.legal_moves(deal.turn) if m.text[0] != "c"]))
    copy = travelled(deal)
    assert isinstance(copy, gongzhu.Deal)
    assert pickle.loads(pickle.dumps(PIG)) is PIG  # `c is PIG` finds the pig's taker
    while not deal.is_over:
        seat = deal.to_act[0]
        moves = deal.legal_moves(seat)
        assert copy.legal_moves(seat) == moves
        move = moves[0] if deal.phase != "play" else rand.choice(moves[:-1] or moves)
        assert copy.apply(seat, move) == deal.apply(seat, move)
    assert copy.scores == deal.scores


def test_a_view_pickled_before_the_views_moved_still_loads() -> None:
    """Owed notices are kept pickled in the store (`owed`); the views moved from
    engine.referee.notifier to engine.referee.views, and an older row still loads."""
    from engine.referee.views import SeatView

    seat = SeatView(0, 501, 1, False, 0)
    older = pickle.dumps(seat, protocol=0).replace(b"engine.referee.views", b"engine.referee.notifier")
    assert b"engine.referee.notifier" in older and pickle.loads(older) == seat
