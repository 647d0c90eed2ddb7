"""How near the 够级 search's samples come to the real hands: at the searching team's
plays in duplicate play against the heuristic, what is read of each hidden seat
(`gouji_reading.read`), how much of it the real cards and the samples break, and the share of the
hidden cards a sample places with the seat that holds them; the other team (heuristic seats, read
rightly) and the teammates (searching seats, which play unlike the heuristic) apart.

    python -m benchmarks.gouji_samples [--deals 4] [--first 0] [--samples 5] [--rules variant=outline]
    python -m benchmarks.gouji_samples --uniform   # samples dealt as if nothing were read
"""

from __future__ import annotations

import argparse
import random
import time
from collections import Counter

from benchmarks.gouji_duplicate import duplicate
from engine import gouji
from engine.gouji import bot as heuristic
from engine.gouji import search as gouji_search
from engine.gouji.cards import NRANKS, TEN, TWO
from engine.gouji.reading import read
from engine.gouji.scoring import team
from engine.gouji.simulation import UNCAPPED, Known, determinized, hidden_seats

GROUPS = {"3 to 9": range(TEN), "10 to A": range(TEN, TWO), "2s and jokers": range(TWO, NRANKS)}


def broken(known: Known, world: gouji.Hand, seat: int) -> int:
    """What is read of the seat that its cards in `world` break: caps passed by, and the rest."""
    counts = world.cards[seat].counts
    over = sum(max(0, counts[rank] - known.caps[seat][rank]) for rank in range(NRANKS))
    return over + known.misses(world, seat)


def tally(
    hand: gouji.Hand,
    seat: int,
    side: int,
    samples: int,
    rand: random.Random,
    sums: Counter[str],
    uniform: bool,
) -> None:
    """Adds one position's figures to `sums`: per hidden seat, what is read of it, what its real
    cards and `samples` samples break of that, and the cards each sample places rightly."""
    known = read(hand, seat)
    hidden = [other for other in hidden_seats(hand, seat) if len(hand.cards[other])]
    start = time.process_time()
    worlds = [determinized(hand, seat, rand, None if uniform else known) for _ in range(samples)]
    sums["sample seconds"] += time.process_time() - start
    sums["samples"] += samples
    sums["positions"] += 1
    for other in hidden:
        who = "teammates" if team(other) == side else "the other team"
        real = hand.cards[other].counts
        sums[f"{who}: read"] += sum(most < UNCAPPED for most in known.caps[other])
        sums[f"{who}: read"] += len(known.not_exactly[other]) + len(known.checks[other])
        sums[f"{who}: broken by the real cards"] += broken(known, hand, other)
        for world in worlds:
            sums[f"{who}: broken by a sample"] += broken(known, world, other) / samples
            dealt = world.cards[other].counts
            for group, ranks in GROUPS.items():
                sums[f"placed {group}"] += sum(min(dealt[r], real[r]) for r in ranks) / samples
        for group, ranks in GROUPS.items():
            sums[f"hidden {group}"] += sum(real[r] for r in ranks)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=4)
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--samples", type=int, default=5, help="samples drawn at each position")
    parser.add_argument("--rules", nargs="*", default=["variant=outline"])
    parser.add_argument(
        "--uniform", action="store_true", help="samples dealt without the reading (a baseline)"
    )
    args = parser.parse_args()
    rules = gouji.Rules.from_options(dict(option.split("=", 1) for option in args.rules))
    sums: Counter[str] = Counter()
    sampling = random.Random(0)  # the benchmark's own draws, apart from the bots' streams

    def searched(hand: gouji.Hand, seat: int, rand: random.Random) -> object:
        if hand.phase == "play":
            tally(hand, seat, team(seat), args.samples, sampling, sums, args.uniform)
        return gouji_search.choose(hand, seat, rand)

    start, cpu = time.perf_counter(), time.process_time()
    duplicate(args.deals, searched, heuristic.choose, args.first, rules)
    positions = sums["positions"]
    print(
        f"够级 samples{' (uniform)' if args.uniform else ''}, rules {' '.join(args.rules)}:"
        f" {positions} positions of the searching team's play,"
        f" deals {args.first}–{args.first + args.deals - 1} × 2 sittings, {args.samples} samples each"
    )
    for who in ("the other team", "teammates"):
        read_, real, sample = (
            sums[f"{who}: {k}"] / positions
            for k in ("read", "broken by the real cards", "broken by a sample")
        )
        print(
            f"  {who}, per position: {read_:.1f} facts read, {real:.2f} broken by the real cards,"
            f" {sample:.2f} by a sample"
        )
    shares = ", ".join(f"{g} {sums[f'placed {g}'] / sums[f'hidden {g}']:.1%}" for g in GROUPS)
    placed = sum(sums[f"placed {g}"] for g in GROUPS) / sum(sums[f"hidden {g}"] for g in GROUPS)
    print(f"  hidden cards a sample places with the seat that holds them: {placed:.1%} ({shares})")
    print(
        f"  {1000 * sums['sample seconds'] / sums['samples']:.2f} ms a sample (process time);"
        f" {time.perf_counter() - start:.1f} s wall, {time.process_time() - cpu:.1f} s process"
    )


if __name__ == "__main__":
    main()
