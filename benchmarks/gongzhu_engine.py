"""拱猪 engine speed: random deals per second, start to score, through the public API.

    python -m benchmarks.gongzhu_engine [--deals 1000] [--repeat 5]

A random deal: dealt from its seed, every exposure decision and every card chosen uniformly
among the legal moves (claims left out: an accepted claim would cut deals short), then scored.
Goal: ≥ 3,000 random deals/s on one core with the default rules.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from engine.gongzhu import Deal, Rules
from engine.gongzhu.moves import CLAIM_ALL


def random_deals(count: int, rules: Rules, seed: int = 1) -> tuple[float, float, float]:
    """Deals per second of wall time and of process time, and decisions per deal."""
    pick = random.Random(seed).random
    decisions = 0
    start, cpu = time.perf_counter(), time.process_time()
    for number in range(count):
        deal = Deal(rules, f"bench/{number}")
        while not deal.is_over:
            seat = deal.to_act[0]
            moves = deal.legal_moves(seat)
            choices = len(moves) - (moves[-1] is CLAIM_ALL)
            deal.apply(seat, moves[int(pick() * choices)])
            decisions += 1
    wall, cpu = time.perf_counter() - start, time.process_time() - cpu
    return count / wall, count / cpu, decisions / count


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    cases = {
        "default rules": Rules(),
        "auto_claim=off (every trick played)": Rules(auto_claim=False),
        "decks=2": Rules(decks=2),
        "expose_mode=all, colour_discard": Rules(expose_mode="all", colour_discard=True),
    }
    for name, rules in cases.items():
        runs = [random_deals(args.deals, rules, seed) for seed in range(args.repeat)]
        rates = sorted(rate for rate, _, _ in runs)
        per_cpu = statistics.median(rate for _, rate, _ in runs)
        print(
            f"{name:40s} {statistics.median(rates):7,.0f} deals/s wall (best {rates[-1]:,.0f}, "
            f"worst {rates[0]:,.0f}), {per_cpu:,.0f} per process-second, {runs[0][2]:.1f} decisions/deal"
        )


if __name__ == "__main__":
    main()
