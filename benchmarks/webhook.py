"""Press → answer in webhook mode beside polling mode.

    python -m benchmarks.webhook [--presses 60]

The real `bot.py` runs as a process of its own against the fake Bot API on 127.0.0.1, once
polling and once with a webhook (the fake Telegram POSTs each update to it, with the secret). A
player plays 拱猪 against three bots that move at once (BOT_MOVE_DELAY=0), pressing each new
keyboard as soon as it is there, until `--presses` presses. Latency: from just before the press
is handed to Telegram (the fake) to the bot's answerCallbackQuery reaching it, wall clock. The
bot's own CPU (user + system time of its process, from /proc) is printed beside the wall time it
ran, since the machine is shared and wall time swings with its load.
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from pathlib import Path

from tests.e2e.fake_api import FakeBotApi
from tests.e2e.harness import ALICE, GROUP
from tests.e2e.process import PUBLIC_URL, BotProcess, join_by_link, play_alone
from tests.ports import free_port


def cpu_seconds(pid: int) -> float:
    """User + system time of a process so far (its own time.process_time, read from outside)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def one_mode(webhook: bool, presses: int) -> None:
    api = FakeBotApi().start()
    port = free_port()
    env = {"WEBHOOK_URL": PUBLIC_URL, "PORT": str(port)} if webhook else {"HTTP_PORT": str(port)}
    with tempfile.TemporaryDirectory() as folder:
        bot = BotProcess(api, Path(folder) / "bench.sqlite3", LOG_LEVEL="WARNING", **env)
        try:
            bot.wait_ready()
            if webhook:
                api.webhook_target = bot.hook
            api.send(ALICE, GROUP, "/gongzhu fast deals=30")  # long enough: no ±1000 end
            join_by_link(api, ALICE)
            api.send(ALICE, GROUP, "/fill")
            api.wait_for(lambda calls: any("• 🤖" in c.text and "空位" not in c.text for c in calls))
            api.send(ALICE, GROUP, "/startgame")
            sent: dict[str, float] = {}
            press = api.press

            def timed_press(user: dict, message: dict, data: str) -> str:  # type: ignore[type-arg]
                started = time.perf_counter()
                query = press(user, message, data)
                sent[query] = started
                return query

            api.press = timed_press  # type: ignore[method-assign]
            cpu, wall = cpu_seconds(bot.process.pid), time.perf_counter()
            play_alone(api, ALICE, lambda calls: len(sent) >= presses, limit=presses + 2)
            cpu, wall = cpu_seconds(bot.process.pid) - cpu, time.perf_counter() - wall
            latencies = sorted(
                api.answered[query] - started for query, started in sent.items() if query in api.answered
            )
            p50 = statistics.median(latencies) * 1000
            p95 = latencies[int(0.95 * (len(latencies) - 1))] * 1000
            print(
                f"{'webhook' if webhook else 'polling'}: {len(latencies)} presses, press → answer "
                f"p50 {p50:.1f} ms, p95 {p95:.1f} ms, max {latencies[-1] * 1000:.1f} ms; "
                f"the bot's process time {cpu:.2f} s over {wall:.1f} s wall "
                f"({cpu / len(latencies) * 1000:.1f} ms a press, bots' moves included)"
            )
        finally:
            bot.terminate()
            api.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--presses", type=int, default=60)
    args = parser.parse_args()
    for webhook in (False, True):
        one_mode(webhook, args.presses)


if __name__ == "__main__":
    main()
