"""The referee's core: the tables it holds, loading them back from the store, committing a change
(one transaction, then the notice), the clock of each table, and the read-only views."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

from data.queries import Queries
from data.records import MoveRow, TableRow
from data.store import Fenced, Store, StoreError
from engine.bots import bot_move, searches
from engine.errors import Refused
from engine.events import Event
from engine.games import GAMES, Window
from engine.referee.clock import Clock
from engine.referee.events import Paused, RatingsChanged, Resumed, SavingAgain, SeatTakenOver
from engine.referee.notifier import Notice, Notifier
from engine.referee.outbox import Outbox
from engine.referee.owed import owe, owing, private_teller, tell_owed, teller
from engine.referee.ratings import rate_earlier_matches, rate_match
from engine.referee.rooms import DAILY, is_room
from engine.referee.table import LiveTable, replay
from engine.referee.tally import Tally
from engine.referee.thinking import Thinkers
from engine.referee.views import PrivateView, TableView
from engine.timecontrol import TimeControl

HEARTBEAT = "alive_at"
log = logging.getLogger(__name__)


class RefereeCore:
    """What every command shares: the tables in memory, the store, committing a change and
    publishing it, and each table's clock. The commands are collaborators over it (play, lobby)."""

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
        self.store = store
        self.notifier = notifier
        self.outbox = Outbox(notifier, teller(store), private_teller(store))
        self.clock = clock
        self.bot_delay = bot_delay
        self.thinkers = thinkers or Thinkers()  # searching bots think in worker processes
        # a crash gives back at most one beat more than the real downtime: a second, not five
        self.heartbeat = heartbeat
        self.new_seed = new_seed
        self.tables: dict[int, LiveTable] = {}
        # a bot's move, a reminder or a deadline has come: the play commands answer (set by Referee)
        self.on_due: Callable[[LiveTable], Awaitable[None]] = _nobody_answers
        self._beat_timer: Any = None
        self.closing = False  # set by close(): no clock is armed again, the store is about to go
        # while the store refuses writes: since when, and the tables whose group was told
        self.paused_since: float | None = None
        self.paused_tables: set[int] = set()
        self.tally = Tally()  # moves and store faults, for the operator's metrics and health
        # called with each committed notice, at once and without I/O (handlers/live.py)
        self.watchers: list[Callable[[Notice], None]] = []

    # -- start and stop ------------------------------------------------------------------------

    async def recover(self) -> None:
        """Loads every lobby and running table, gives back the time the process was down, and
        re-arms every clock. Call before handling any update."""
        now = self.clock.now()
        rated = await rate_earlier_matches(self.store)
        if rated:
            log.info("rated %d matches finished before the league, from their move logs", rated)
        async with self.store.reading() as q:
            alive = await q.meta(HEARTBEAT)
            rows = [row for row in await q.open_tables() if _registered(row)]
            tables = [await self._load(q, row) for row in rows]
        given_back = max(0.0, now - float(alive)) if alive else 0.0
        async with self.store.transaction() as q:
            for table in tables:
                if table.give_back(given_back):
                    await self.save_table(q, table)
            await q.set_meta(HEARTBEAT, repr(now))
        for table in tables:
            self.tables[table.id] = table
            if table.status == "running":
                table.bot_due = now + self.bot_delay if self.bots_to_act(table) else None
                await self.publish(table, [Resumed(given_back)], "resumed")
                self.schedule(table)
        owed = await tell_owed(self.store, self.stored_table, self.outbox.put)
        if owed:
            log.info("telling %d notices a crash left untold", owed)
        self._beat_timer = self.clock.call_at(now + self.heartbeat, self._beat)
        self.tally.recovered = True

    async def close(self, within: float | None = None) -> None:
        """A clean stop: no clock fires any more, and the heartbeat says when we stopped. A job
        still under way finishes, but arms nothing (its timer would fire on a closed store);
        one still running after `within` seconds is cancelled, its move not committed. Once
        this returns nothing of the referee's touches the store again."""
        self.closing = True
        for table in self.tables.values():
            if table.timer is not None:
                table.timer.cancel()
        if self._beat_timer is not None:
            self._beat_timer.cancel()
        try:  # a bot move already under way commits before the store closes
            await asyncio.wait_for(self.clock.drain(), within)
        except TimeoutError:
            log.warning("stopping: a job still under way after %.0f s is cancelled", within)
            await self.clock.abandon()
        await self.thinkers.stop()
        async with self.store.transaction() as q:
            await q.set_meta(HEARTBEAT, repr(self.clock.now()))

    async def _beat(self) -> None:
        """Notes that the process is alive (a restart gives back the time since). A failed write
        (a full disk, a read-only file) is logged and the next beat still comes: a dead heartbeat
        would make the next restart give back all the time since, not the downtime."""
        try:
            async with self.store.transaction() as q:
                await q.set_meta(HEARTBEAT, repr(self.clock.now()))
        except StoreError as error:
            self.tally.write(ok=False)
            if self.paused_since is None:  # said once, not at every beat of a long pause
                log.warning("heartbeat not saved: %s", error)
        else:
            self.tally.write(ok=True)
            if self.paused_since is not None:  # the store takes writes again: play goes on
                await self._resume()
        finally:
            if not self.closing:
                self._beat_timer = self.clock.call_at(self.clock.now() + self.heartbeat, self._beat)

    async def _load(self, q: Queries, row: TableRow) -> LiveTable:
        game = GAMES[row.game]
        table = LiveTable(
            id=row.id,
            group_id=row.group_id,
            game=game,
            rules=game.rules(row.rules),
            time=TimeControl(row.time_control, row.move_seconds),
            status=row.status,
            version=row.version,
            creator=row.creator_id,
            seats=await q.seats(row.id),
            join_token=row.join_token,
            deadline_at=row.deadline_at,
            reminder_at=row.reminder_at,
        )
        last = await q.last_match(row.id)
        if last is not None:
            moves = await q.moves(last.id)
            table.match = replay(game, last.seed, table.rules, moves)
            table.match_id, table.match_no, table.ply = last.id, last.number, len(moves)
            table.waiting = frozenset(s for s in table.match.to_act if not table.plays_itself(s))
        return table

    # -- lookups -------------------------------------------------------------------------------

    def table(self, table_id: int) -> LiveTable:
        table = self.tables.get(table_id)
        if table is None:
            raise Refused("unknown_table")
        return table

    async def stored_table(self, table_id: int) -> LiveTable:
        """A table in memory, or loaded from the store (a finished table after a restart)."""
        table = self.tables.get(table_id)
        if table is None:
            async with self.store.reading() as q:
                row = await q.table(table_id)
                if row is None or row.status == "stopped" or not _registered(row):
                    raise Refused("unknown_table")
                table = await self._load(q, row)
            self.tables[table_id] = table
        return table

    async def played_on(self, table_id: int, player: int, version: int) -> str | None:
        """The move the player made by hand on the decision their keyboard of that version
        showed: the first thing their seat did from then on, when it was their own move (None:
        a timeout or a bot acted for them, or nothing yet). A press delivered again after its
        move was committed, or a second press of that keyboard, is answered with it."""
        table = self.tables.get(table_id)
        seat = None if table is None else table.seat_of(player)
        if seat is None:
            return None
        async with self.store.reading() as q:
            first = await q.first_move_from(table_id, seat, version)
        if first is None or first.actor != "player" or first.player_id != player or first.kind != "move":
            return None
        return first.move

    def seated_anywhere(self, player: int) -> bool:
        """At an open table, or waiting to take a bot's seat at one: one table a person."""
        return any(table.holds(player) for table in self.tables.values())

    def view(self, table_id: int) -> TableView:
        return self.table(table_id).view()

    def private_view(self, table_id: int, player: int) -> PrivateView:
        """The player's own hand, legal moves and the public information: for their chat only."""
        table = self.table(table_id)
        seat = table.seat_of(player)
        if seat is None:
            raise Refused("not_seated")
        if table.match is None:
            raise Refused("not_running")
        running = table.status == "running"
        return PrivateView(
            table.match.current.seat_view(seat),
            tuple(str(m) for m in table.match.legal_moves(seat)) if running else (),
            table.version,
            table.deadline_at if seat in table.waiting else None,
        )

    def tables_in(self, group_id: int) -> list[TableView]:
        return [t.view() for t in self.tables.values() if t.group_id == group_id]

    # -- committing a change ---------------------------------------------------------------------

    async def commit(
        self,
        table: LiveTable,
        events: list[Event],
        cause: str,
        rows: Sequence[MoveRow] = (),
        seats_changed: bool = False,
        extra: Callable[[Queries], Any] | None = None,
    ) -> list[Event]:
        """One change of the table: its log rows, hands, stats and clock in one transaction;
        only then the notice. If the store fails, the table is reloaded as the store has it."""
        if self.hand_over_reserved(table, events):
            seats_changed = True
        table.version += 1
        table.ply += len(rows)
        self._arm(table, frozenset(row.seat for row in rows))
        try:
            async with self.store.transaction() as q:
                if extra is not None:
                    await extra(q)
                for row in rows:
                    await q.append_move(table.match_id or 0, row)
                await self._record_rounds(q, table, events)
                if seats_changed:
                    for seat in table.seats:
                        await q.update_seat(table.id, seat)
                await self.save_table(q, table, bumped=True)
                owed_id = await owe(q, Notice(table.view(), tuple(events), cause)) if owing(events) else None
        except Fenced:  # another process wrote the table since: it is theirs, not ours any more
            self._let_go(table)
            raise Refused("fenced") from None
        except StoreError as error:  # a full disk, a read-only file, an I/O error
            with contextlib.suppress(*StoreError):  # unreadable too: memory stays as it was
                await self._reload(table)
            await self.pause(table, error)
            raise Refused("paused") from error
        except Exception:
            await self._reload(table)
            raise
        self.tally.write(ok=True)
        self.tally.committed(table.game.name, rows)
        if table.id in self.paused_tables:  # this table saves again: its group hears it with the move
            self.paused_tables.discard(table.id)
            events = [SavingAgain(self.clock.now() - (self.paused_since or self.clock.now())), *events]
        await self.publish(table, events, cause, owed_id)
        self.schedule(table)
        return events

    def _let_go(self, table: LiveTable) -> None:
        """A table another process wrote: this one forgets it and arms nothing more for it."""
        log.warning("table %s was written by another process: this one lets it go", table.id)
        if table.timer is not None:
            table.timer.cancel()
        self.tables.pop(table.id, None)

    async def pause(self, table: LiveTable, error: Exception) -> None:
        """The store refused a change: the table keeps its last committed state and waits (no
        clock fires, so no retry storm); its group is told once. The heartbeat tries a write at
        each beat and resumes every paused table when one succeeds."""
        self.tally.write(ok=False)
        if self.paused_since is None:
            self.paused_since = self.clock.now()
            log.error("the database refuses writes (%s): tables pause until it takes them again", error)
        if table.timer is not None:
            table.timer.cancel()
            table.timer = None
        if table.id not in self.paused_tables:
            self.paused_tables.add(table.id)
            await self.publish(table, [Paused()], "conduct")

    async def _resume(self) -> None:
        """Writes succeed again: the paused time is given back to each paused table's deadline
        (nobody ran out of time while nothing could be saved), and play goes on."""
        since, now = self.paused_since or self.clock.now(), self.clock.now()
        self.paused_since = None
        log.warning("the database takes writes again after %.0f s: play goes on", now - since)
        for table_id in sorted(self.paused_tables):
            table = self.tables.get(table_id)
            if table is None:  # stopped meanwhile
                self.paused_tables.discard(table_id)
                continue
            async with table.lock:
                table.give_back(now - since)
                table.bot_due = now + self.bot_delay if self.bots_to_act(table) else None
                try:
                    async with self.store.transaction() as q:
                        await self.save_table(q, table)
                except StoreError:
                    self.paused_since = since  # failed again: the next beat tries again
                    return
                await self.publish(table, [SavingAgain(now - since)], "resumed")
                self.schedule(table)
            self.paused_tables.discard(table_id)

    async def save_table(self, q: Queries, table: LiveTable, bumped: bool = False) -> None:
        """The table's row, fenced by its version: the store must hold the one this process last
        wrote (`bumped`: this change added one to it), else `Fenced` and nothing is written."""
        expected = table.version - 1 if bumped else table.version
        saved = await q.update_table(
            table.id,
            table.version,
            table.status,
            table.deadline_at,
            table.reminder_at,
            table.creator,
            expected,
        )
        if not saved:
            raise Fenced(table.id)

    def hand_over_reserved(self, table: LiveTable, events: list[Event]) -> bool:
        """At a round boundary after the first, each bot seat someone waits for is theirs: the
        round's opening notice then deals them their hand (`SeatTakenOver` before it)."""
        # every commit passes here: the seats are looked at first, the events only when one waits
        waiting = [
            (seat, heir) for seat in table.seats if (heir := seat.heir) is not None and seat.player_id is None
        ]
        if not waiting or table.match is None or len(table.match.rounds) < 2:
            return False
        at = next((i for i, e in enumerate(events) if table.game.round_started(e) is not None), None)
        if at is None:
            return False
        for seat, heir in waiting:
            seat.player_id, seat.heir, seat.autopilot, seat.strikes = heir, None, False, 0
        events[at:at] = [SeatTakenOver(seat.seat, heir) for seat, heir in waiting]
        return True

    async def _record_rounds(self, q: Queries, table: LiveTable, events: list[Event]) -> None:
        """Hands (deals) as they start and end, the match's end, and the statistics."""
        if table.match_id is None:
            return
        game, now, match = table.game, self.clock.now(), table.match
        assert match is not None
        for event in events:
            started = game.round_started(event)
            if started is not None:
                await q.start_hand(table.match_id, started.number, started.seed, now)
            ended = game.round_ended(event)
            if ended is not None:
                await q.end_hand(table.match_id, ended[0], ended[1], now)
                for _, player in table.human_players():
                    await q.add_stats(player, table.group_id, game.name, hands=1)
            for seat, statistic, amount in game.tallies(event):
                holder = table.seats[seat].player_id if 0 <= seat < len(table.seats) else None
                if holder is not None:
                    await q.add_stats(holder, table.group_id, game.name, **{statistic: amount})
        if match.is_over and table.status == "running":
            table.status = "finished" if match.end_reason != "stopped" else "stopped"
            table.deadline_at = table.reminder_at = None
            await q.end_match(table.match_id, match.end_reason or "", match.totals, now)
            if table.status == "finished":
                winners = game.winners(match)
                for seat_no, player in table.human_players():
                    await q.add_stats(
                        player,
                        table.group_id,
                        game.name,
                        matches=1,
                        wins=int(seat_no in winners),
                        points=match.totals[seat_no],
                    )
            if table.group_id == DAILY and table.status == "finished":  # scored against everyone's
                for seat_no, player in table.human_players():
                    await q.finish_daily(table.id, player, match.totals[seat_no], now)
            if table.status == "finished" or is_room(table.group_id):  # a room's leaver: a loss
                stopped = table.status == "stopped"
                rated = await rate_match(
                    q, game, table.rules, table.group_id, table.match_id, tuple(match.totals), now, stopped
                )
                if rated:  # told with the match's end, after its result
                    events.append(RatingsChanged(rated))

    async def _reload(self, table: LiveTable) -> None:
        if table.timer is not None:
            table.timer.cancel()
        async with self.store.reading() as q:
            row = await q.table(table.id)
            fresh = await self._load(q, row) if row else None
        if fresh is None:
            self.tables.pop(table.id, None)
            return
        kept = (
            "rules",
            "time",
            "status",
            "version",
            "creator",
            "seats",
            "match",
            "match_id",
            "match_no",
            "ply",
        )
        for name in (*kept, "deadline_at", "reminder_at", "waiting"):
            setattr(table, name, getattr(fresh, name))
        self._arm(table)
        if self.paused_since is None:  # a paused table's clock waits for the store (_resume)
            self.schedule(table)

    async def publish(
        self, table: LiveTable, events: list[Event], cause: str, owed: int | None = None
    ) -> None:
        """Hands the committed change to the table's outbox: the lock is not held for Telegram.
        The watchers (the Mini App's live pages) hear of it at once, before any message is sent.
        `owed`: the notice's row in the store, deleted once told."""
        notice = Notice(table.view(), tuple(events), cause, owed)
        for watcher in self.watchers:
            watcher(notice)
        await self.outbox.put(notice)

    async def flush_notices(self, timeout: float | None = None) -> None:
        """Waits until every notice so far has been told (a clean shutdown, `timeout` at most)."""
        await self.outbox.flush(timeout)

    # -- the clock -----------------------------------------------------------------------------

    def bots_to_act(self, table: LiveTable) -> list[int]:
        match = table.match
        if match is None or table.status != "running":
            return []
        return [s for s in match.to_act if table.plays_itself(s)]

    def _decision_seconds(self, table: LiveTable) -> float:
        """A move's time. A game's decision window (an exposure) is never shorter than a move:
        its own length at fast tables, a move's time at slower ones (docs/referee-decisions.md)."""
        window = self.window(table)
        if window is not None:
            return max(window.seconds, table.time.seconds)
        return table.time.seconds

    @staticmethod
    def window(table: LiveTable) -> Window | None:
        return table.game.window(table.match.current, table.rules) if table.match else None

    def _arm(self, table: LiveTable, acted: frozenset[int] | None = None) -> None:
        """Sets the deadline of the humans now to decide. Humans who were already waiting and
        have not acted keep theirs (an exposure or a revolution is decided together; a bot
        deciding beside them gives them no extra time). `acted=None` keeps the clock as it is."""
        now = self.clock.now()
        bots = self.bots_to_act(table)
        table.bot_due = now + self.bot_delay if bots else None
        match = table.match
        if match is None or table.status != "running":
            table.deadline_at = table.reminder_at = None
            table.waiting = frozenset()
            return
        if acted is None:
            return
        humans = frozenset(s for s in match.to_act if not table.plays_itself(s))
        still_waiting = humans and humans <= table.waiting and not humans & acted
        table.waiting = humans
        if still_waiting and table.deadline_at is not None:
            return
        table.undelivered.clear()  # a new decision: it has not failed to arrive yet
        if not humans:
            table.deadline_at = table.reminder_at = None
            return
        seconds = self._decision_seconds(table)
        table.deadline_at = now + seconds
        remind = table.time.reminder_after
        table.reminder_at = now + remind if remind is not None and seconds == table.time.seconds else None

    def schedule(self, table: LiveTable) -> None:
        if table.timer is not None:
            table.timer.cancel()
            table.timer = None
        if table.status != "running" or self.closing:
            return
        due = [t for t in (table.bot_due, table.reminder_at, table.deadline_at) if t is not None]
        if due:
            version = table.version
            table.timer = self.clock.call_at(min(due), lambda: self._alarm(table.id, version))

    async def _alarm(self, table_id: int, version: int) -> None:
        table = self.tables.get(table_id)
        if table is None:
            return
        async with table.lock:
            if table.version != version or table.status != "running":
                return  # a newer change has re-armed the clock
            try:
                await self.on_due(table)
            except Refused as refused:  # paused: the store refuses writes (said once, in `pause`)
                log.debug("table %s: %s", table_id, refused)

    def row(
        self,
        table: LiveTable,
        seat: int,
        move: str,
        actor: str,
        player: int | None,
        kind: str = "move",
        offset: int = 0,
    ) -> MoveRow:
        """A log row, made on the table's present version; `offset` counts the rows already made
        for the same change."""
        return MoveRow(table.ply + offset, seat, kind, move, actor, player, self.clock.now(), table.version)

    async def bot_move(self, table: LiveTable, seat: int, ply: int) -> Any:
        """The table's bot's move. A searching bot thinks in a worker process, so that no other
        table waits for it; when every worker is already searching, the heuristic answers at once."""
        assert table.match is not None
        game, round_ = table.game.name, table.match.current
        if searches(game, table.rules):
            # the table's lock is held: nothing else changes this round meanwhile
            if table.group_id == DAILY:  # everyone meets the same bots: the search, always
                return await self.thinkers.exact_move(game, round_, seat, ply)
            move = await self.thinkers.move(game, round_, seat, ply)
            if move is not None:
                return move
            return bot_move(game, round_, seat, ply, "normal")
        return bot_move(game, round_, seat, ply)


async def _nobody_answers(table: LiveTable) -> None:
    raise RuntimeError("the referee's clock fired before the play commands were wired")


def _registered(row: TableRow) -> bool:
    """The registry, not the schema, says which games exist: a stored table of a game this
    build does not have (a downgrade, a removed game) is left alone, said out loud."""
    if row.game in GAMES:
        return True
    log.error("table %s is of the game %r, which this build does not have: left as stored", row.id, row.game)
    return False
