"""A real PostgreSQL server for the tests: Debian's package, started once for the whole run in a
folder of its own on 127.0.0.1 and a free port (as the `postgres` user when the tests run as
root, which PostgreSQL refuses), and a fresh database for each test that asks. `.ci/run`
installs the package; without it these tests fail, saying so, rather than being skipped."""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import tempfile
import uuid
from collections.abc import Iterator
from pathlib import Path

import psycopg

from tests.ports import free_port


def _binaries() -> Path:
    found = shutil.which("initdb")
    if found:
        return Path(found).resolve().parent
    versions = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    if not versions:
        raise RuntimeError("PostgreSQL is not installed: apt-get install postgresql (as .ci/run does)")
    return Path(versions[-1]).parent


def _as_server(command: list[str]) -> None:
    """Runs a server command as `postgres` when we are root; as ourselves otherwise."""
    if os.geteuid() == 0:
        command = ["runuser", "-u", "postgres", "--", *command]
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=60)


def server() -> Iterator[str]:
    """The server's base address (`postgresql://bot@127.0.0.1:<port>`), stopped at the end."""
    bin_dir = _binaries()
    folder = Path(tempfile.mkdtemp(prefix="pg-tests-"))
    if os.geteuid() == 0:
        shutil.chown(folder, "postgres")
    data = folder / "data"
    port = free_port()
    _as_server([str(bin_dir / "initdb"), "-D", str(data), "-A", "trust", "-U", "bot", "-E", "UTF8"])
    options = f"-p {port} -k {folder} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200"
    _as_server(
        [str(bin_dir / "pg_ctl"), "-D", str(data), "-o", options, "-l", str(folder / "log"), "-w", "start"]
    )
    try:
        yield f"postgresql://bot@127.0.0.1:{port}"
    finally:
        _as_server([str(bin_dir / "pg_ctl"), "-D", str(data), "-m", "immediate", "stop"])
        shutil.rmtree(folder, ignore_errors=True)


def fresh_database(base: str) -> str:
    """A new empty database on the server; its address."""
    name = f"t{uuid.uuid4().hex[:16]}"
    with psycopg.connect(f"{base}/postgres", autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    return f"{base}/{name}"
