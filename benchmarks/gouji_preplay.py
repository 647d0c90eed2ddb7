"""够级 decisions before play, searched, against the heuristic's in the same seats.

    python -m benchmarks.gouji_preplay [--deals 200] [--first 0] [--hand 2] [--rules key=value ...]
    python -m benchmarks.gouji_preplay --going-out [--hand 1]   # the last sets, in play instead
    python -m benchmarks.gouji_preplay --sweep [--hand 1] [--gains FILE]   # the race for a 烩
    python -m benchmarks.gouji_preplay --sweep --hand 1 --oracle   # ... searched seeing every hand

For each deal a match is played by the heuristic in every seat up to hand `--hand` (the second
by default: tributes, 吃 / 不吃 / 反抽 and 抗贡 come up only after a first hand). That hand is
then played twice from the same cards, each team in turn taking its decisions before play by
the search (`bots=strong`) or by the heuristic; every other move, play included, is the
heuristic's. The difference in the team's points (team minus team) is what the searched
decisions gained: it is exactly 0 wherever they chose as the heuristic did, so the interval is
about the decisions alone, not the cards' luck.

`--going-out` measures instead the plays where the heuristic would go out (its set leaves only
3s: where 闷 comes from), searched or the heuristic's; every other decision is the heuristic's.
`--sweep` measures the plays made while a 烩 is at stake (every seat out so far is of one team),
and counts each team's 烩. Each run also counts the team's 闷 and the tribute cards it leaves
owed; where the scoring counts no tribute (`scoring=outline`), a card owed is also reported at its
worth in the next hand (`gouji_search.TRIBUTE_WORTH`), as the search counts it. `--gains` writes
each team-hand's gain (with those cards at their worth), so that two versions of the search can
be paired hand by hand. `--oracle` lets the search see the real hands instead of
sampling them: not a bot anyone may play, but the most that reading the other seats could gain.
"""

from __future__ import annotations

import argparse
import math
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

from benchmarks.gouji_duplicate import smothers_against
from benchmarks.oracle import seeing_every_hand
from benchmarks.paired import interval, write_gains
from engine import gouji
from engine.gouji import bot as heuristic
from engine.gouji import search as gouji_search
from engine.gouji.hand import Hand
from engine.gouji.scoring import net_tributes, team, team_margin
from engine.gouji.sets import Move
from engine.gouji.simulation import determinized
from engine.seeding import rng

Decisions = Callable[[Hand, int, Move], bool]  # which of a team's decisions are measured


@dataclass
class Tally:
    gains: list[int] = field(default_factory=list)  # per hand and team: searched less heuristic
    asked: Counter[str] = field(default_factory=Counter)  # decisions with a choice, by phase
    changed: Counter[str] = field(default_factory=Counter)  # where the search chose otherwise
    thinking: list[float] = field(default_factory=list)
    # 烩 (the first three places to one team) by ("searched" / "heuristic", "ours" / "theirs")
    sweeps: Counter[tuple[str, str]] = field(default_factory=Counter)
    # the team's 闷 by the other team, by "searched" / "heuristic"
    smothers: Counter[str] = field(default_factory=Counter)
    # per hand and team: the tribute cards left owed to the team (less those it owes), searched
    # less heuristic; what they are worth counts where the scoring counts no tribute (A.8)
    owed: list[int] = field(default_factory=list)
    sample: gouji_search.Sampler = determinized  # how the search deals the cards it cannot see


def match_at(seed: str, hand_no: int, rules: gouji.Rules) -> gouji.Match | None:
    """The match with its first hands played by the heuristic, at the start of hand `hand_no`."""
    match = gouji.new_match(seed=seed, rules=rules)
    ply = 0
    while len(match.hands) < hand_no:
        if match.is_over:
            return None
        hand = match.hand
        seat = hand.to_act[0]
        match.apply(seat, heuristic.choose(hand, seat, rng(hand.seed, "bot", seat, ply)))
        ply += 1
    return match


def before_play(hand: Hand, seat: int, move: Move) -> bool:
    return hand.phase != "play" and len(hand.legal_moves(seat)) > 1


def going_out(hand: Hand, seat: int, move: Move) -> bool:
    """A play of the heuristic's that leaves only 3s."""
    return hand.phase == "play" and gouji_search.goes_out(hand, seat, move)


def sweep_at_stake(hand: Hand, seat: int, move: Move) -> bool:
    """A play with a choice while every seat out so far is of one team: whether that team takes
    the first three places (烩, worth more than all else in a hand) is being decided."""
    finished = hand.finished
    return (
        hand.phase == "play"
        and 0 < len(finished) < 3
        and len({team(s) for s in finished}) == 1
        and len(hand.legal_moves(seat)) > 1
    )


def sitting(
    match: gouji.Match, side: int, searched: bool, tally: Tally, measured: Decisions = before_play
) -> tuple[int, int]:
    """Plays the match's current hand out; the team `side`'s points less the other's, and the
    tribute cards it leaves owed to the team less those it owes. The team's `measured` decisions
    are the search's when `searched`."""
    hand = match.hand
    way = "searched" if searched else "heuristic"
    ply = 0
    while not hand.is_over:
        seat = hand.to_act[0]
        rand = rng(hand.seed, "bot", seat, ply)
        move = heuristic.choose(hand, seat, rng(hand.seed, "bot", seat, ply))
        ours = team(seat) == side and measured(hand, seat, move)
        if searched and ours:
            tally.asked[hand.phase] += 1
            start = time.process_time()
            searched_move = gouji_search.choose(hand, seat, rand, sample=tally.sample)
            tally.thinking.append(time.process_time() - start)
            if searched_move != move:
                tally.changed[hand.phase] += 1
            move = searched_move
        tally.smothers[way] += smothers_against(match.apply(seat, move), side)
        ply += 1
    assert hand.scores is not None
    if hand.sweep is not None:
        tally.sweeps[way, "ours" if hand.sweep == side else "theirs"] += 1
    return team_margin(hand.scores, side), net_tributes(hand.debts, side)


def run(
    deals: int,
    first: int,
    hand_no: int,
    rules: gouji.Rules,
    measured: Decisions = before_play,
    oracle: bool = False,
) -> Tally:
    tally = Tally(sample=seeing_every_hand if oracle else determinized)
    for number in range(first, first + deals):
        seed = f"preplay/{number}"
        for side in (0, 1):
            base = match_at(seed, hand_no, rules)
            if base is None:
                break  # the match ended (烩四) before that hand
            plain, plain_owed = sitting(base, side, False, tally, measured)
            again = match_at(seed, hand_no, rules)
            assert again is not None
            points, owed = sitting(again, side, True, tally, measured)
            tally.gains.append(points - plain)
            tally.owed.append(owed - plain_owed)
    return tally


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--hand", type=int, default=2, help="the hand of the match measured")
    parser.add_argument("--rules", nargs="*", default=[], help="options, e.g. declarations=mingdian")
    parser.add_argument("--going-out", action="store_true", help="the plays that would go out instead")
    parser.add_argument("--sweep", action="store_true", help="the plays while a 烩 is at stake instead")
    parser.add_argument("--gains", help="a file to write each team-hand's gain to, one a line (to pair runs)")
    parser.add_argument(
        "--oracle", action="store_true", help="the search sees every hand (a bound, not a bot)"
    )
    args = parser.parse_args()
    measured = going_out if args.going_out else sweep_at_stake if args.sweep else before_play
    rules = gouji.Rules.from_options(dict(option.split("=", 1) for option in args.rules))
    start, cpu = time.perf_counter(), time.process_time()
    tally = run(args.deals, args.first, args.hand, rules, measured, args.oracle)
    mean, half = interval(tally.gains)
    worth = gouji_search.tribute_worth(rules)
    valued = [g + worth * o for g, o in zip(tally.gains, tally.owed, strict=True)]
    if args.gains:
        write_gains(args.gains, valued)
    changed = [g for g in tally.gains if g]
    what = "plays that would go out" if args.going_out else "decisions before play"
    print(
        f"够级 {'plays while a 烩 is at stake' if args.sweep else what},"
        f" searched{' seeing every hand' if args.oracle else ''} vs the heuristic's:"
        f" hand {args.hand} of {args.deals} deals"
        f" from {args.first}, {len(tally.gains)} team-hands, rules {' '.join(args.rules) or 'default'}"
    )
    for phase, count in tally.asked.most_common():
        print(f"  {phase:14} {count:4} decisions with a choice, {tally.changed[phase]:3} chosen otherwise")
    print(f"  points per team-hand, searched less heuristic: {mean:+.2f} ± {half:.2f} (95 %)")
    owed, owed_half = interval(tally.owed)
    print(f"  tribute cards left owed to the team, searched less heuristic: {owed:+.3f} ± {owed_half:.3f}")
    if worth:  # tributes carry no points (A.8): at their worth in the next hand
        total, total_half = interval(valued)
        print(f"  and each card at its worth in the next hand ({worth}): {total:+.2f} ± {total_half:.2f}")
    n = len(tally.gains)
    print(
        f"  闷 a team-hand: {tally.smothers['heuristic'] / n:.3f} with the team's decisions the heuristic's,"
        f" {tally.smothers['searched'] / n:.3f} searched"
    )
    for way in ("heuristic", "searched"):
        print(
            f"  烩 with the team's decisions {way}: by the team in {tally.sweeps[way, 'ours']},"
            f" by the other team in {tally.sweeps[way, 'theirs']} of the {len(tally.gains)} team-hands"
        )
    if changed:
        per, per_half = interval(changed) if len(changed) > 1 else (changed[0], math.inf)
        print(f"  over the {len(changed)} hands whose points the search changed: {per:+.1f} ± {per_half:.1f}")
    if tally.thinking:
        print(
            f"  thinking {1000 * sum(tally.thinking) / len(tally.thinking):.1f} ms a decision mean,"
            f" {1000 * max(tally.thinking):.0f} ms at most (process time)"
        )
    print(f"  {time.perf_counter() - start:.1f} s wall, {time.process_time() - cpu:.1f} s process")


if __name__ == "__main__":
    main()
