"""够级 bots in duplicate play: the same deal played twice with the teams swapped, so
the cards' luck cancels out; and the heuristic's known mistakes, counted.

    python -m benchmarks.gouji_duplicate [--hands 150] [--against path/to/engine/gouji/bot.py]
    python -m benchmarks.gouji_duplicate --search [--samples 16] [--more 3] [--width 4] [--first 0]
    python -m benchmarks.gouji_duplicate --search --rules variant=houshuiwan   # any table options
    python -m benchmarks.gouji_duplicate --search --gains FILE   # each hand's points, to pair two runs
    python -m benchmarks.gouji_duplicate --search --oracle   # the search seeing every hand (a bound)
    python -m benchmarks.gouji_duplicate --search --oracle-until 8   # … only early in the hand
    python -m benchmarks.gouji_duplicate --search --next-hand   # and what its tributes owed are worth

`--against` loads another version of the 够级 bot from a file (an older checkout, say) and plays
today's bot against it; without it, today's bot plays itself (a sanity check: about 50 %).
`--search` plays the searching bot (`bots=strong`) against today's heuristic; `--first` skips
deals, so that runs on several cores can share the deals out.
Reported: the share of deals today's team wins on both sides, with a 95 % interval, the points
per hand, and per hand of today's bot the heuristic's known mistakes.
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import time
from collections.abc import Callable, Iterable
from types import ModuleType
from typing import Any

from benchmarks.oracle import knowing_seats, knowing_the_wildcards, seeing_every_hand, seeing_in_part
from benchmarks.paired import interval, write_gains
from engine import gouji
from engine.gouji import bot as today
from engine.gouji import search as gouji_search
from engine.gouji.cards import cards_but_threes
from engine.gouji.scoring import net_tributes, team, team_margin
from engine.gouji.sets import PASS, CardSet
from engine.gouji.simulation import determinized
from engine.seeding import rng

Choose = Callable[[Any, int, random.Random], Any]


def load_bot(path: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location("other_gouji_bot", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class Mistakes:
    """The heuristic's known mistakes, counted for the seats of the bot under test."""

    def __init__(self) -> None:
        self.teammate_pass = 0  # passed a teammate's set though an answer would leave only 3s
        self.wasted_wilds = 0  # ≥ 2 wildcards on the opposite's 够级 set that could not open point
        self.smothered = 0
        self.tributes = 0  # tribute cards owed into the next hand to the team, less those it owes

    def see(self, hand: gouji.Hand, seat: int, move: Any) -> None:
        table = hand.table
        if hand.phase != "play" or table is None:
            return
        counts = hand.cards[seat].counts
        rest = cards_but_threes(counts)
        teammates = team(hand.owner) == team(seat)
        if (
            move is PASS
            and teammates
            and any(isinstance(m, CardSet) and m.size == rest for m in hand.legal_moves(seat))
        ):
            self.teammate_pass += 1
        if isinstance(move, CardSet) and today.wastes_wildcards(hand, seat, move):
            self.wasted_wilds += 1


def duplicate(
    hands: int,
    mine: Choose,
    theirs: Choose,
    first: int = 0,
    rules: gouji.Rules | None = None,
    next_hand: list[int] | None = None,
) -> tuple[list[int], list[int], Mistakes, list[float]]:
    """Per deal, +1 / 0 / −1 for each of the two sittings (today's team won / drew / lost the
    hand) and today's team's points; mistakes; mean thinking time (ms) of today's bot. Given
    `next_hand`, each sitting's match goes on to its second hand, played by the heuristic in every
    seat, and that hand's points for today's team are added to the list (0 when the match ended)."""
    results, points, mistakes, thinking = [], [], Mistakes(), []
    for number in range(first, first + hands):
        for side in (0, 1):  # today's bot on the even seats, then on the odd ones
            match = gouji.new_match(seed=f"duplicate/{number}", rules=rules or gouji.Rules())
            hand = match.hand
            ply = 0
            while not hand.is_over:
                seat = hand.to_act[0]
                ours = team(seat) == side
                rand = rng(hand.seed, "bot", seat, ply)
                start = time.process_time()
                move = (mine if ours else theirs)(hand, seat, rand)
                if ours:
                    thinking.append(time.process_time() - start)
                    mistakes.see(hand, seat, move)
                mistakes.smothered += smothers_against(match.apply(seat, move), side)
                ply += 1
            assert hand.scores is not None
            margin = team_margin(hand.scores, side)
            mistakes.tributes += net_tributes(hand.debts, side)
            results.append((margin > 0) - (margin < 0))
            points.append(margin)
            if next_hand is not None:
                next_hand.append(0 if match.is_over else team_margin(played_out(match), side))
    return results, points, mistakes, thinking


def smothers_against(events: Iterable[Any], side: int) -> int:
    """How many of the events are a 闷 of a seat of the team `side` by the other team (a
    teammate's 闷 is void, §9)."""
    return sum(1 for e in events if e.kind == "Smothered" and team(e.seat) == side != team(e.by))


def played_out(match: gouji.Match) -> tuple[int, ...]:
    """The match's current hand, played out by the heuristic in every seat: its scores."""
    return heuristic_scores(match.hand, match.apply)


def heuristic_scores(hand: gouji.Hand, apply: Callable[[int, Any], object]) -> tuple[int, ...]:
    """Plays `hand` out by the heuristic in every seat, each move through `apply` (the hand's own,
    or its match's to go on to the next hand); its scores."""
    ply = 0
    while not hand.is_over:
        seat = hand.to_act[0]
        apply(seat, today.choose(hand, seat, rng(hand.seed, "bot", seat, ply)))
        ply += 1
    assert hand.scores is not None
    return hand.scores


def won_share(results: list[int]) -> tuple[float, float]:
    """The share of hands won (a draw is not a win), and the half-width of its 95 % interval."""
    return interval([1 if r > 0 else 0 for r in results])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=150)
    parser.add_argument("--first", type=int, default=0, help="the first deal's number")
    parser.add_argument("--against", help="a file holding another version of the 够级 bot")
    parser.add_argument("--search", action="store_true", help="the searching bot against the heuristic")
    parser.add_argument("--samples", type=int, default=gouji_search.SAMPLES)
    parser.add_argument("--more", type=int, default=gouji_search.MORE, help="up to × samples on close calls")
    parser.add_argument("--width", type=int, default=gouji_search.WIDTH, help="candidates compared")
    parser.add_argument("--rules", nargs="*", default=[], help="options, e.g. variant=houshuiwan")
    parser.add_argument("--gains", help="a file to write each hand's points to, one a line (to pair runs)")
    seeing = parser.add_mutually_exclusive_group()
    seeing.add_argument(
        "--oracle", action="store_true", help="the search sees every hand (a bound, not a bot)"
    )
    seeing.add_argument(
        "--oracle-until", type=int, help="… only while the seat holds more than K cards but 3s"
    )
    seeing.add_argument("--oracle-from", type=int, help="… only once the seat holds K cards but 3s or fewer")
    seeing.add_argument(
        "--oracle-wildcards", action="store_true", help="the search knows who holds 2s and jokers (a bound)"
    )
    seeing.add_argument(
        "--oracle-seats", choices=("others", "teammates"), help="… the other team's or its teammates' hands"
    )
    parser.add_argument(
        "--next-hand",
        action="store_true",
        help="go on to each match's second hand, played by the heuristic in every seat, and count its points"
        " too: what the tributes the first hand leaves owed are worth (with --gains, the two hands' sum)",
    )
    args = parser.parse_args()
    other = load_bot(args.against).choose if args.against else today.choose
    mine: Choose = today.choose
    name = "today's 够级 bot"
    if args.search:
        samples, more, width = args.samples, args.more, args.width
        sample, seeing = determinized, ""
        if args.oracle:
            sample, seeing = seeing_every_hand, " seeing every hand"
        elif args.oracle_until is not None:
            sample = seeing_in_part(args.oracle_until, early=True)
            seeing = f" seeing every hand while it holds more than {args.oracle_until} cards but 3s"
        elif args.oracle_from is not None:
            sample = seeing_in_part(args.oracle_from, early=False)
            seeing = f" seeing every hand once it holds {args.oracle_from} cards but 3s or fewer"
        elif args.oracle_wildcards:
            sample, seeing = knowing_the_wildcards, " knowing where the 2s and jokers are"
        elif args.oracle_seats is not None:
            others = args.oracle_seats == "others"
            sample = knowing_seats(other_team=others)
            seeing = " seeing the other team's hands" if others else " seeing its teammates' hands"

        def mine(hand: Any, seat: int, rand: random.Random) -> Any:
            return gouji_search.choose(hand, seat, rand, samples, more, width, sample)

        name = f"the 够级 search ({samples} samples, up to {more * samples}, {width} candidates){seeing}"
    start, cpu = time.perf_counter(), time.process_time()
    rules = gouji.Rules.from_options(dict(option.split("=", 1) for option in args.rules))
    following: list[int] | None = [] if args.next_hand else None
    results, points, mistakes, thinking = duplicate(args.hands, mine, other, args.first, rules, following)
    both = points if following is None else [a + b for a, b in zip(points, following, strict=True)]
    if args.gains:
        write_gains(args.gains, both)
    n = len(results)
    share, margin = won_share(results)
    mean_points, points_margin = interval(points)
    against = args.against or ("the heuristic" if args.search else "itself")
    print(
        f"{name} vs {against}: {n} hands ({args.hands} deals × 2 sittings, from deal {args.first}),"
        f" rules {' '.join(args.rules) or 'default'}"
    )
    print(f"  hands won {share:.1%} ± {margin:.1%}, drawn {results.count(0) / n:.1%}")
    print(f"  points per hand, team minus team: {mean_points:+.1f} ± {points_margin:.1f}")
    print(
        "  mistakes per hand: passed a teammate's set with only 3s to follow"
        f" {mistakes.teammate_pass / n:.2f}, ≥2 wildcards on a 够级 set that opens nothing"
        f" {mistakes.wasted_wilds / n:.2f}, smothered {mistakes.smothered / n:.2f}"
    )
    owed = mistakes.tributes / n
    print(f"  tribute cards owed into the next hand, to the team less by it: {owed:+.2f} a hand")
    if following is not None:
        mean_next, next_margin = interval(following)
        mean_both, both_margin = interval(both)
        print(
            f"  the next hand, the heuristic in every seat: {mean_next:+.1f} ± {next_margin:.1f} points;"
            f" the two hands: {mean_both:+.1f} ± {both_margin:.1f}"
        )
    mean = 1000 * sum(thinking) / max(1, len(thinking))
    print(
        f"  thinking {mean:.1f} ms a decision mean, {1000 * max(thinking):.0f} ms at most (process time); "
        f"{time.perf_counter() - start:.1f} s wall, {time.process_time() - cpu:.1f} s process"
    )


if __name__ == "__main__":
    main()
