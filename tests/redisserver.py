"""A real Redis server for the tests: Debian's `redis-server`, started once for the whole run on
127.0.0.1 and a free port, keeping nothing on disk. `.ci/run` installs the package; without it
these tests fail, saying so, rather than being skipped."""

from __future__ import annotations

import shutil
import socket
import subprocess
import time
from collections.abc import Iterator

from tests.ports import free_port

STARTS_WITHIN = 10.0  # seconds for the server to answer


def server() -> Iterator[str]:
    """The server's address (`redis://127.0.0.1:<port>`), stopped at the end."""
    binary = shutil.which("redis-server")
    if binary is None:
        raise RuntimeError("Redis is not installed: apt-get install redis-server (as .ci/run does)")
    port = free_port()
    command = [binary, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        _answering(port, process)
        yield f"redis://127.0.0.1:{port}"
    finally:
        process.terminate()
        process.wait(timeout=10)


def _answering(port: int, process: subprocess.Popen[bytes]) -> None:
    """Waits (polling the socket, not sleeping a guessed time) until the server takes a PING."""
    deadline = time.monotonic() + STARTS_WITHIN
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"redis-server exited with {process.returncode}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5) as conn:
                conn.sendall(b"PING\r\n")
                if conn.recv(16).startswith(b"+PONG"):
                    return
        except OSError:
            time.sleep(0.05)  # the server is starting: the socket is not open yet
    raise RuntimeError(f"redis-server did not answer on port {port} within {STARTS_WITHIN:.0f} s")
