"""Two runs of a duplicate benchmark paired hand by hand: the interval of a difference
on the same hands is far narrower than the difference of two intervals.

    python -m benchmarks.gouji_preplay --sweep --gains before.txt     # (any benchmark's --gains)
    python -m benchmarks.paired before.txt after.txt                  # after less before
    python -m benchmarks.paired a0.txt,a200.txt b0.txt,b200.txt       # runs split with --first

Each file holds one gain (or one hand's points) a line, in the benchmark's order; files joined
by commas are read in turn, so runs split over cores pair as one.
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Iterable, Sequence


def interval(values: Sequence[float]) -> tuple[float, float]:
    """Mean and the half-width of its 95 % interval."""
    n = len(values)
    mean = sum(values) / n
    var = sum((v - mean) ** 2 for v in values) / max(1, n - 1)
    return mean, 1.96 * math.sqrt(var / n)


def write_gains(path: str, gains: Iterable[float]) -> None:
    """What `--gains FILE` writes: one value a line."""
    with open(path, "w") as out:
        out.writelines(f"{gain}\n" for gain in gains)


def read_gains(paths: str) -> list[float]:
    values: list[float] = []
    for path in paths.split(","):
        with open(path) as lines:
            values += [float(line) for line in lines if line.strip()]
    return values


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("before", help="the first run's file(s), joined by commas")
    parser.add_argument("after", help="the second run's file(s), over the same hands")
    args = parser.parse_args()
    before, after = read_gains(args.before), read_gains(args.after)
    if len(before) != len(after):
        parser.error(f"the runs cover {len(before)} and {len(after)} hands: not the same hands")
    differences = [b - a for a, b in zip(before, after, strict=True)]
    mean, half = interval(differences)
    differ = sum(1 for d in differences if d)
    n = len(differences)
    print(f"{n} hands: before {sum(before) / n:+.2f}, after {sum(after) / n:+.2f}")
    print(f"  after less before: {mean:+.2f} ± {half:.2f} (95 %), {differ} hands differ")


if __name__ == "__main__":
    main()
