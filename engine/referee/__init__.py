"""The referee (async): tables, seats, clocks, timeouts, penalties, bots and the store.

    referee = Referee(await Store.open("bot.sqlite3"), notifier, SystemClock())
    await referee.recover()                     # every lobby and running table, first
    table = await referee.open_table(group, creator, game, {"bots": "easy"}, "fast")  # a GAMES name
    await referee.join(table.id, user); await referee.add_bot(table.id, 0); await referee.start(table.id)
    await referee.submit(table.id, user, move, version)  # a legal move's notation

It knows nothing of Telegram: it publishes `Notice`s to a `Notifier`.
"""

from __future__ import annotations

from engine.referee.clock import Clock, ManualClock, SystemClock
from engine.referee.notifier import Notice, Notifier, Recorder
from engine.referee.referee import Referee
from engine.referee.views import PrivateView, SeatView, TableView

__all__ = [
    "Clock",
    "ManualClock",
    "Notice",
    "Notifier",
    "PrivateView",
    "Recorder",
    "Referee",
    "SeatView",
    "SystemClock",
    "TableView",
]
