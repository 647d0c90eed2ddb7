"""Players and groups Telegram will not let the bot reach. A player whose private chat
refuses the bot (blocked, or never opened) is put on autopilot, said once in the group, instead
of being struck at every deadline; a player whose decision could not be delivered is not charged
for running out of time; a group that removed the bot has its tables stopped, not retried."""

from __future__ import annotations

import logging

from engine.events import Event
from engine.referee.core import RefereeCore
from engine.referee.events import Unreachable
from engine.referee.lobby import Lobby

log = logging.getLogger(__name__)


class Reach:
    def __init__(self, core: RefereeCore, lobby: Lobby) -> None:
        self.core = core
        self.lobby = lobby

    async def player_unreachable(self, table_id: int, player: int) -> list[Event]:
        """The player's private chat refuses the bot: the seat's bot plays for them (托管) until
        they write to the bot and send /back. Nothing happens twice, or at a table not running."""
        table = self.core.tables.get(table_id)
        if table is None:
            return []
        async with table.lock:
            seat = table.seat_of(player)
            if table.status != "running" or seat is None or table.seats[seat].autopilot:
                return []
            table.seats[seat].autopilot = True
            return await self.core.commit(table, [Unreachable(seat, player)], "conduct", seats_changed=True)

    async def not_delivered(self, table_id: int, player: int, version: int) -> None:
        """The player's decision at `version` never reached them: if its deadline passes, the bot
        moves for them with no strike and no penalty."""
        table = self.core.tables.get(table_id)
        if table is None or table.version != version:
            return
        seat = table.seat_of(player)
        if seat is not None and seat in table.waiting:
            table.undelivered.add(seat)

    async def group_gone(self, group_id: int) -> list[Event]:
        """The bot was removed from the group: its lobbies and matches are stopped (recorded as
        stopped by nobody), since nothing can be told there any more."""
        events: list[Event] = []
        for view in self.core.tables_in(group_id):
            if view.status in ("lobby", "running"):
                log.warning("group %s removed the bot: table %s stopped", group_id, view.id)
                events += await self.lobby.stop(view.id, None)
        return events
