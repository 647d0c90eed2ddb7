"""What the worst text a player can type costs the event loop: every hostile input of the
security tests, through both games' notation parsers and the option parser, in process time
(`time.process_time`: the machine is shared) beside wall time.

    python -m benchmarks.hostile_input [--repeat 200]

Goal: no input costs more than a few milliseconds. Before the fix `9x100000000` cost
22 s and gigabytes; `9x999999999999` was killed at 24 GB.
"""

from __future__ import annotations

import argparse
import contextlib
import time
from collections.abc import Callable

from engine import gongzhu, gouji
from engine.options import parse_options
from tests.security.test_inputs import HOSTILE


def cost(parse: Callable[[str], object], text: str, repeat: int) -> tuple[float, float]:
    """Mean process and wall time of one refused parse, in microseconds."""
    cpu, wall = time.process_time(), time.perf_counter()
    for _ in range(repeat):
        with contextlib.suppress(ValueError):  # every one is refused
            parse(text)
    return (time.process_time() - cpu) / repeat * 1e6, (time.perf_counter() - wall) / repeat * 1e6


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=200)
    repeat = parser.parse_args().repeat
    parsers: dict[str, Callable[[str], object]] = {
        "gouji": gouji.parse_move,
        "gongzhu": gongzhu.parse_move,
        "option": lambda text: parse_options(gouji.Rules, {"max_hands": text}),
    }
    worst = 0.0
    print(f"{'input':<28} " + " ".join(f"{name + ' cpu/wall µs':>24}" for name in parsers))
    for text in HOSTILE:
        row = [cost(parse, text, repeat) for parse in parsers.values()]
        worst = max(worst, *(cpu for cpu, _ in row))
        label = (text[:20] + f"… ({len(text)})") if len(text) > 20 else text
        print(f"{label!r:<28} " + " ".join(f"{cpu:>11.1f} / {wall:>10.1f}" for cpu, wall in row))
    print(f"worst mean process time per input: {worst:.1f} µs (goal: a few ms)")


if __name__ == "__main__":
    main()
