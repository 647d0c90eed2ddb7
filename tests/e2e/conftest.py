"""The end-to-end fixtures: the fake Bot API, the real bot against it, and a guard that fails any
end-to-end test whose bot logged an ERROR or a traceback (a lobby stopped before it was
full logged a KeyError while its test passed). A test that injects a failure on purpose names
the lines it expects with `@pytest.mark.log_errors("substring", ...)`."""

import logging
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from tests.e2e.fake_api import FakeBotApi
from tests.e2e.harness import Bot


class _Errors(logging.Handler):
    """Every record at WARNING with a traceback, or at ERROR and above, the whole test long."""

    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        if record.levelno >= logging.ERROR or record.exc_info:
            self.records.append(record)


def unexpected_errors(records: list[logging.LogRecord], allowed: tuple[str, ...]) -> list[str]:
    """The records' lines (message and traceback) that no allowed substring accounts for."""
    out = []
    for record in records:
        text = record.getMessage()
        if record.exc_info:
            text += "\n" + logging.Formatter().formatException(record.exc_info)
        if not any(pattern in text for pattern in allowed):
            out.append(f"{record.levelname} {record.name}: {text}")
    return out


def errors_in_output(output: str, allowed: tuple[str, ...] = ()) -> list[str]:
    """The ERROR lines and tracebacks in a bot process's log (bot.py's format: time, level, name)
    that no allowed substring accounts for."""
    found = []
    for line in output.splitlines():
        if (" ERROR " in line or " CRITICAL " in line or line.startswith("Traceback")) and not any(
            pattern in line for pattern in allowed
        ):
            found.append(line)
    return found


@pytest.fixture(autouse=True)
def no_errors_logged(request: pytest.FixtureRequest) -> Iterator[None]:
    allowed = tuple(p for mark in request.node.iter_markers("log_errors") for p in mark.args)
    handler = _Errors()
    root = logging.getLogger()
    root.addHandler(handler)
    try:
        yield
    finally:
        root.removeHandler(handler)
    found = unexpected_errors(handler.records, allowed)
    assert not found, "the bot logged errors:\n" + "\n".join(found)


@pytest.fixture
def api() -> Iterator[FakeBotApi]:
    server = FakeBotApi().start()
    yield server
    server.stop()


@pytest.fixture
async def bot(api: FakeBotApi, tmp_path: Path) -> AsyncIterator[Bot]:
    running = await Bot.start(api, tmp_path / "bot.sqlite3")
    yield running
    await running.stop()
