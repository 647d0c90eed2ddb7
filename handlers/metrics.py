"""The bot's metrics in Prometheus' terms (`GET /metrics`), with `prometheus-client`: what the
handlers see as it happens (Bot API calls and their outcomes, presses and how fast they are
answered, webhook requests), and what the referee counts, read when scraped (moves, tables by
state, the outbox, searches, store faults). Each bot has a registry of its own, so tests can run
several in one process."""

from __future__ import annotations

import contextvars
import time
from collections.abc import Callable, Iterator
from typing import Any

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily, Metric
from prometheus_client.registry import Collector
from telegram.request import HTTPXRequest

from engine.referee import Referee

PREFIX = "gouji_bot"
# press → answer, in seconds: a phone feels 0.1 s as instant and 1 s as slow
PRESS_BUCKETS = (0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)
FAILING_AFTER = 3  # Bot API calls in a row with no answer before /healthz says it keeps failing
# when the press being handled reached its handler (perf_counter), for the answer's latency
_PRESSED_AT: contextvars.ContextVar[float | None] = contextvars.ContextVar("pressed_at", default=None)


def press_started() -> None:
    """Called as a button press's handler starts: its answer's call measures from here."""
    _PRESSED_AT.set(time.perf_counter())


def outcome(status: int) -> str:
    """A Bot API answer's status as the `outcome` label: ok, 429, 403 or error."""
    if status == 200:
        return "ok"
    return str(status) if status in (429, 403) else "error"


class BotApiHealth:
    """Whether the Bot API answers: any answer but a server error counts (a 403 for a blocked
    player or a 429 are the Bot API working); `FAILING_AFTER` calls in a row without one, or
    with a 5xx, and it keeps failing."""

    def __init__(self) -> None:
        self.unanswered = 0
        self.calls = 0

    def answered(self, yes: bool) -> None:
        self.calls += 1
        self.unanswered = 0 if yes else self.unanswered + 1

    @property
    def failing(self) -> bool:
        return self.unanswered >= FAILING_AFTER


class Metrics:
    """Every metric of one bot, in its own registry."""

    def __init__(self) -> None:
        self.referee: Referee | None = None  # set once the bot has started
        self.registry = CollectorRegistry()
        self.api = BotApiHealth()
        self.api_calls = Counter(
            f"{PREFIX}_api_calls",
            "Bot API calls by method and outcome (ok, 429, 403, error: any other status or no answer)",
            ["method", "outcome"],
            registry=self.registry,
        )
        self.presses = Counter(f"{PREFIX}_presses", "Button presses handled", registry=self.registry)
        self.press_answer = Histogram(
            f"{PREFIX}_press_answer_seconds",
            "From a button press reaching its handler to Telegram taking its answer",
            buckets=PRESS_BUCKETS,
            registry=self.registry,
        )
        self.webhook_requests = Counter(
            f"{PREFIX}_webhook_requests",
            "Requests to the webhook by outcome (accepted, duplicate, forbidden, bad_request, too_large,"
            " unavailable: the bot's stream could not take it)",
            ["outcome"],
            registry=self.registry,
        )
        self.owner = Gauge(
            f"{PREFIX}_owner",
            "1 when this process owns the tables (holds the database), 0 while it waits as a standby",
            registry=self.registry,
        )
        self.streamed = Counter(
            f"{PREFIX}_stream_updates",
            "Updates this process took off the bot's stream as the owner, by source (new; reclaimed:"
            " left unfinished by an owner that died)",
            ["source"],
            registry=self.registry,
        )
        self.registry.register(RefereeCollector(lambda: self.referee))

    def api_call(self, method: str, status: int | None) -> None:
        """A Bot API call ended: with the HTTP status, or None when no answer came."""
        self.api_calls.labels(method, "error" if status is None else outcome(status)).inc()
        self.api.answered(status is not None and status < 500)
        if method == "answerCallbackQuery":
            started = _PRESSED_AT.get()
            if started is not None:
                self.press_answer.observe(time.perf_counter() - started)
                self.presses.inc()
                _PRESSED_AT.set(None)  # one answer per press


class RefereeCollector(Collector):
    """The referee's own counts, read at each scrape (nothing is kept twice)."""

    def __init__(self, referee: Callable[[], Referee | None]) -> None:
        self.referee = referee

    def collect(self) -> Iterator[Metric]:
        moves = CounterMetricFamily(
            f"{PREFIX}_moves",
            "Moves committed, by game and actor (player, bot, autopilot, timeout)",
            labels=["game", "actor"],
        )
        tables = GaugeMetricFamily(
            f"{PREFIX}_tables",
            "Tables in memory by state (lobby, running, finished, paused)",
            labels=["state"],
        )
        outbox = GaugeMetricFamily(f"{PREFIX}_outbox_notices", "Committed changes not yet told on Telegram")
        running = GaugeMetricFamily(
            f"{PREFIX}_searches_running", "Searching bots thinking in worker processes"
        )
        refused = CounterMetricFamily(
            f"{PREFIX}_searches_refused",
            "Searches the heuristic answered instead (busy: every worker searching; late; broken pool)",
            labels=["reason"],
        )
        faults = CounterMetricFamily(f"{PREFIX}_store_faults", "Writes the SQLite store refused")
        referee = self.referee()
        if referee is not None:
            now = referee.vitals()
            for (game, actor), count in sorted(now.moves.items()):
                moves.add_metric([game, actor], count)
            for state, count in now.tables.items():
                tables.add_metric([state], count)
            outbox.add_metric([], now.outbox)
            running.add_metric([], now.searching)
            for reason, count in now.refused.items():
                refused.add_metric([reason], count)
            faults.add_metric([], now.store_faults)
        yield from (moves, tables, outbox, running, refused, faults)


class CountedRequest(HTTPXRequest):
    """python-telegram-bot's HTTP client, counting every Bot API call by method and outcome."""

    def __init__(self, metrics: Metrics, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.metrics = metrics

    async def do_request(self, url: str, method: str, *args: Any, **kwargs: Any) -> tuple[int, bytes]:
        endpoint = url.rsplit("/", 1)[-1]  # the method's name; the token stays in the path before it
        try:
            status, payload = await super().do_request(url, method, *args, **kwargs)
        except Exception:  # no answer: a broken connection, a time-out
            self.metrics.api_call(endpoint, None)
            raise
        self.metrics.api_call(endpoint, status)
        return status, payload
