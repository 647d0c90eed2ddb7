"""The strong 够级 bot's thinking with its playouts in `Hand` and in the playout kernel,
on the same decisions: process time per decision and whether the move is the same.

    python -m benchmarks.gouji_kernel [--decisions 30] [--variant standard]

Copied into an older checkout (one without the kernel, e.g. eca5964), it times that
checkout's search on the same decisions and prints the same digest of its moves, for a side by
side comparison with the same machine and load.

The decisions come from hands the heuristic plays in every seat, taken where the seat has more
than one move, before play (revolution, tribute …) as in it. The search and its random stream
are the same both ways; only where its playouts run differs. Random hands in the kernel are
measured by benchmarks.gouji_engine.
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.util
import random
import statistics
import time

from engine.gouji import Rules, new_match
from engine.gouji.hand import Hand

try:
    from engine.gouji import bot as heuristic
    from engine.gouji import search
except ImportError:  # an older checkout, where the bots lived in engine.bots
    from engine.bots import gouji as heuristic  # type: ignore[import-not-found, no-redef]
    from engine.bots import gouji_search as search  # type: ignore[import-not-found, no-redef]

HAS_KERNEL = importlib.util.find_spec("engine.gouji.kernel") is not None  # (search.choose takes `kernel`)


def decisions(count: int, rules: Rules, seed: int = 7) -> list[tuple[Hand, int]]:
    """Positions where the heuristic's seat has a choice, from its own play (each hand a new match)."""
    found: list[tuple[Hand, int]] = []
    rand = random.Random(seed)
    number = 0
    while len(found) < count:
        hand = new_match(f"gouji-kernel-bench/{number}", rules).hand
        number += 1
        while not hand.is_over and len(found) < count:
            seat = hand.to_act[0]
            if len(hand.legal_moves(seat)) > 2 and rand.random() < 0.05:
                found.append((hand.clone(), seat))
            hand.apply(seat, heuristic.choose(hand, seat, rand))
    return found


def thinking(positions: list[tuple[Hand, int]], kernel: bool) -> tuple[list[float], list[str]]:
    """Process time per decision (ms) and the moves chosen."""
    times, moves = [], []
    options = {"kernel": kernel} if HAS_KERNEL else {}
    for number, (hand, seat) in enumerate(positions):
        cpu = time.process_time()
        moves.append(str(search.choose(hand, seat, random.Random(number), **options)))
        times.append((time.process_time() - cpu) * 1000)
    return times, moves


def report(name: str, times: list[float], moves: list[str], wall: float) -> None:
    digest = hashlib.sha256("|".join(moves).encode()).hexdigest()[:10]
    print(
        f"{name}: {statistics.mean(times):.1f} ms mean, {max(times):.0f} ms at most, process time "
        f"({wall * 1000 / len(times):.1f} ms mean wall); moves {digest}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decisions", type=int, default=30)
    parser.add_argument("--variant", default="standard", choices=("standard", "outline", "houshuiwan"))
    args = parser.parse_args()
    positions = decisions(args.decisions, Rules(variant=args.variant))
    label = f"strong bot ({args.variant})"
    if not HAS_KERNEL:
        start = time.perf_counter()
        times, moves = thinking(positions, kernel=False)
        report(f"{label}, this checkout (no kernel)", times, moves, time.perf_counter() - start)
        return
    start = time.perf_counter()
    before, before_moves = thinking(positions, kernel=False)
    middle = time.perf_counter()
    after, after_moves = thinking(positions, kernel=True)
    report(f"{label}, playouts in Hand", before, before_moves, middle - start)
    report(f"{label}, playouts in the kernel", after, after_moves, time.perf_counter() - middle)
    same = sum(a == b for a, b in zip(before_moves, after_moves, strict=True))
    share = sum(after) / sum(before)
    print(f"  the same move in {same} of {len(positions)} decisions; {share:.2f} of the thinking")


if __name__ == "__main__":
    main()
