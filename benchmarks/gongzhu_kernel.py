"""拱猪 playout speed: random complete deals in the kernel, through the public API, and
in the Node.js peer garytang/gongzhu, in one run; then the strong bot's thinking with its
playouts in `Deal` and in the kernel, on the same decisions.

    python -m benchmarks.gongzhu_kernel [--deals 5000] [--repeat 5] [--decisions 40]
        [--peer path/to/garytang-gongzhu/backend/index.js]

The workload is the peer's: deal 52 cards, play a uniformly random legal card at every turn,
every deal to its end, sum the scores. Ours plays the full default rules besides: a random
exposure choice per seat (明牌, held-back cards), ♣2's first lead, and our scoring.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import time
from pathlib import Path

from benchmarks.gongzhu_engine import random_deals
from engine.gongzhu import Deal, Rules, search
from engine.gongzhu import bot as heuristic
from engine.gongzhu.cards import EXPOSABLE
from engine.gongzhu.kernel import CLUB_TWO_BIT, Kernel

PEER_DRIVER = Path(__file__).parent / "peer" / "gongzhu_peer.js"


def kernel_deal(rules: Rules, rand: random.Random) -> Kernel:
    """A dealt kernel: shuffled, each seat exposing a uniformly random choice of its exposable
    cards (held back until their suit is led), ♣2's holder to lead."""
    pick = rand.random
    deck = list(range(52))
    for i in range(51, 0, -1):
        j = int(pick() * (i + 1))
        deck[i], deck[j] = deck[j], deck[i]
    kernel = Kernel(rules)
    exposed: dict = {}
    for seat in range(4):
        hand = 0
        for index in deck[seat * 13 : seat * 13 + 13]:
            hand |= 1 << index
        kernel.hands[seat] = hand
        for c in EXPOSABLE:
            if hand >> c.index & 1 and pick() < 0.5:
                kernel.held[seat] |= 1 << c.index
                exposed[c] = 1
        if hand & CLUB_TWO_BIT:
            kernel.turn = seat
    kernel.in_hands = (1 << 52) - 1
    kernel.club_two, kernel.exposed_copies = True, exposed
    return kernel


def kernel_deals(count: int, rules: Rules, seed: int) -> tuple[float, float]:
    """Random complete deals per second of wall time and of process time."""
    rand = random.Random(seed)
    total = 0
    start, cpu = time.perf_counter(), time.process_time()
    for _ in range(count):
        total += sum(kernel_deal(rules, rand).random_playout(rand))
    return count / (time.perf_counter() - start), count / (time.process_time() - cpu)


def peer_deals(index_js: str, deals: int, repeat: int) -> float:
    """The peer's random deals per CPU-second (median of `repeat` runs), from its own driver."""
    command = ["node", str(PEER_DRIVER), index_js, str(deals), str(repeat)]
    out = subprocess.run(command, check=True, capture_output=True, text=True)
    return float(json.loads(out.stdout)["per_cpu_second"])


def decisions(count: int, rules: Rules) -> list[tuple[Deal, int]]:
    """Positions of the play where the strong bot has a choice, from heuristic self-play."""
    found: list[tuple[Deal, int]] = []
    rand = random.Random(7)
    number = 0
    while len(found) < count:
        deal = Deal(rules, f"kernel-bench/{number}")
        number += 1
        while not deal.is_over:
            seat = deal.to_act[0]
            plays = deal.legal_moves(seat)
            if deal.phase == "play" and len(plays) > 2 and rand.random() < 0.15 and len(found) < count:
                found.append((deal.clone(), seat))
            deal.apply(seat, heuristic.choose(deal, seat, rand))
    return found


def thinking(positions: list[tuple[Deal, int]], kernel: bool) -> tuple[list[float], list[str]]:
    """Process time per decision (ms) and the moves chosen."""
    times, moves = [], []
    for number, (deal, seat) in enumerate(positions):
        cpu = time.process_time()
        moves.append(str(search.choose(deal, seat, random.Random(number), kernel=kernel)))
        times.append((time.process_time() - cpu) * 1000)
    return times, moves


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=5000)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--decisions", type=int, default=40)
    parser.add_argument("--peer", help="garytang/gongzhu's backend/index.js (node on the PATH)")
    args = parser.parse_args()
    rules = Rules()
    kernel = statistics.median(kernel_deals(args.deals, rules, seed)[1] for seed in range(args.repeat))
    api = statistics.median(random_deals(args.deals, rules, seed)[1] for seed in range(args.repeat))
    print(f"random complete deals a process-second: kernel {kernel:,.0f}, public API {api:,.0f}")
    if args.peer:
        peer = peer_deals(args.peer, args.deals * 4, args.repeat)
        print(f"  the Node peer {peer:,.0f}: kernel {kernel / peer:.2f}x, public API {api / peer:.2f}x")
    positions = decisions(args.decisions, rules)
    before, before_moves = thinking(positions, kernel=False)
    after, after_moves = thinking(positions, kernel=True)
    same = sum(a == b for a, b in zip(before_moves, after_moves, strict=True))
    for name, times in (("playouts in Deal", before), ("playouts in the kernel", after)):  # process time
        print(
            f"strong bot, {name}: {statistics.mean(times):.1f} ms mean, {max(times):.0f} ms at most, process"
        )
    share = sum(after) / sum(before)
    print(f"  the same move in {same} of {len(positions)} decisions; {share:.2f} of the thinking")


if __name__ == "__main__":
    main()
