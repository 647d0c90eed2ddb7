"""A small file system of its own for storage tests, where the machine allows mounting one."""

from __future__ import annotations

import contextlib
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest


@contextlib.contextmanager
def tmpfs(where: Path, size: str = "2m") -> Iterator[Path]:
    """A fresh tmpfs of `size` at `where`; the test is skipped on a machine that cannot mount."""
    where.mkdir()
    done = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(where)], capture_output=True
    )
    if done.returncode != 0:
        pytest.skip("this machine cannot mount a small file system")
    try:
        yield where
    finally:
        subprocess.run(["umount", "-l", str(where)], check=False)


def read_only(where: Path) -> None:
    """Turns the mount at `where` read-only (only possible while no file on it is open to write)."""
    subprocess.run(["mount", "-o", "remount,ro", str(where)], check=True, capture_output=True)
