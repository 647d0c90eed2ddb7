"""The referee: one object with the public API of docs/architecture.md, composed of collaborators over one
core — the lobby, play (moves, the clock, conduct), players and groups, and read-only queries.
Each command is the collaborator's own method; the referee only wires them together."""

from __future__ import annotations

import secrets
from collections.abc import Callable

from data.store import Store
from engine.referee.clock import Clock
from engine.referee.core import RefereeCore
from engine.referee.lobby import Lobby
from engine.referee.notifier import Notifier
from engine.referee.outbox import Outbox
from engine.referee.play import Play
from engine.referee.players import Players
from engine.referee.reach import Reach
from engine.referee.reading import Reading
from engine.referee.standings import Standings
from engine.referee.table import LiveTable
from engine.referee.thinking import Thinkers


class Referee:
    def __init__(
        self,
        store: Store,
        notifier: Notifier,
        clock: Clock,
        *,
        bot_delay: float = 0.0,
        heartbeat: float = 1.0,
        new_seed: Callable[[], str] = lambda: secrets.token_hex(16),
        thinkers: Thinkers | None = None,
    ) -> None:
        core = self.core = RefereeCore(
            store,
            notifier,
            clock,
            bot_delay=bot_delay,
            heartbeat=heartbeat,
            new_seed=new_seed,
            thinkers=thinkers,
        )
        play = self.play = Play(core)
        lobby = self.lobby = Lobby(core, play)
        players = self.players = Players(core)
        reading = self.reading = Reading(core)
        reach = self.reach = Reach(core, lobby)
        standings = self.standings = Standings(core)
        core.on_due = play.on_due
        # start and stop, and what anyone may look at
        self.recover = core.recover
        self.close = core.close
        self.flush_notices = core.flush_notices
        self.table = core.table
        self.stored_table = core.stored_table
        self.view = core.view
        self.private_view = core.private_view
        self.tables_in = core.tables_in
        # a running match
        self.submit = play.submit
        self.back = play.back
        self.hint = play.hint
        # the lobby and the table's life
        self.open_table = lobby.open_table
        self.join_token = lobby.join_token
        self.table_of_token = lobby.table_of_token
        self.join = lobby.join
        self.leave = lobby.leave
        self.choose_team = lobby.choose_team
        self.add_bot = lobby.add_bot
        self.remove_bot = lobby.remove_bot
        self.set_options = lobby.set_options
        self.start = lobby.start
        self.rematch = lobby.rematch
        self.stop = lobby.stop
        # players and groups
        self.register_player = players.register_player
        self.set_private_chat = players.set_private_chat
        self.set_language = players.set_language
        self.set_quiet = players.set_quiet
        self.register_group = players.register_group
        self.set_group_language = players.set_group_language
        self.set_group_defaults = players.set_group_defaults
        # who Telegram will not let the bot reach
        self.player_unreachable = reach.player_unreachable
        self.not_delivered = reach.not_delivered
        self.group_gone = reach.group_gone
        # read-only queries
        self.player = reading.player
        self.group_language = reading.group_language
        self.player_stats = reading.player_stats
        self.leaderboard = standings.leaderboard
        self.profile = standings.profile
        self.player_named = standings.player_named
        self.record = reading.record
        self.replay = reading.replay
        self.last_finished_table = reading.last_finished_table
        self.replay_group = reading.replay_group
        self.match_of = reading.match_of
        self.table_of_player = reading.table_of_player

    # the core's state, for the bot's wiring, tests and benchmarks
    @property
    def store(self) -> Store:
        return self.core.store

    @property
    def clock(self) -> Clock:
        return self.core.clock

    @property
    def notifier(self) -> Notifier:
        return self.core.notifier

    @property
    def outbox(self) -> Outbox:
        return self.core.outbox

    @property
    def tables(self) -> dict[int, LiveTable]:
        return self.core.tables

    @property
    def bot_delay(self) -> float:
        return self.core.bot_delay

    @bot_delay.setter
    def bot_delay(self, seconds: float) -> None:
        self.core.bot_delay = seconds

    @property
    def new_seed(self) -> Callable[[], str]:
        return self.core.new_seed

    @new_seed.setter
    def new_seed(self, make: Callable[[], str]) -> None:
        self.core.new_seed = make
