"""The review proven against duplicate play: players whose moves do not come from the review's
judge play the same deals from the same seat, so the difference of two players' scores on a deal
is skill with the cards' luck cancelled; the review then grades every decision each of them made
there. In 拱猪 the other three seats are the normal bot that also stops a lone run for 全红, as
good players do (`careful_move`); in 够级 (`--game gouji`, one hand a match) the other five are the
normal bot, and a seat's score is the hand's points of its team less the other team's, the
unit the review weighs 够级 in. The duplicate truth is played on many more deals than are
reviewed (a deal's score swings far more than its review). For each pair, the
review's difference in loss a deal must agree in sign with the duplicate difference, and be
within 1.5× of it.

    python -m benchmarks.review_duplicate [--game gongzhu] [--deals 200] [--truth-deals 2000]
                                          [--samples N] [--players …] [--judge …] [--share 1]
                                          [--jobs 2] [--seeds a b]

Printed: per player its mean score, the review's loss a deal (what following its best moves is
estimated to gain, `Judgement.expected_loss`; beside it the losses cut at zero, as marks are),
marked decisions; then per pair
the duplicate difference (± its standard error), the review's, their ratio and whether the sign
agrees; with two review seeds, the share of marks and better moves the second kept.
"""

from __future__ import annotations

import argparse
import itertools
import math
import random
import statistics
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, replace
from typing import Any

from benchmarks.yardstick.gongzhu_judges import JUDGES
from benchmarks.yardstick.gongzhu_players import random_player, rules_player, sampler_player
from engine.bots import LEVELS
from engine.games import GAMES
from engine.gongzhu.review import careful_move
from engine.gouji.search import margin
from engine.move import Move
from engine.pack import Policy
from engine.review import Judgement, Reviewer, Weighed, review_round
from engine.seeding import rng


def _any_legal(round_: Any, seat: int, rand: random.Random) -> Move:
    return rand.choice(round_.legal_moves(seat))


@dataclass(frozen=True, slots=True)
class Yardstick:
    """A game's players, who sits in the other seats, and the options of a one-deal match."""

    players: dict[str, Policy]
    others: Policy
    options: dict[str, object]
    judges: dict[str, Reviewer]
    # (the match's last round, its totals, the seat) → the seat's score
    score: Callable[[Any, Sequence[int], int], int]


def _own(last: Any, totals: Sequence[int], seat: int) -> int:
    return totals[seat]


def _hands_margin(last: Any, totals: Sequence[int], seat: int) -> int:
    """The hand's points of the seat's team less the other team's, as the review weighs a 够级
    decision (`search.margin`): not the match's award for winning it, which it does not weigh."""
    return margin(last, seat)


def yardstick(game: str) -> Yardstick:
    if game == "gongzhu":
        players = {
            "random": random_player,
            "easy": LEVELS[(game, "easy")],
            "normal": LEVELS[(game, "normal")],
            "rules": rules_player,
            "sampler": sampler_player,
            "strong": LEVELS[(game, "strong")],
        }
        return Yardstick(players, careful_move, {"deals": 1}, dict(JUDGES), _own)
    levels = {level: LEVELS[(game, level)] for level in ("easy", "normal", "strong")}
    return Yardstick(
        {"random": _any_legal, **levels}, LEVELS[(game, "normal")], {"max_hands": 1}, {}, _hands_margin
    )


@dataclass(frozen=True, slots=True)
class Board:
    """One player's play of one deal: the tested seat's score and the review's judgements."""

    player: str
    number: int
    score: int
    reviews: tuple[tuple[Judgement, ...], ...]  # one per review seed
    seconds: float  # process time the reviews took


def judge_of(game: str, name: str, share: float = 1.0) -> Reviewer:
    """The named judge; with `share` below 1, each decision is weighed with that chance (drawn
    from its own random stream) — a loss a deal is then the sum of those weighed over `share`:
    more deals for the same work, as a deal's losses vary far less than deals do."""
    judge = {"review": GAMES[game].reviewer, **yardstick(game).judges}[name]
    assert judge is not None
    if share >= 1.0:
        return judge

    last: dict[str, object] = {}  # the decision drawn last, and whether it is weighed

    def some(round_: Any, seat: int, made: str, rand: random.Random, samples: int) -> list[Weighed] | None:
        # one draw a decision: the review weighs a decision again on fresh samples (to confirm
        # a better move, and when a mark is unsure), and every one of those must be weighed
        decision = (id(round_), seat, made)
        if last.get("decision") != decision:
            last.update(decision=decision, weighed=rand.random() < share)
        return judge.weigh(round_, seat, made, rand, samples) if last["weighed"] else None

    return replace(judge, weigh=some)


def board(
    game_name: str,
    player: str,
    number: int,
    judge: str | None,
    samples: int | None,
    seeds: tuple[str, ...],
    share: float = 1.0,
) -> Board:
    game, stick = GAMES[game_name], yardstick(game_name)
    rules = game.rules(stick.options)
    seed = f"yardstick/{number}"
    tested = number % game.seats
    match = game.new_match(seed, rules)
    log: list[tuple[int, str, str, str]] = []
    while not match.is_over:
        seat, last = match.to_act[0], match.current
        policy = stick.players[player] if seat == tested else stick.others
        move = policy(last, seat, rng(seed, "bot", seat, len(log)))
        match.apply(seat, move)
        log.append((seat, "move", str(move), "player"))
    score = stick.score(last, match.totals, tested)
    start = time.process_time()
    if judge is None:  # the duplicate score alone
        return Board(player, number, score, ((),), 0.0)
    reviewer = judge_of(game_name, judge, share)
    reviews = tuple(
        tuple(review_round(game, seed, rules, log, (tested,), 1, reviewer, samples, s)) for s in seeds
    )
    return Board(player, number, score, reviews, time.process_time() - start)


def _mean_se(values: list[float]) -> tuple[float, float]:
    if len(values) < 2:
        return (values[0] if values else 0.0), 0.0
    return statistics.mean(values), statistics.stdev(values) / math.sqrt(len(values))


def report(
    boards: list[Board], truth: dict[str, list[float]], players: list[str], deals: int, share: float
) -> None:
    """Per player its duplicate score and the review's loss; per pair the duplicate difference
    (over the truth's deals) beside the review's (over the reviewed ones), their ratio, and
    whether they agree: the same sign, and within 1.5× where the duplicate difference is
    settled (beyond twice its standard error)."""
    by = {(b.player, b.number): b for b in boards}
    loss = {
        p: [sum(j.expected_loss for j in by[(p, n)].reviews[0]) / share for n in range(deals)]
        for p in players
    }
    clipped = {p: [sum(j.loss for j in by[(p, n)].reviews[0]) / share for n in range(deals)] for p in players}
    print(
        f"{'player':8} {'score':>8} {'loss a deal':>12} {'cut at 0':>9} {'marked':>8} {'decisions':>9} "
        f"{'review s':>9}"
    )
    for p in players:
        judged = [j for n in range(deals) for j in by[(p, n)].reviews[0]]
        marked = sum(1 for j in judged if j.mark != "good")
        seconds = statistics.mean(by[(p, n)].seconds for n in range(deals)) / len(by[(p, 0)].reviews)
        print(
            f"{p:8} {statistics.mean(truth[p]):8.1f} {statistics.mean(loss[p]):12.1f} "
            f"{statistics.mean(clipped[p]):9.1f} "
            f"{marked / max(1, len(judged)):8.1%} {len(judged):9} {seconds:9.2f}"
        )
    print(f"\n{'pair (a over b)':22} {'duplicate':>16} {'review':>16} {'ratio':>6} sign  1.5x")
    signs = sizes = settled = 0
    pairs = list(itertools.combinations(players, 2))
    for a, b in pairs:
        dup = _mean_se([x - y for x, y in zip(truth[a], truth[b], strict=True)])
        rev = _mean_se([y - x for x, y in zip(loss[a], loss[b], strict=True)])
        ratio = rev[0] / dup[0] if dup[0] else math.inf
        same = (dup[0] > 0) == (rev[0] > 0)
        near = 1 / 1.5 <= ratio <= 1.5
        firm = abs(dup[0]) > 2 * dup[1]
        signs += same
        sizes += near
        settled += firm
        print(
            f"{a + ' over ' + b:22} {dup[0]:+8.1f} ± {dup[1]:5.1f} {rev[0]:+8.1f} ± {rev[1]:5.1f} "
            f"{ratio:6.2f} {'yes' if same else 'NO':4}  {'yes' if near else 'no'}"
            f"{'' if firm else ' (unsettled)'}"
        )
    print(f"signs agree for {signs} of {len(pairs)} pairs ({settled} settled); within 1.5x: {sizes}")
    if len(boards[0].reviews) > 1:
        kept = moved = total = marked = both = named = 0
        for played in boards:
            for x, y in zip(played.reviews[0], played.reviews[1], strict=True):
                total += 1
                kept += x.mark == y.mark
                if x.mark != "good":
                    marked += 1
                    moved += x.best != y.best
                    if y.mark != "good":
                        both += 1
                        named += x.best == y.best
        print(
            f"second seed: {kept / total:.1%} of {total} marks kept; "
            f"{marked - moved} of {marked} better moves kept; "
            f"{named} of {both} where both seeds mark the decision"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="gongzhu", choices=("gongzhu", "gouji"))
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--samples", type=int)
    parser.add_argument("--players", nargs="+", help="default: every player of the game's yardstick")
    parser.add_argument("--judge", default="review", help="review (the product's), search or exact")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seeds", nargs="+", default=["a"])
    parser.add_argument("--share", type=float, default=1.0, help="the share of decisions weighed")
    parser.add_argument("--truth-deals", type=int, default=2000, help="deals of the duplicate truth")
    args = parser.parse_args()
    args.players = args.players or list(yardstick(args.game).players)
    wall, cpu = time.perf_counter(), time.process_time()
    tasks = [(p, n) for n in range(args.deals) for p in args.players]
    with ProcessPoolExecutor(args.jobs) as pool:
        futures = [
            pool.submit(board, args.game, p, n, args.judge, args.samples, tuple(args.seeds), args.share)
            for p, n in tasks
        ]
        played = [
            pool.submit(board, args.game, p, n, None, None, ())
            for n in range(args.truth_deals)
            for p in args.players
        ]
        boards = [f.result() for f in futures]
        truth: dict[str, list[float]] = {p: [] for p in args.players}
        for f in played:
            truth[f.result().player].append(float(f.result().score))
    report(boards, truth, args.players, args.deals, args.share)
    worker = sum(b.seconds for b in boards)
    print(
        f"\n{args.game}, {args.deals} deals, judge {args.judge}: {time.perf_counter() - wall:.0f} s wall, "
        f"{worker:.0f} s of process time in reviews (this process {time.process_time() - cpu:.0f} s)"
    )


if __name__ == "__main__":
    main()
