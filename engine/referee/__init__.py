"""The referee (async): tables, seats, clocks, timeouts, penalties, bots and the store.

    referee = Referee(await Store.open("bot.sqlite3"), notifier, SystemClock())
    await referee.recover()                     # every lobby and running table, first
    table = await referee.open_table(group, creator, game, {"bots": "easy"}, "fast")  # a GAMES name
    await referee.join(table.id, user); await referee.add_bot(table.id, 0); await referee.start(table.id)
    await referee.submit(table.id, user, move, version)  # a legal move's notation

It knows nothing of Telegram: it publishes `Notice`s to a `Notifier`. This package is the
interface's one door into it: what is not exported here is the referee's own business
(`tests/test_layers.py` keeps it so).
"""

from __future__ import annotations

from engine.referee.clock import Clock, ManualClock, SystemClock, Timer
from engine.referee.cluster import CLUSTER_SEARCHES, cluster_pool
from engine.referee.daily import GroupPlaces, Place, Standing, day_of
from engine.referee.drills import Answered, Drill
from engine.referee.events import (
    RatingsChanged,
    ReplacedByBot,
    Resumed,
    SavingAgain,
    SeatReserved,
    SeatTakenOver,
    TableStopped,
    Undelivered,
    WindowClosed,
)
from engine.referee.notifier import Notice, Notifier, Recorder, ends_round, starts_round
from engine.referee.quick import DEFAULT_PRESET, PACES, Queued, presets_of
from engine.referee.reading import MatchReplay
from engine.referee.referee import Referee
from engine.referee.reviews import MatchReview
from engine.referee.rooms import DAILY, QUICK, is_room
from engine.referee.standings import GameProfile, Met, Profile
from engine.referee.tasks import abandoned, finished, kept
from engine.referee.thinking import WORKERS, Thinkers
from engine.referee.views import PrivateView, SeatView, TableView

__all__ = [
    "CLUSTER_SEARCHES",
    "DAILY",
    "DEFAULT_PRESET",
    "PACES",
    "QUICK",
    "WORKERS",
    "Answered",
    "Clock",
    "Drill",
    "GameProfile",
    "GroupPlaces",
    "ManualClock",
    "MatchReplay",
    "MatchReview",
    "Met",
    "Notice",
    "Notifier",
    "Place",
    "PrivateView",
    "Profile",
    "Queued",
    "RatingsChanged",
    "Recorder",
    "Referee",
    "ReplacedByBot",
    "Resumed",
    "SavingAgain",
    "SeatReserved",
    "SeatTakenOver",
    "SeatView",
    "Standing",
    "SystemClock",
    "TableStopped",
    "TableView",
    "Thinkers",
    "Timer",
    "Undelivered",
    "WindowClosed",
    "abandoned",
    "cluster_pool",
    "day_of",
    "ends_round",
    "finished",
    "is_room",
    "kept",
    "presets_of",
    "starts_round",
]
