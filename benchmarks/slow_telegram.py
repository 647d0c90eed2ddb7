"""Does a slow or rate-limited Bot API slow the referee's moves?

    python -m benchmarks.slow_telegram [--tables 4] [--delay 0.05]

Bot-only 拱猪 tables on a real SQLite file and a manual clock (bots move at once), with a notifier
that takes `--delay` seconds for every notice, as a Bot API round trip or a `429 retry_after` does.
`inline` is how the referee worked before the outbox: the notice was told before the command
returned, with the table's lock held. `outbox` is how it works now. Prints committed moves per
second, in wall time and in process time (`time.process_time`: the machine is shared), and how
long the outbox then needs to tell everything.
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
import time
from pathlib import Path

from benchmarks.referee import open_bot_tables, referee_on
from engine.referee import Notice


class SlowApi:
    """Every notice costs `delay` seconds of waiting (not of work), like an HTTP round trip."""

    def __init__(self, delay: float, inline: bool) -> None:
        self.delay, self.inline, self.told = delay, inline, 0

    async def publish(self, notice: Notice) -> None:
        await asyncio.sleep(self.delay)
        self.told += 1


async def run(tables: int, delay: float, inline: bool) -> tuple[float, float, float, int]:
    """The tables' whole matches (a manual clock's `advance` plays bots to the end)."""
    with tempfile.TemporaryDirectory() as folder:
        referee, clock, _ = await referee_on(Path(folder) / "bench.db", bot_delay=0.0)
        api = SlowApi(delay, inline)
        referee.notifier = api
        referee.outbox.notifier = api
        await open_bot_tables(referee, "gongzhu", tables)
        wall, cpu = time.perf_counter(), time.process_time()
        while any(t.status == "running" for t in referee.tables.values()):
            await clock.advance(1.0)
        committed = sum(t.ply for t in referee.tables.values())
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        drain = time.perf_counter()
        await referee.flush_notices()
        drain = time.perf_counter() - drain
        await referee.close()
        await referee.store.close()
        return committed / wall, committed / max(cpu, 1e-9), drain, api.told


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--tables", type=int, default=4)
    parser.add_argument("--delay", type=float, default=0.05)
    args = parser.parse_args()
    print(f"{args.tables} bot tables, a notifier taking {args.delay * 1000:.0f} ms a notice")
    for inline in (True, False):
        rate, cpu_rate, drain, told = asyncio.run(run(args.tables, args.delay, inline))
        name = "inline (before)" if inline else "outbox (now)"
        print(
            f"{name:16} {rate:8.0f} moves/s wall, {cpu_rate:8.0f} moves/s of process time;"
            f" then {drain:5.2f} s to tell the last of {told} notices"
        )


if __name__ == "__main__":
    main()
