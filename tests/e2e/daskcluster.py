"""A real Dask cluster on 127.0.0.1 for the tests and benchmarks: a scheduler and
one-thread workers, each a process of its own running this project's code."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from distributed import Client

from tests.ports import free_port

ROOT = Path(__file__).resolve().parents[2]


@dataclass
class Cluster:
    address: str
    workers: dict[str, subprocess.Popen[bytes]]  # by name
    scheduler: subprocess.Popen[bytes]

    def executed(self) -> int:
        """Tasks the workers ran, all together (asked of the workers themselves)."""
        with Client(self.address, timeout=30, set_as_default=False) as client:
            counts = client.run(lambda dask_worker: dask_worker.state.executed_count)
        return sum(counts.values())


def _process(*args: str) -> subprocess.Popen[bytes]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    command = [sys.executable, "-m", *args]
    return subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


@contextmanager
def dask_cluster(workers: int) -> Iterator[Cluster]:
    """The cluster, up with every worker joined; stopped at the end."""
    port = free_port()
    address = f"tcp://127.0.0.1:{port}"
    scheduler = _process(
        "distributed.cli.dask_scheduler", "--host", "127.0.0.1", "--port", str(port),
        "--dashboard-address", ":0", "--no-show",
    )  # fmt: skip
    worker = ("distributed.cli.dask_worker", address, "--nthreads", "1", "--no-dashboard", "--name")
    started = {f"w{i}": _process(*worker, f"w{i}") for i in range(workers)}
    try:
        with Client(address, timeout=60, set_as_default=False) as client:
            client.wait_for_workers(workers, timeout=60)
        yield Cluster(address, started, scheduler)
    finally:
        for process in [*started.values(), scheduler]:
            process.terminate()
        for process in [*started.values(), scheduler]:
            process.wait(timeout=30)
