"""A free TCP port on 127.0.0.1, for the servers the tests start (PostgreSQL, Redis, the bot)."""

from __future__ import annotations

import socket


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port
