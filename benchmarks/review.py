"""Reviews: how long a review takes per round of each game, how stable its marks are,
and the losses it finds in the heuristic bot's own plays (what the marks' thresholds are chosen
from).

    python -m benchmarks.review [--rounds 6] [--game gongzhu gouji] [--samples N]

Each round is played by the normal (heuristic) bot in every seat, its seats 0 and 1 (拱猪) or 0,
2 and 4 (够级: one team) counted as people, then reviewed twice with two review seeds. Printed
per game: process and wall seconds a round, plays reviewed, the losses' percentiles and the
share above twice their noise, the marks' counts, and how many marks (and better moves) the
second seed changed; then the hints' coverage: the share of the bot's moves whose reason is
more than none or "the only legal move".
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import Counter

from engine.games import GAMES
from engine.review import Judgement, review_round
from engine.seeding import rng

PEOPLE = {"gongzhu": (0, 1), "gouji": (0, 2, 4)}
SHORT = {"gongzhu": {"deals": 1}, "gouji": {"max_hands": 1, "revolution": False}}


def played(game_name: str, seed: str, reasons: Counter[str] | None = None) -> list[tuple[int, str, str, str]]:
    """A round played by the normal bot in every seat, logged as the referee logs it;
    `reasons` counts why the bot made each move (its hint's reason: "" for none)."""
    game = GAMES[game_name]
    match = game.new_match(seed, game.rules(dict(SHORT[game_name])))
    log: list[tuple[int, str, str, str]] = []
    while not match.is_over:
        seat = match.to_act[0]
        move = game.bots["normal"](match.current, seat, rng(seed, "play", len(log)))
        if reasons is not None:
            reasons[game.explain(match.current, seat, move)[0]] += 1
        match.apply(seat, move)
        log.append((seat, "move", str(move), "player"))
    return log


def hint_coverage(game_name: str, rounds: int) -> None:
    """The share of the bot's moves (each a hint) whose reason is more than none or "the only
    legal move"."""
    reasons: Counter[str] = Counter()
    for number in range(rounds):
        played(game_name, f"hint-bench/{number}", reasons)
    total = sum(reasons.values())
    specific = total - reasons[""] - reasons["only"]
    common = ", ".join(f"{key or 'none'} {n}" for key, n in reasons.most_common(8))
    print(
        f"  hints: {total} decisions, a reason for {(total - reasons['']) / total:.0%}, one other than "
        f"'the only legal move' for {specific / total:.0%} ({common})"
    )


def reviewed(
    game_name: str, seed: str, log: list, review_seed: str, samples: int | None
) -> tuple[list[Judgement], float, float]:
    game = GAMES[game_name]
    rules = game.rules(dict(SHORT[game_name]))
    assert game.reviewer is not None
    wall, cpu = time.perf_counter(), time.process_time()
    reviewer = game.reviewer
    out = review_round(game, seed, rules, log, PEOPLE[game_name], 1, reviewer, samples, review_seed)
    return out, time.process_time() - cpu, time.perf_counter() - wall


def report(game_name: str, rounds: int, samples: int | None) -> None:
    first: list[Judgement] = []
    second: list[Judgement] = []
    cpu, wall = [], []
    for number in range(rounds):
        seed = f"review-bench/{number}"
        log = played(game_name, seed)
        a, c, w = reviewed(game_name, seed, log, "a", samples)
        b, _, _ = reviewed(game_name, seed, log, "b", samples)
        first += a
        second += b
        cpu.append(c)
        wall.append(w)
    losses = sorted(j.loss for j in first)
    q = statistics.quantiles(losses, n=100, method="inclusive") if len(losses) > 1 else [0.0] * 99
    clear = sum(1 for j in first if j.loss > 2 * j.noise)
    changed = sum(1 for a, b in zip(first, second, strict=True) if a.mark != b.mark)
    better = sum(1 for a, b in zip(first, second, strict=True) if a.mark != "good" and a.best != b.best)
    a_round, plays = statistics.mean(cpu), max(1, len(first) / rounds)
    print(
        f"{game_name}: {rounds} rounds, {len(first)} plays reviewed; {a_round:.2f} s of process time a round "
        f"({statistics.mean(wall):.2f} s wall), {a_round / plays * 1000:.1f} ms a play"
    )
    print(
        f"  losses: p50 {q[49]:.1f} / p75 {q[74]:.1f} / p90 {q[89]:.1f} / p95 {q[94]:.1f} / p99 {q[98]:.1f}; "
        f"{clear} of {len(first)} above twice their noise"
    )
    counts = [dict(Counter(j.mark for j in review)) for review in (first, second)]
    print(f"  marks: {counts[0]}; with another seed: {counts[1]}")
    print(f"  marks changed by the second seed: {changed} of {len(first)}; better move changed: {better}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--game", nargs="+", default=["gongzhu", "gouji"])
    parser.add_argument("--samples", type=int, help="samples a decision (default: the game's)")
    args = parser.parse_args()
    for game_name in args.game:
        report(game_name, args.rounds, args.samples)
        hint_coverage(game_name, args.rounds)


if __name__ == "__main__":
    main()
