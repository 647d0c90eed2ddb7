"""Play: a player's move, the bots' and autopilot's moves, reminders, timeouts and penalties
(docs/architecture.md "Clocks, absence and penalties"), coming back from autopilot, and leaving
a running match."""

from __future__ import annotations

import copy
from typing import Any

from data.records import MoveRow
from data.store import StoreError
from engine.bots import bot_move
from engine.errors import IllegalMove, Refusal, Refused
from engine.events import Event, TimedOut
from engine.move import Move
from engine.referee.core import RefereeCore
from engine.referee.events import AutopilotEnded, Reminder, ReplacedByBot, Undelivered, WindowClosed
from engine.referee.rooms import BARRED_FOR, QUICK
from engine.referee.table import LiveTable


class Play:
    """The commands of a running match, and what the table's clock brings."""

    def __init__(self, core: RefereeCore) -> None:
        self.core = core

    async def submit(self, table_id: int, player: int, move: str | Move, version: int) -> list[Event]:
        """A player's move on the table version their buttons show. A stale version (an old
        keyboard) or an illegal move is refused and changes nothing. The very move the player
        already made on that version (a page's post sent again, an update handled again after
        its owner died) changes nothing either, and is answered as made: no events."""
        table = self.core.table(table_id)
        async with table.lock:
            seat = self._playing_seat(table, player)
            if version != table.version:
                if await self._made_already(table, player, move, version):
                    return []
                raise Refused("stale")
            match = table.match
            assert match is not None
            if seat not in match.to_act:
                raise IllegalMove("not_your_turn" if match.to_act else "no_decision")
            chosen = table.game.parse_move(move) if isinstance(move, str) else move
            events = match.apply(seat, chosen)  # an illegal move raises here, before any change
            row = table.seats[seat]
            came_back = row.autopilot  # moving by hand is coming back
            if came_back:
                row.autopilot = False
                events.insert(0, AutopilotEnded(seat, player))
            entry = self.core.row(table, seat, str(chosen), "player", player)
            return await self.core.commit(table, events, "move", [entry], seats_changed=came_back)

    async def _made_already(self, table: LiveTable, player: int, move: str | Move, version: int) -> bool:
        made = await self.core.played_on(table.id, player, version)
        if made is None:
            return False
        try:
            return made == str(table.game.parse_move(move) if isinstance(move, str) else move)
        except ValueError:  # words that are no move (a refusal) are not the move made
            return False

    def why_not(self, table_id: int, player: int, move: str) -> Refusal | None:
        """Why the rules refuse `move` from the player now, in the engine's own words (None: they
        take it). It is tried on a copy of the round, so nothing changes; the page shows it
        while a player picks cards, and never guesses a game's rules itself."""
        table = self.core.table(table_id)
        seat = self._playing_seat(table, player)
        match = table.match
        assert match is not None
        if seat not in match.to_act:
            return IllegalMove("not_your_turn" if match.to_act else "no_decision")
        try:
            copy.deepcopy(match.current).apply(seat, table.game.parse_move(move))
        except Refusal as refusal:
            return refusal
        return None

    def hint(self, table_id: int, player: int) -> str | None:
        """The normal bot's move for the player's decision now (None: they have none). The bot
        reads only what the seat may see (engine/bots; `tests/test_hint_secrecy.py` proves it),
        so a hint tells nothing more than the player's own view."""
        hinted = self._hinted(table_id, player)
        return None if hinted is None else str(hinted[2])

    def explained_hint(self, table_id: int, player: int) -> tuple[str, str, dict[str, object]] | None:
        """The hint, and why the bot makes it: (move, reason key, its values); the reason reads
        the same view as the bot."""
        hinted = self._hinted(table_id, player)
        if hinted is None:
            return None
        table, seat, move = hinted
        assert table.match is not None
        key, values = table.game.explain(table.match.current, seat, move)
        return str(move), key, values

    def still_out(self, table_id: int) -> tuple[tuple[str, int], ...] | None:
        """The card counter (记牌器) of a running table that plays with it; None otherwise. The
        same for everyone: it counts only cards not yet played."""
        table = self.core.table(table_id)
        still_out = table.game.still_out
        if table.match is None or still_out is None or not getattr(table.rules, "counter", False):
            return None
        return still_out(table.match.current)

    def _hinted(self, table_id: int, player: int) -> tuple[LiveTable, int, Any] | None:
        """The player's table, seat and the normal bot's move for their decision now, if any."""
        table = self.core.table(table_id)
        match = table.match
        seat = table.seat_of(player)
        if match is None or table.status != "running" or seat is None or seat not in match.to_act:
            return None
        return table, seat, bot_move(table.game.name, match.current, seat, table.ply, "normal")

    async def back(self, table_id: int, player: int) -> list[Event]:
        """/back: the player takes their seat over from the autopilot."""
        table = self.core.table(table_id)
        async with table.lock:
            seat = self._playing_seat(table, player)
            row = table.seats[seat]
            if not row.autopilot:
                raise Refused("not_autopilot")
            row.autopilot = False
            return await self.core.commit(
                table, [AutopilotEnded(seat, player)], "conduct", seats_changed=True
            )

    def _playing_seat(self, table: LiveTable, player: int) -> int:
        if table.status != "running" or table.match is None:
            raise Refused("not_running")
        seat = table.seat_of(player)
        if seat is None:
            raise Refused("not_seated")
        return seat

    # -- what the clock brings -------------------------------------------------------------------

    async def on_due(self, table: LiveTable) -> None:
        now = self.core.clock.now()
        if table.bot_due is not None and table.bot_due <= now:
            await self._bot_turn(table)
        elif table.deadline_at is not None and table.deadline_at <= now:
            await self._time_out(table)
        elif table.reminder_at is not None and table.reminder_at <= now:
            await self._remind(table)

    async def _bot_turn(self, table: LiveTable) -> None:
        """One move of the first bot (or autopilot seat) to act."""
        match = table.match
        assert match is not None
        seat = self.core.bots_to_act(table)[0]
        move = await self.core.bot_move(table, seat, table.ply)
        events = match.apply(seat, move)
        player = table.seats[seat].player_id
        actor = "bot" if player is None else "autopilot"
        await self.core.commit(table, events, "bot", [self.core.row(table, seat, str(move), actor, player)])

    async def _time_out(self, table: LiveTable) -> None:
        """The deadline has passed: a warning and the seat's bot moves for it (托管); at the strike
        limit, the penalty and autopilot. A decision window that closes (`Window.faultless`) is no
        fault, and its late seats make the rules' move (`Window.closes_with`), not their bot's."""
        match = table.match
        assert match is not None
        late = sorted(table.waiting & set(match.to_act))
        events: list[Event] = []
        rows: list[MoveRow] = []
        window = self.core.window(table)
        closing = window is not None and window.faultless
        if closing:
            events.append(WindowClosed(tuple(late)))
        # a seat whose decision Telegram never delivered is not at fault either
        excused = frozenset(late) if closing else frozenset(table.undelivered & set(late))
        if excused and not closing:
            events.append(Undelivered(tuple(sorted(excused))))
        for seat in late:
            if seat not in match.to_act:  # a late seat's decision may have been made moot
                continue
            player = table.seats[seat].player_id
            if seat not in excused:
                timed_out = match.timeout(seat)
                events.append(timed_out)
                rows.append(self.core.row(table, seat, "", "timeout", player, "timeout", len(rows)))
                table.seats[seat].strikes = timed_out.strikes
                table.seats[seat].autopilot = table.seats[seat].autopilot or timed_out.autopilot
            if window is not None and closing:
                move = window.closes_with(seat)
            else:
                move = await self.core.bot_move(table, seat, table.ply + len(rows))
            events += match.apply(seat, move)
            rows.append(self.core.row(table, seat, str(move), "timeout", player, offset=len(rows)))

        into_autopilot = [e.seat for e in events if isinstance(e, TimedOut) and e.autopilot]

        async def count_timeouts(q: Any) -> None:
            for seat in late:
                if seat in excused:
                    continue
                player = table.seats[seat].player_id
                await q.add_stats(player, table.group_id, table.game.name, timeouts=1)
                if seat in into_autopilot and table.group_id == QUICK:  # strangers wait for nobody twice
                    await q.bar_from_pool(player, self.core.clock.now() + BARRED_FOR)

        await self.core.commit(
            table, events, "timeout", rows, seats_changed=bool(set(late) - excused), extra=count_timeouts
        )

    async def _remind(self, table: LiveTable) -> None:
        """Slow games: the seats still to decide are reminded once (no version change: their
        buttons stay good)."""
        assert table.deadline_at is not None
        events: list[Event] = [
            Reminder(seat, table.seats[seat].player_id or 0, table.deadline_at)
            for seat in sorted(table.waiting)
        ]
        table.reminder_at = None
        try:
            async with self.core.store.transaction() as q:
                await self.core.save_table(q, table)
        except StoreError as error:
            await self.core.pause(table, error)
            return
        await self.core.publish(table, events, "reminder")
        self.core.schedule(table)

    async def forfeit(self, table: LiveTable, seat: int, player: int) -> list[Event]:
        """Leaving a running match: the game scores the seat (罚为大落, the deal's worst …) and a
        bot takes the seat."""
        match = table.match
        assert match is not None
        events = match.forfeit(seat)
        events.append(ReplacedByBot(seat, player))
        table.seats[seat].player_id = None
        table.seats[seat].autopilot = False
        rows = [self.core.row(table, seat, "", "referee", player, "forfeit")]

        async def count_forfeit(q: Any) -> None:
            await q.add_stats(player, table.group_id, table.game.name, forfeits=1)

        return await self.core.commit(table, events, "conduct", rows, seats_changed=True, extra=count_forfeit)
