"""What one tribute card owed into a 够级 hand is worth to the receiver's team.

    python -m benchmarks.gouji_tribute_worth [--hands 3000] [--rules variant=outline ...]

Where the scoring counts no tribute (`scoring=outline`, variants A.8), a 闷 costs the smothered
team nothing in its own hand: only the card it pays in the next. The search counts that card at
`gouji_search.TRIBUTE_WORTH`, measured here: each hand is dealt twice from the same seed and
leader, once owing nothing and once with one tribute card owed between two seats of the two
teams, and played out by the heuristic in every seat. The difference in the receiver's team's
points, team minus team, is the tribute's worth; the payer, the receiver and the leader go round
the seats so that no seat's place in the turn order weighs.
"""

from __future__ import annotations

import argparse
import time

from benchmarks.gouji_duplicate import heuristic_scores
from benchmarks.paired import interval
from engine import gouji
from engine.gouji.hand import Hand
from engine.gouji.scoring import Debt, team, team_margin


def played_out(rules: gouji.Rules, seed: str, leader: int, owed: list[Debt]) -> tuple[int, ...]:
    """A second hand of a match dealt from `seed`, owing `owed`, played out by the heuristic."""
    hand = Hand(rules, seed, 2, leader, owed)
    return heuristic_scores(hand, hand.apply)


def worth(rules: gouji.Rules, hands: int) -> list[int]:
    """Per hand, the receiver's team's points less the other's, owing one card less owing none."""
    gains = []
    for number in range(hands):
        payer = number % 6
        receiver = (payer + 1 + 2 * (number // 6 % 3)) % 6  # each seat of the other team in turn
        seed, leader = f"tribute/{number}", number * 7 % 6
        side = team(receiver)
        results = [
            team_margin(played_out(rules, seed, leader, owed), side)
            for owed in ([], [Debt("smother", payer, receiver)])
        ]
        gains.append(results[1] - results[0])
    return gains


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=3000)
    parser.add_argument("--rules", nargs="*", default=[], help="options, e.g. variant=houshuiwan")
    args = parser.parse_args()
    rules = gouji.Rules.from_options(dict(option.split("=", 1) for option in args.rules))
    start, cpu = time.perf_counter(), time.process_time()
    mean, margin = interval(worth(rules, args.hands))
    print(f"够级, rules {' '.join(args.rules) or 'default'} (scoring {rules.scoring}, {rules.deck}):")
    print(f"  one tribute card owed into a hand: the receiver's team {mean:+.2f} ± {margin:.2f} points")
    print(
        f"  {args.hands} hands, each played twice; {time.perf_counter() - start:.1f} s wall,"
        f" {time.process_time() - cpu:.1f} s process"
    )


if __name__ == "__main__":
    main()
