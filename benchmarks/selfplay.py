"""Self-play: N matches of 够级 between simple seats, and a summary of what happened.

    python -m benchmarks.selfplay --matches 50 --seed 1 --seats random
    python -m benchmarks.selfplay --matches 50 --seats greedy,random,greedy,random,greedy,random

Seats: `random` picks uniformly among the legal moves; `greedy` leads its smallest set and answers
with its smallest beat that spends no joker; `bot` is the seat-filling bot of engine/bots.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from engine.gouji import Match, Rules, new_match
from engine.gouji import bot as heuristic
from engine.gouji.hand import Hand
from engine.gouji.sets import PASS, CardSet, Move

Policy = Callable[[Hand, int, random.Random], Move]


def random_policy(hand: Hand, seat: int, rand: random.Random) -> Move:
    return rand.choice(hand.legal_moves(seat))


def greedy_policy(hand: Hand, seat: int, rand: random.Random) -> Move:
    if hand.phase != "play":
        return hand.default_move(seat)
    moves = hand.legal_moves(seat)
    sets = [m for m in moves if isinstance(m, CardSet)]
    if not sets:
        return PASS  # nothing beats: passing is the only move
    cheap = [m for m in sets if not m.jokers and not m.twos] or (sets if PASS not in moves else [])
    if not cheap:
        return PASS
    return min(cheap, key=lambda m: (m.value, -m.size) if hand.table is None else (m.value, m.size))


POLICIES: dict[str, Policy] = {"random": random_policy, "greedy": greedy_policy, "bot": heuristic.choose}


@dataclass
class Summary:
    matches: int = 0
    hands: int = 0
    sweeps: int = 0
    decisions: int = 0
    events: Counter[str] = field(default_factory=Counter)
    opened: int = 0
    seats_played: int = 0
    team_totals: list[int] = field(default_factory=lambda: [0, 0])

    def lines(self, seconds: float) -> list[str]:
        burns = self.events["BurnSucceeded"] + self.events["BurnFailed"]
        return [
            f"matches            {self.matches}",
            f"hands              {self.hands}",
            f"烩四 (sweep) rate   {self.sweeps / max(self.hands, 1):.1%} of hands",
            f"burns              {burns} ({self.events['BurnSucceeded']} succeeded), "
            f"{burns / max(self.hands, 1):.2f} per hand",
            f"开点 (point) rate   {self.opened / max(self.seats_played, 1):.1%} of seats per hand",
            f"闷 (smothered)      {self.events['Smothered'] / max(self.hands, 1):.2f} per hand",
            f"革命 (revolution)   {self.events['RevolutionDeclared']} in {self.hands} hands",
            f"mean moves / hand  {self.decisions / max(self.hands, 1):.1f} decisions "
            f"(+{self.events['auto_pass'] / max(self.hands, 1):.1f} automatic passes)",
            f"team totals        even seats {self.team_totals[0]:+d}, odd seats {self.team_totals[1]:+d}",
            f"time               {seconds:.2f} s ({self.hands / max(seconds, 1e-9):.0f} hands/s)",
        ]


def play_match(seed: int, rules: Rules, seats: Sequence[Policy], summary: Summary) -> Match:
    match = new_match(seed, rules)
    rand = random.Random(seed)
    for event in match.opening_events:
        summary.events[event.kind] += 1
    while not match.is_over:
        hand = match.hand
        seat = match.to_act[0]
        events = match.apply(seat, seats[seat](hand, seat, rand))
        summary.decisions += 1
        for event in events:
            summary.events[event.kind] += 1
            if event.kind == "Passed" and getattr(event, "auto", False):
                summary.events["auto_pass"] += 1
    summary.matches += 1
    for hand in match.hands:
        summary.hands += 1
        summary.sweeps += hand.sweep is not None
        summary.opened += sum(hand.opened)
        summary.seats_played += 6
    for seat, total in enumerate(match.totals):
        summary.team_totals[seat % 2] += total
    return match


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.selfplay", description=__doc__.splitlines()[0]
    )
    parser.add_argument("--matches", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--seats", default="random", help="one policy for all, or six separated by commas")
    parser.add_argument("--rule", action="append", default=[], metavar="KEY=VALUE", help="a rules option")
    args = parser.parse_args(argv)
    names = args.seats.split(",")
    if len(names) == 1:
        names *= 6
    if len(names) != 6 or any(n not in POLICIES for n in names):
        parser.error(f"--seats takes one or six of: {', '.join(POLICIES)}")
    try:
        rules = Rules.from_options(dict(option.split("=", 1) for option in args.rule))
    except ValueError as err:
        parser.error(str(err))
    summary = Summary()
    start = time.perf_counter()
    for index in range(args.matches):
        play_match(args.seed + index, rules, [POLICIES[n] for n in names], summary)
    print("\n".join(summary.lines(time.perf_counter() - start)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
