"""What a group's Telegram budget buys: the burst's latencies, and the group messages a
够级 hand and a 拱猪 deal cost.

    python -m benchmarks.group_budget [--think 2]

On a manual clock (`tests/e2e/paced.py`): the real bot and rate limiter over HTTP, the fake Bot
API refusing what Telegram would (30 calls a second, 20 messages a minute in a group).
- burst: 13 commands a second apart in a fresh group; each command's seconds to its visible
  effect (p50, p95), the first table picture's after /startgame, the group messages spent.
- a round: every seat a person pressing their first button `--think` seconds after it shows;
  the group messages from /startgame to the round's end, the most in any minute, Telegram's
  refusals (429), and how late the group heard of each 够级 set or pig (its line after the play).
Printed beside the wall time: the process time of the run (the machine is shared)."""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from pathlib import Path

from benchmarks.telegram import players
from tests.e2e.burst import burst_latencies, group_messages, p95
from tests.e2e.fake_api import Call, FakeBotApi
from tests.e2e.harness import GROUP, private
from tests.e2e.paced import Paced

ROUNDS = {"gouji": ("fast max_hands=1", 6), "gongzhu": ("fast deals=1", 4)}  # a match of one round


async def burst(folder: Path) -> None:
    api = FakeBotApi().start()
    paced = await Paced.start(api, folder / "burst.sqlite3")
    try:
        first = len(api.calls)
        latencies, picture = await burst_latencies(paced)
        print(
            f"burst: command → effect p50 {statistics.median(latencies):.2f} s, p95 {p95(latencies):.2f} s, "
            f"max {max(latencies):.2f} s; first table picture {picture:.2f} s after /startgame; "
            f"group messages {group_messages(api.calls[first:])} (to a minute after the start)"
        )
    finally:
        await paced.stop()
        api.stop()


def busiest_minute(calls: list[Call]) -> int:
    times = sorted(c.at for c in calls)
    return max((sum(1 for u in times if t <= u < t + 60.0) for t in times), default=0)


async def one_round(folder: Path, game: str, think: float) -> None:
    options, count = ROUNDS[game]
    seated = players(count)
    api = FakeBotApi().start()
    paced = await Paced.start(api, folder / f"{game}.sqlite3")
    try:
        script = [(0.0, person, private(person), "/start") for person in seated]
        script += [(61.0, seated[0], GROUP, f"/{game} {options}")]
        script += [(62.0 + i, person, GROUP, "/join") for i, person in enumerate(seated[1:])]
        await paced.play(script, until=62.0 + count)
        start, first = paced.clock.now(), len(api.calls)  # from /startgame on

        def over() -> bool:  # the match's score sheet is in the group: the round's last message
            return any(c.chat == GROUP["id"] and c.text.startswith("📊") for c in api.calls[first:])

        started = [(0.0, seated[0], GROUP, "/startgame")]
        await paced.play(started, until=over, act=paced.players(seated, think))
        calls = [c for c in api.calls[first:] if c.chat == GROUP["id"] and not c.method.startswith("get")]
        sent = [c for c in calls if c.status == 200]
        kinds = ", ".join(
            f"{m} {sum(1 for c in sent if c.method == m)}" for m in sorted({c.method for c in sent})
        )
        print(
            f"{game}: one round in {paced.clock.now() - start:.0f} s of play: group messages {len(sent)} "
            f"({kinds}); most in a minute {busiest_minute(sent)}; refused (429) "
            f"{sum(1 for c in calls if c.status == 429)}"
        )
    finally:
        await paced.stop()
        api.stop()


async def run(think: float) -> None:
    with tempfile.TemporaryDirectory() as folder:
        await burst(Path(folder))
        for game in ROUNDS:
            await one_round(Path(folder), game, think)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--think", type=float, default=2.0, help="seconds a player takes per decision")
    args = parser.parse_args()
    wall, process = time.perf_counter(), time.process_time()
    asyncio.run(run(args.think))
    print(f"wall {time.perf_counter() - wall:.1f} s, process {time.process_time() - process:.1f} s")


if __name__ == "__main__":
    main()
