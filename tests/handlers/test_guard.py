"""The web door's guard: a flood of the same complaint is said once a minute, not
320,000 times in 30 s on the disk the database shares; the connection cap leaves room below the
file-descriptor limit; a malformed request is the client's fault, not an ERROR."""

from __future__ import annotations

import asyncio
import logging

import pytest
from aiohttp.http_exceptions import LineTooLong

from handlers.web.guard import (
    FD_RESERVE,
    MAX_CONNECTIONS,
    MIN_CONNECTIONS,
    QUIET_SECONDS,
    LoopErrors,
    ServerLog,
    Throttled,
    connection_cap,
)

ACCEPT = {
    "message": "socket.accept() out of system resource",
    "exception": OSError(24, "Too many open files"),
}


def test_the_same_complaint_is_said_once_a_minute_with_how_many_were_not(
    caplog: pytest.LogCaptureFixture,
) -> None:
    now = [0.0]
    throttled = Throttled(logging.getLogger("test.guard"), now=lambda: now[0])
    errors = LoopErrors(throttled)
    loop = asyncio.new_event_loop()
    try:
        with caplog.at_level(logging.INFO, logger="test.guard"):
            for _ in range(10_000):
                errors(loop, ACCEPT)
            now[0] += QUIET_SECONDS
            errors(loop, ACCEPT)
    finally:
        loop.close()
    said = [r.getMessage() for r in caplog.records if r.name == "test.guard"]
    assert len(said) == 2 and said[1].endswith("(9999 more since last said)")
    assert all(r.levelno == logging.WARNING for r in caplog.records if r.name == "test.guard")


def test_other_loop_errors_are_still_said_as_asyncio_says_them(caplog: pytest.LogCaptureFixture) -> None:
    errors = LoopErrors(Throttled(logging.getLogger("test.guard")))
    loop = asyncio.new_event_loop()
    try:
        with caplog.at_level(logging.ERROR):
            errors(loop, {"message": "Task exception was never retrieved"})
            errors(loop, {"message": "Task exception was never retrieved"})
    finally:
        loop.close()
    assert sum("never retrieved" in r.getMessage() for r in caplog.records) == 2


def test_a_malformed_request_is_said_at_info_once_a_minute(caplog: pytest.LogCaptureFixture) -> None:
    server_log = ServerLog(Throttled(logging.getLogger("test.guard")))
    with caplog.at_level(logging.DEBUG):
        for _ in range(100):
            server_log.exception(
                "Error handling request from %s", "127.0.0.1", exc_info=LineTooLong("x", 8190)
            )
        server_log.exception("Error handling request from %s", "127.0.0.1", exc_info=RuntimeError("a bug"))
    mine = [r for r in caplog.records if r.name == "test.guard"]
    assert len(mine) == 1 and mine[0].levelno == logging.INFO
    bugs = [r for r in caplog.records if r.name == "aiohttp.server"]
    assert len(bugs) == 1 and bugs[0].levelno == logging.ERROR  # a real bug is still an error


def test_the_connection_cap_keeps_descriptors_for_the_rest() -> None:
    assert connection_cap(1024) == 1024 - FD_RESERVE
    assert connection_cap(65536) == MAX_CONNECTIONS
    assert connection_cap(256) == MIN_CONNECTIONS
