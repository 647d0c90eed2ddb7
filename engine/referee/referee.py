"""The referee: one object with the public API of docs/architecture.md, composed of collaborators over one
core — the lobby, play (moves, the clock, conduct), players and groups, and read-only queries.
Each command is the collaborator's own method; the referee only wires them together."""

from __future__ import annotations

import secrets
from collections.abc import Callable

from data.store import Store
from engine.referee.clock import Clock
from engine.referee.core import RefereeCore
from engine.referee.daily import DailyDeals
from engine.referee.drills import Drills
from engine.referee.forwarding import Forwarded
from engine.referee.lobby import Lobby
from engine.referee.notifier import Notice, Notifier
from engine.referee.outbox import Outbox
from engine.referee.play import Play
from engine.referee.players import Players
from engine.referee.quick import QUICK_WAIT, QuickPool
from engine.referee.reach import Reach
from engine.referee.reading import Reading
from engine.referee.reviews import Reviews
from engine.referee.standings import Standings
from engine.referee.table import LiveTable
from engine.referee.thinking import Thinkers
from engine.referee.vitals import Vitals, vitals


class Referee:
    """Each command is a collaborator's method, offered here by name (`Forwarded`)."""

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
        quick_wait: float = QUICK_WAIT,
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
        self.play = Play(core)
        self.lobby = Lobby(core, self.play)
        self.players = Players(core)
        self.reading = Reading(core)
        self.reviews = Reviews(core)
        self.drills = Drills(core)
        self.reach = Reach(core, self.lobby)
        self.standings = Standings(core)
        self.pool = QuickPool(core, self.lobby, quick_wait)
        self.daily = DailyDeals(core, self.lobby)
        core.on_due = self.play.on_due

    async def recover(self) -> None:
        """Every lobby and running table, then the quick pool's waits and the daily deals' tries.
        Call before handling any update."""
        await self.core.recover()
        await self.pool.recover()
        await self.daily.recover()

    async def close(self, within: float | None = None) -> None:
        """A clean stop (`RefereeCore.close`); the pool's waits are kept in the store."""
        self.pool.close()
        await self.core.close(within)

    # start and stop, and what anyone may look at
    flush_notices = Forwarded("core", RefereeCore.flush_notices)
    table = Forwarded("core", RefereeCore.table)
    stored_table = Forwarded("core", RefereeCore.stored_table)
    view = Forwarded("core", RefereeCore.view)
    private_view = Forwarded("core", RefereeCore.private_view)
    tables_in = Forwarded("core", RefereeCore.tables_in)
    # a running match
    submit = Forwarded("play", Play.submit)
    back = Forwarded("play", Play.back)
    hint = Forwarded("play", Play.hint)
    explained_hint = Forwarded("play", Play.explained_hint)
    why_not = Forwarded("play", Play.why_not)
    still_out = Forwarded("play", Play.still_out)
    # the lobby and the table's life
    open_table = Forwarded("lobby", Lobby.open_table)
    join_token = Forwarded("lobby", Lobby.join_token)
    table_of_token = Forwarded("lobby", Lobby.table_of_token)
    join = Forwarded("lobby", Lobby.join)
    leave = Forwarded("lobby", Lobby.leave)
    choose_team = Forwarded("lobby", Lobby.choose_team)
    add_bot = Forwarded("lobby", Lobby.add_bot)
    remove_bot = Forwarded("lobby", Lobby.remove_bot)
    set_options = Forwarded("lobby", Lobby.set_options)
    start = Forwarded("lobby", Lobby.start)
    rematch = Forwarded("lobby", Lobby.rematch)
    stop = Forwarded("lobby", Lobby.stop)
    # quick tables with anyone
    enter_pool = Forwarded("pool", QuickPool.enter)
    leave_pool = Forwarded("pool", QuickPool.cancel)
    pool_waiting = Forwarded("pool", QuickPool.waiting)
    # the daily deal, the same for everyone
    play_daily = Forwarded("daily", DailyDeals.play)
    daily_standing = Forwarded("daily", DailyDeals.standing)
    daily_result = Forwarded("daily", DailyDeals.result)
    daily_line_at = Forwarded("daily", DailyDeals.next_line_at)
    daily_line_owed = Forwarded("daily", DailyDeals.line_owed)
    daily_places = Forwarded("daily", DailyDeals.group_places)
    set_daily_line = Forwarded("daily", DailyDeals.set_line)
    daily_line_groups = Forwarded("daily", DailyDeals.line_groups)
    today = Forwarded("daily", DailyDeals.today)
    # players and groups
    register_player = Forwarded("players", Players.register_player)
    set_private_chat = Forwarded("players", Players.set_private_chat)
    set_language = Forwarded("players", Players.set_language)
    set_quiet = Forwarded("players", Players.set_quiet)
    register_group = Forwarded("players", Players.register_group)
    set_group_language = Forwarded("players", Players.set_group_language)
    set_group_defaults = Forwarded("players", Players.set_group_defaults)
    set_notified = Forwarded("players", Players.set_notified)
    to_notify = Forwarded("players", Players.to_notify)
    # who Telegram will not let the bot reach
    player_unreachable = Forwarded("reach", Reach.player_unreachable)
    not_delivered = Forwarded("reach", Reach.not_delivered)
    group_gone = Forwarded("reach", Reach.group_gone)
    # read-only queries
    player = Forwarded("reading", Reading.player)
    group_language = Forwarded("reading", Reading.group_language)
    player_stats = Forwarded("reading", Reading.player_stats)
    leaderboard = Forwarded("standings", Standings.leaderboard)
    profile = Forwarded("standings", Standings.profile)
    player_named = Forwarded("standings", Standings.player_named)
    record = Forwarded("reading", Reading.record)
    replay = Forwarded("reading", Reading.replay)
    review = Forwarded("reviews", Reviews.review)
    review_told = Forwarded("reviews", Reviews.told)
    next_drill = Forwarded("drills", Drills.next)
    answer_drill = Forwarded("drills", Drills.answer)
    share_drills = Forwarded("drills", Drills.share)
    last_finished_table = Forwarded("reading", Reading.last_finished_table)
    replay_group = Forwarded("reading", Reading.replay_group)
    match_of = Forwarded("reading", Reading.match_of)
    match_numbered = Forwarded("reading", Reading.match_numbered)
    played_on = Forwarded("core", RefereeCore.played_on)
    table_of_player = Forwarded("reading", Reading.table_of_player)

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

    def now(self) -> float:
        """The referee's time (its clock's): what every deadline it tells is measured against."""
        return self.core.clock.now()

    async def settle_notices(self) -> None:
        """At shutdown, once the groups' paced news went out: the owed notices it carried are
        marked told (`Outbox.settle`)."""
        await self.core.outbox.settle()

    async def abandon_notices(self) -> None:
        """At shutdown, once the time to tell them is up: the notices still being told are
        cancelled, so that nothing is left pending when the loop closes."""
        await self.core.outbox.abandon()

    def vitals(self) -> Vitals:
        """The operator's numbers: the store, the recovery, moves, tables, the outbox, searches."""
        return vitals(self.core)

    def watch(self, watcher: Callable[[Notice], None]) -> None:
        """`watcher` hears of each committed change at once, without I/O (the Mini App's pages)."""
        self.core.watchers.append(watcher)

    def versions(self) -> dict[int, int]:
        """Each table in memory's version: what a page may be shown after a start."""
        return {table.id: table.version for table in self.core.tables.values()}

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
