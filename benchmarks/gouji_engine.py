"""够级 engine speed: random full hands per second, and legal_moves for leads and 够级 answers.

    python -m benchmarks.gouji_engine [--hands 400]

Goals: ≥ 250 random hands/s on one core; a 36-card lead enumerated in ≤ 100 µs mean.
Also random hands/s per variant too; 后水湾's 48-card hands above 150 hands/s.
And the same hands without the public record of play (as a search's samples play them):
the record's share of the time, which one commit let grow to half unnoticed; and the same
matches with each hand's play in the playout kernel (`engine.gouji.kernel`), its deal and
pre-play decisions still through the engine, beside the engine's.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from engine.gouji import Rules, from_hands, new_match
from engine.gouji.cards import FOUR_DECKS, shuffled_deck
from engine.gouji.kernel import Kernel
from engine.gouji.phase import Phase
from engine.gouji.sets import leads


def random_hands(
    target: int, seed: int = 1000, variant: str = "standard", record: bool = True
) -> tuple[int, float, float, int]:
    """Hands played, wall seconds, process seconds, moves (`record`: the hands keep the record)."""
    hands = moves = 0
    rules = Rules.from_options({"variant": variant})
    start, cpu = time.perf_counter(), time.process_time()
    while hands < target:
        match, rand = new_match(seed + hands, rules), random.Random(seed + hands)
        match.hand.keeps_turns = record
        while not match.is_over:
            seat = match.to_act[0]
            match.apply(seat, rand.choice(match.legal_moves(seat)))
            match.hand.keeps_turns = record  # each new hand of the match too
            moves += 1
        hands += len(match.hands)
    return hands, time.perf_counter() - start, time.process_time() - cpu, moves


def kernel_hands(target: int, seed: int = 1000, variant: str = "standard") -> tuple[int, float, float]:
    """`random_hands`'s matches, each hand's play in the kernel: hands, wall and process seconds."""
    hands = 0
    rules = Rules.from_options({"variant": variant})
    start, cpu = time.perf_counter(), time.process_time()
    while hands < target:
        match, rand = new_match(seed + hands, rules), random.Random(seed + hands)
        while not match.is_over:
            hand = match.hand
            if hand.phase == Phase.PLAY:
                kernel = Kernel(hand)
                kernel.random_playout(rand)
                match.rounds[-1] = kernel.ended()
                match._round_over()  # the next hand, as `Match.apply` starts it after the last move
                continue
            seat = match.to_act[0]
            match.apply(seat, rand.choice(match.legal_moves(seat)))
        hands += len(match.hands)
    return hands, time.perf_counter() - start, time.process_time() - cpu


def dealt_hands(count: int, seed: int = 7) -> list[list[str]]:
    rand = random.Random(seed)
    deals = []
    for _ in range(count):
        deck = shuffled_deck(rand)
        size = FOUR_DECKS.hand_size
        deals.append([" ".join(str(c) for c in deck[i * size : (i + 1) * size]) for i in range(6)])
    return deals


def time_calls(positions: list, call, repeat: int = 5) -> tuple[float, float]:
    samples = []
    for position in positions:
        best = min(_once(call, position) for _ in range(repeat))
        samples.append(best)
    samples.sort()
    return statistics.fmean(samples), samples[int(len(samples) * 0.99) - 1]


def _once(call, position) -> float:
    start = time.perf_counter_ns()
    call(position)
    return (time.perf_counter_ns() - start) / 1000


def gouji_answer_positions(deals: list[list[str]]) -> list:
    """The opposite of a seat that just led a 够级 set, asked to answer it."""
    positions = []
    for hands in deals:
        game = from_hands(hands, leader=0)
        gouji = [m for m in leads(game.cards[0].counts) if m.is_gouji and not m.big and m.size <= 4]
        if not gouji:
            continue
        game.apply(0, gouji[len(gouji) // 2])
        if game.to_act:
            positions.append((game, game.to_act[0]))
    return positions


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--hands", type=int, default=400)
    parser.add_argument("--positions", type=int, default=1000)
    args = parser.parse_args()

    for variant in ("standard", "outline", "houshuiwan"):
        random_hands(20, variant=variant)  # warm up the interned sets
        hands, seconds, cpu, moves = random_hands(args.hands, variant=variant)
        print(
            f"random full hands, {variant:<10} {hands / seconds:7.1f} hands/s wall, "
            f"{hands / cpu:.1f} per process-second  ({hands} hands, {moves / hands:.0f} moves each)"
        )
        hands, seconds, cpu = kernel_hands(args.hands, variant=variant)
        print(
            f"  … play in the kernel   {hands / seconds:7.1f} hands/s wall, "
            f"{hands / cpu:.1f} per process-second  ({hands} hands)"
        )
    hands, _, bare, _ = random_hands(args.hands, record=False)
    _, _, kept, _ = random_hands(args.hands)
    print(
        f"the record of play's share, standard: {1 - bare / kept:5.1%} of the process time "
        f"({hands / bare:.1f} hands per process-second without it)"
    )

    deals = dealt_hands(args.positions)
    lead_positions = [(from_hands(h, leader=0), 0) for h in deals]
    sizes = [len(g.legal_moves(0)) for g, _ in lead_positions]
    mean, p99 = time_calls(lead_positions, lambda p: p[0].legal_moves(p[1]))
    print(
        f"legal_moves, 36-card lead   mean {mean:6.1f} µs  p99 {p99:6.1f} µs  "
        f"({statistics.fmean(sizes):.0f} moves)"
    )

    answer_positions = gouji_answer_positions(deals)
    sizes = [len(g.legal_moves(s)) for g, s in answer_positions]
    mean, p99 = time_calls(answer_positions, lambda p: p[0].legal_moves(p[1]))
    print(
        f"legal_moves, 够级 answer     mean {mean:6.1f} µs  p99 {p99:6.1f} µs  "
        f"({len(answer_positions)} positions, {statistics.fmean(sizes):.1f} moves)"
    )


if __name__ == "__main__":
    main()
