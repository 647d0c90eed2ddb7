"""The simulator a search needs: copying a position, rebuilding one from a seat's view,
and random playouts from mid-deal / mid-hand positions, per second of process time.

    python -m benchmarks.simulation [--positions 100]

Goals: ≥ 10,000 random 拱猪 playouts/s and ≥ 1,000 random 够级 playouts/s per core.
"""

from __future__ import annotations

import argparse
import copy
import random
import time
from collections.abc import Callable
from functools import partial
from typing import Any

from engine import gongzhu, gouji
from engine.gongzhu import bot as gongzhu_heuristic
from engine.gongzhu.moves import Play
from engine.gongzhu.search import playout as heuristic_playout
from engine.gongzhu.simulation import determinized
from engine.gouji.search import playout as gouji_heuristic_playout
from engine.gouji.simulation import determinized as gouji_determinized


def per_call(call: Callable[[Any], Any], items: list[Any], repeat: int = 5) -> float:
    """Process-time µs per call."""
    start = time.process_time()
    for _ in range(repeat):
        for item in items:
            call(item)
    return (time.process_time() - start) / (repeat * len(items)) * 1e6


def gongzhu_positions(count: int) -> list[gongzhu.Deal]:
    """Deals four tricks in (16 plays by the heuristic)."""
    out = []
    for seed in range(count):
        deal, rand = gongzhu.new_game(seed=seed), random.Random(seed)
        while deal.phase != "play":
            deal.apply(deal.to_act[0], "pass")
        for _ in range(16):
            deal.apply(deal.turn, gongzhu_heuristic.choose(deal, deal.turn, rand))
        out.append(deal)
    return out


def gouji_positions(count: int) -> list[gouji.Hand]:
    """Hands 40 random decisions in."""
    out = []
    for seed in range(count):
        hand, rand = gouji.new_game(seed), random.Random(seed)
        for _ in range(40):
            seat = hand.to_act[0]
            hand.apply(seat, rand.choice(hand.legal_moves(seat)))
        out.append(hand)
    return out


def random_gongzhu_playout(deal: gongzhu.Deal, rand: random.Random) -> None:
    while deal.phase == "play":
        moves = deal.legal_moves(deal.turn)  # the plays, then (maybe) the claim: never the claim
        plays = len(moves) - (moves[-1].__class__ is not Play)
        deal.apply(deal.turn, moves[int(rand.random() * plays)])


def random_gouji_playout(hand: gouji.Hand, rand: random.Random) -> None:
    while not hand.is_over:
        seat = hand.to_act[0]
        moves = hand.legal_moves(seat)
        hand.apply(seat, moves[int(rand.random() * len(moves))])


def playouts_per_second(positions: list[Any], copier: Callable[[Any], Any], playout: Any) -> float:
    rand = random.Random(1)
    start, count = time.process_time(), 0
    for _ in range(5):
        for position in positions:
            playout(copier(position), rand)
            count += 1
    return count / (time.process_time() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=100)
    n = parser.parse_args().positions
    deals = gongzhu_positions(n)
    rand = random.Random(2)
    clone, play = gongzhu.Deal.clone, random_gongzhu_playout
    print("拱猪, four tricks into a deal (process time):")
    deepcopy = per_call(copy.deepcopy, deals, 1)
    print(f"  clone {per_call(clone, deals):.1f} µs, copy.deepcopy {deepcopy:.0f} µs")
    print(f"  a deal from a seat's view {per_call(lambda d: determinized(d, d.turn, rand), deals):.0f} µs")
    print(f"  random playouts {playouts_per_second(deals, clone, play):,.0f}/s (goal 10,000)")
    print(f"  heuristic playouts {playouts_per_second(deals, clone, heuristic_playout):,.0f}/s")
    hands = gouji_positions(n)
    print("够级, 40 decisions into a hand (process time):")
    print(
        f"  clone {per_call(lambda h: h.clone(), hands):.0f} µs,"
        f" copy.deepcopy {per_call(copy.deepcopy, hands, 1):,.0f} µs"
    )
    print(f"  a hand from a seat's view {per_call(lambda h: gouji_determinized(h, 0, rand), hands):.0f} µs")
    print(
        f"  random playouts {playouts_per_second(hands, lambda h: h.clone(), random_gouji_playout):,.0f}/s"
        " (goal 1,000)"
    )
    heuristic = playouts_per_second(hands, lambda h: h.clone(), gouji_heuristic_playout)
    in_hand = playouts_per_second(hands, lambda h: h.clone(), partial(gouji_heuristic_playout, kernel=False))
    print(f"  heuristic playouts {heuristic:,.0f}/s in the playout kernel, {in_hand:,.0f}/s in `Hand`")


if __name__ == "__main__":
    main()
