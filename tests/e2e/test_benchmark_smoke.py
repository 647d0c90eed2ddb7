"""The benchmarks as short smoke runs: they run from a clean checkout, the capacity run's
people really play through the Mini App while the strong bots search, and nothing goes wrong in
the bot's log. The figures themselves are printed and noted, never asserted."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def benchmark(*arguments: str) -> str:
    done = subprocess.run(
        [sys.executable, "-m", *arguments], cwd=ROOT, capture_output=True, text=True, timeout=300, check=False
    )
    assert done.returncode == 0, done.stderr[-3000:]
    assert "ERROR" not in done.stderr and "Traceback" not in done.stderr, done.stderr[-3000:]
    return done.stdout


def test_the_capacity_run_has_people_moving_through_the_mini_app() -> None:
    out = benchmark(
        "benchmarks.capacity", "--tables", "1", "--seconds", "8", "--settle", "2", "--think", "0.5"
    )
    moves = re.search(r"press → answer .* over (\d+) moves", out)
    assert moves is not None and int(moves.group(1)) > 0, out  # people's moves were answered
    reads = re.search(r"a viewer's read .* over (\d+) reads", out)
    assert reads is not None and int(reads.group(1)) > 0, out
    assert re.search(r"searches answered [1-9]", out), out  # strong bots searched


def test_the_kernel_benchmark_plays_and_compares() -> None:
    out = benchmark("benchmarks.gongzhu_kernel", "--deals", "50", "--repeat", "1", "--decisions", "3")
    assert "random complete deals a process-second: kernel" in out
    assert "the same move in 3 of 3 decisions" in out, out  # the kernel changes no choice


def test_the_gouji_kernel_benchmarks_play_and_compare() -> None:
    out = benchmark("benchmarks.gouji_kernel", "--decisions", "3", "--variant", "outline")
    assert "the same move in 3 of 3 decisions" in out, out  # the kernel changes no choice
    out = benchmark("benchmarks.gouji_engine", "--hands", "6", "--positions", "5")
    assert out.count("… play in the kernel") == 3, out  # every variant


def test_the_review_yardstick_plays_duplicate_and_compares_each_pair() -> None:
    out = benchmark(
        "benchmarks.review_duplicate", "--deals", "2", "--truth-deals", "4", "--players", "random", "normal"
    )
    assert "random over normal" in out and "signs agree for" in out


def test_the_failover_run_kills_the_owner_and_loses_nothing() -> None:
    out = benchmark(
        "benchmarks.failover", "--processes", "2", "--tables", "2", "--seconds", "14", "--kill-every", "6"
    )
    assert "acknowledged moves lost 0, moves made twice 0" in out, out
    once = r"score sheets in the groups \d+: untold 0, told twice 0, results in private \d+: untold 0, "
    once += r"told twice 0, still owed in the store after the stop \d+"
    assert re.search(once, out), out  # every deal's end told once, in the group and in private
    assert "ERROR lines in the bot processes' logs: 0" in out, out
    assert re.search(r"kill 1: another process owned the tables after \d+\.\d+ s", out), out  # it took over
    assert re.search(r"over [1-9]\d* presses answered", out), out
