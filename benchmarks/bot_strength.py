"""Bot strength and thinking time, against players who pick uniformly among legal moves.

    python -m benchmarks.bot_strength [--hands 200] [--deals 1000] [--search-deals 0]

够级: a team of three bots against three random players, one hand per match seed, the bots'
team on the even seats for half the hands and on the odd seats for the other half. A hand is won
by the team whose points for it add up to more than zero (every scoring row sums to zero).
Goal: ≥ 80 % of hands won by the bots.
拱猪: one bot against three random players, the bot's seat rotating; the figure is the bot's mean
score per deal minus the others' mean. Goal: ≥ +50 per deal. (Random players are a low bar: the
够级 team also plays the self-play `greedy` seats, which lead low and never spend a wildcard.)
Thinking time: every bot decision is timed; goal < 100 ms each.
`--search-deals N` adds the 够级 search team (`bots=strong`) against the heuristic team in
duplicate play over N deals (benchmarks.gouji_duplicate; goal: ≥ 65 % of hands won);
the 拱猪 search's matchups are benchmarks.gongzhu_duplicate's.

`--levels` prints instead one table of every level (`bots=easy|normal|strong`) against every
other, in duplicate play (the same cards both ways, so their luck cancels), for both games and
their variants, with 95 % intervals:

    python -m benchmarks.bot_strength --levels [--level-deals 200] [--level-hands 40]

拱猪: one seat of the stronger level among three of the weaker, against the weaker in that seat;
points per seat per deal. 够级: a team of three against a team of three, each deal played with the
teams swapped; the share of hands won and points per hand. Thinking: the stronger level's mean
and largest decision, in process time.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from benchmarks import gongzhu_duplicate, gouji_duplicate
from benchmarks.selfplay import greedy_policy
from engine import gongzhu, gouji
from engine.bots import LEVELS, POLICIES
from engine.gongzhu.moves import CLAIM_ALL
from engine.gouji import search as gouji_search
from engine.gouji.scoring import team
from engine.seeding import rng

Timings = list[float]


Opponent = Callable[[Any, int, random.Random], Any]


def random_player(round_: Any, seat: int, rand: random.Random) -> Any:
    return rand.choice([m for m in round_.legal_moves(seat) if m is not CLAIM_ALL])


def play_out(
    round_: Any,
    is_bot: Callable[[int], bool],
    game: str,
    rand: random.Random,
    t: Timings,
    opponent: Opponent = random_player,
) -> None:
    ply = 0
    while not round_.is_over:
        seat = round_.to_act[0]
        if is_bot(seat):
            start = time.perf_counter()
            move = POLICIES[game](round_, seat, rng(round_.seed, "bot", seat, ply))
            t.append(time.perf_counter() - start)
        else:
            move = opponent(round_, seat, rand)
        round_.apply(seat, move)
        ply += 1


def gouji_share(
    hands: int, timings: Timings, opponent: Opponent = random_player, variant: str = "standard"
) -> tuple[float, float]:
    """Share of hands the bots' team scored more than the other (the outline's scoring gives
    the losers 0, not a negative), and of hands drawn."""
    won = ties = 0
    rules = gouji.Rules.from_options({"variant": variant})
    for number in range(hands):
        bots = number % 2
        hand = gouji.new_game(seed=f"strength/{number}", rules=rules)
        is_bot = lambda s, bots=bots: team(s) == bots  # noqa: E731
        play_out(hand, is_bot, "gouji", random.Random(number), timings, opponent)
        mine = sum(p for s, p in enumerate(hand.scores) if team(s) == bots)
        theirs = sum(p for s, p in enumerate(hand.scores) if team(s) != bots)
        won += mine > theirs
        ties += mine == theirs
    return won / hands, ties / hands


def gongzhu_margin(deals: int, timings: Timings) -> tuple[float, float]:
    margins = []
    for number in range(deals):
        bot = number % 4
        deal = gongzhu.new_game(seed=f"strength/{number}")
        play_out(deal, lambda s, bot=bot: s == bot, "gongzhu", random.Random(number), timings)
        scores = deal.scores
        others = [p for s, p in enumerate(scores) if s != bot]
        margins.append(scores[bot] - statistics.fmean(others))
    return statistics.fmean(margins), statistics.stdev(margins) / len(margins) ** 0.5


def gouji_search_matchup(deals: int) -> None:
    results, points, _, timings = gouji_duplicate.duplicate(deals, gouji_search.choose, POLICIES["gouji"])
    won, won_margin = gouji_duplicate.won_share(results)
    mean, points_margin = gouji_duplicate.interval(points)
    print(
        f"够级 search team vs heuristic team (duplicate, {len(results)} hands): {won:.1%} ± {won_margin:.1%}"
        f" won, {mean:+.1f} ± {points_margin:.1f} points a hand; goal ≥ 65%"
    )
    print(f"  够级 search thinking: {describe(timings)}")


def describe(timings: Timings) -> str:
    ms = sorted(t * 1000 for t in timings)
    return (
        f"{len(ms)} decisions, mean {statistics.fmean(ms):.2f} ms, "
        f"p99 {ms[int(len(ms) * 0.99)]:.2f} ms, max {ms[-1]:.2f} ms"
    )


PAIRS = (("strong", "normal"), ("strong", "easy"), ("normal", "easy"))
GONGZHU_RULES = {"default": {}, "no exposure": {"expose_mode": "none", "self_capture": "off"}}
GOUJI_VARIANTS = ("standard", "outline", "houshuiwan")


def thinking_of(timings: Timings) -> str:
    ms = [t * 1000 for t in timings] or [0.0]
    return f"{statistics.fmean(ms):6.1f} / {max(ms):6.0f} ms"


def level_table(deals: int, hands: int) -> None:
    print(f"{'game':<8}{'rules':<13}{'level':<17}{'result (95 %)':<40}{'thinking mean / max'}")
    for name, options in GONGZHU_RULES.items():
        rules = gongzhu.Rules.from_options(options)
        for strong, weak in PAIRS:
            mine, theirs = LEVELS[("gongzhu", strong)], LEVELS[("gongzhu", weak)]
            gains: list[float] = []
            timings: Timings = []
            for number in range(deals):
                seat = number % 4
                tested = gongzhu_duplicate.play_deal(number, rules, seat, mine, timings, theirs)
                gains.append(tested - gongzhu_duplicate.play_deal(number, rules, seat, theirs, [], theirs))
            mean, half = gouji_duplicate.interval(gains)
            result = f"{mean:+7.1f} ± {half:5.1f} points/seat/deal"
            print(f"{'拱猪':<7}{name:<13}{strong + ' > ' + weak:<17}{result:<40}{thinking_of(timings)}")
    for variant in GOUJI_VARIANTS:
        preset = gouji.Rules.from_options({"variant": variant})
        for strong, weak in PAIRS:
            mine, theirs = LEVELS[("gouji", strong)], LEVELS[("gouji", weak)]
            results, points, mistakes, thinking = gouji_duplicate.duplicate(hands, mine, theirs, rules=preset)
            won, won_half = gouji_duplicate.won_share(results)
            mean, half = gouji_duplicate.interval(points)
            result = f"{won:6.1%} ± {won_half:4.1%} won, {mean:+6.1f} ± {half:5.1f} pts"
            smothered = mistakes.smothered / len(results)
            print(
                f"{'够级':<7}{variant:<13}{strong + ' > ' + weak:<17}{result:<40}{thinking_of(thinking)}"
                f"  闷 {smothered:.2f}/hand"
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=200)
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--search-deals", type=int, default=0)
    parser.add_argument("--levels", action="store_true", help="every level against every other")
    parser.add_argument("--level-deals", type=int, default=200, help="拱猪 deals per pairing")
    parser.add_argument("--level-hands", type=int, default=40, help="够级 deals per pairing (× 2 sittings)")
    args = parser.parse_args()
    if args.levels:
        start, cpu = time.perf_counter(), time.process_time()
        level_table(args.level_deals, args.level_hands)
        print(f"{time.perf_counter() - start:.0f} s wall, {time.process_time() - cpu:.0f} s process")
        return
    if args.search_deals:
        gouji_search_matchup(args.search_deals)
    timings: Timings = []
    share, ties = gouji_share(args.hands, timings)
    print(f"够级 bots' team vs random: {share:.1%} of {args.hands} hands won ({ties:.1%} drawn); goal ≥ 80%")
    print(f"  够级 bot thinking: {describe(timings)}")
    share, ties = gouji_share(args.hands, [], greedy_policy)
    print(f"  and against the self-play `greedy` seats: {share:.1%} won ({ties:.1%} drawn)")
    for variant in ("outline", "houshuiwan"):
        timings = []
        share, ties = gouji_share(args.hands, timings, variant=variant)
        print(f"  variant={variant}: {share:.1%} won vs random ({ties:.1%} drawn); {describe(timings)}")
    timings = []
    margin, error = gongzhu_margin(args.deals, timings)
    print(
        f"拱猪 bot − others' mean: {margin:+.1f} ± {error:.1f} per deal over {args.deals} deals; goal ≥ +50"
    )
    print(f"  拱猪 bot thinking: {describe(timings)}")


if __name__ == "__main__":
    main()
