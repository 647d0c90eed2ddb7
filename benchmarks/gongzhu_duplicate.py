"""拱猪 bots in duplicate play: each deal is played twice from the same cards, once with
the bot under test in one seat and once with the heuristic bot there (the other three seats are
heuristic bots both times); the difference of that seat's scores is the bot's gain, with the
cards' luck cancelled out. The tested seat rotates with the deal.

    python -m benchmarks.gongzhu_duplicate [--deals 100] [--first 0] [--samples 48]
                                           [--rules key=value ...] [--exposure-only] [--gains FILE]

Goal: the search bot ≥ 50 points per seat per deal above the heuristic, under the
default rules and under `expose_mode=none self_capture=off`.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from benchmarks.paired import write_gains
from engine import gongzhu
from engine.gongzhu import bot as heuristic
from engine.gongzhu import search as gongzhu_search
from engine.seeding import rng

Policy = Callable[[Any, int, random.Random], Any]


def play_deal(
    number: int,
    rules: gongzhu.Rules,
    tested: int,
    policy: Policy,
    thinking: list[float],
    others: Policy = heuristic.choose,
) -> int:
    """The tested seat's score in deal `number` with `policy` in that seat, `others` elsewhere."""
    deal = gongzhu.new_game(seed=f"duplicate/{number}", rules=rules)
    ply = 0
    while not deal.is_over:
        seat = deal.to_act[0]
        rand = rng(deal.seed, "bot", seat, ply)
        if seat == tested:
            start = time.process_time()
            move = policy(deal, seat, rand)
            thinking.append(time.process_time() - start)
        else:
            move = others(deal, seat, rand)
        deal.apply(seat, move)
        ply += 1
    assert deal.scores is not None
    return deal.scores[tested]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--first", type=int, default=0, help="the first deal's number")
    parser.add_argument("--samples", type=int, default=gongzhu_search.SAMPLES)
    parser.add_argument("--gains", help="write each deal's gain to this file, one a line (to pair two runs)")
    parser.add_argument("--rules", nargs="*", default=[], help="table options, e.g. expose_mode=none")
    parser.add_argument(
        "--exposure-only",
        action="store_true",
        help="the tested seat plays as the heuristic, its exposure searched: the exposure search's own gain",
    )
    args = parser.parse_args()
    rules = gongzhu.Rules.from_options(dict(option.split("=", 1) for option in args.rules))

    def search(deal: Any, seat: int, rand: random.Random) -> Any:
        if args.exposure_only and deal.phase != "expose":
            return heuristic.choose(deal, seat, rand)
        return gongzhu_search.choose(deal, seat, rand, args.samples)

    gains, thinking, start, cpu = [], [], time.perf_counter(), time.process_time()
    for number in range(args.first, args.first + args.deals):
        tested = number % 4
        strong = play_deal(number, rules, tested, search, thinking)
        base = play_deal(number, rules, tested, heuristic.choose, [])
        gains.append(strong - base)
    if args.gains:
        write_gains(args.gains, gains)
    mean = statistics.fmean(gains)
    half = 1.96 * statistics.stdev(gains) / len(gains) ** 0.5
    ms = sorted(t * 1000 for t in thinking)
    what = "exposure search only" if args.exposure_only else "search"
    print(
        f"拱猪 {what} ({args.samples} samples) vs heuristic,"
        f" deals {args.first}–{args.first + args.deals - 1}, rules {args.rules or 'default'}"
    )
    print(f"  gain per seat per deal: {mean:+.1f} ± {half:.1f} points (95 %)")
    print(
        f"  thinking: mean {statistics.fmean(ms):.1f} ms, p99 {ms[int(len(ms) * 0.99)]:.1f} ms,"
        f" max {ms[-1]:.1f} ms (process time, {len(ms)} decisions)"
    )
    print(f"  {time.perf_counter() - start:.1f} s wall, {time.process_time() - cpu:.1f} s process")


if __name__ == "__main__":
    main()
