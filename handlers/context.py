"""What the application keeps between updates, typed: python-telegram-bot's `ContextTypes` with
a `BotData` of our own instead of a dict, so every handler reads `context.bot_data.services`
with its type, and a missing piece fails loudly at start-up instead of as a KeyError mid-game."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from telegram.ext import CallbackContext, ContextTypes, ExtBot

from data.store import Store
from engine.referee import Clock, SystemClock
from handlers.config import Config
from handlers.live import LiveTables
from handlers.metrics import Metrics
from handlers.notifier import TelegramNotifier
from handlers.relay import UpdateStream
from handlers.services import Services


@dataclass
class BotData:
    config: Config | None = None
    clock: Clock = field(default_factory=SystemClock)
    new_seed: Callable[[], str] | None = None  # tests fix the deals' seeds
    metrics: Metrics = field(default_factory=Metrics)  # the Bot API's calls, from the first
    live: LiveTables = field(default_factory=LiveTables)  # the Mini App's pages wait on it
    # known once the application has started (post_init): the store, the referee and its notifier
    services: Services | None = None
    notifier: TelegramNotifier | None = None
    store: Store | None = None
    daily_lines: Any = None  # the groups' daily line (handlers.daily.DailyLines), once started
    # with REDIS_URL and a webhook: the updates waiting for the process that owns the tables
    stream: UpdateStream | None = None
    standby: bool = False  # another process holds the database (runs the tables) now

    def running(self) -> tuple[Services, TelegramNotifier]:
        if self.services is None or self.notifier is None:
            raise RuntimeError("an update arrived before the bot had started")
        return self.services, self.notifier


Context = CallbackContext[ExtBot[None], dict[Any, Any], dict[Any, Any], BotData]
CONTEXT_TYPES = ContextTypes(bot_data=BotData)
