"""What the interface may read of the referee's world without changing it: players, statistics,
the group's leaderboard, a finished match's record, the running table of a player, and the
match a table is playing. Handlers ask here instead of reaching into the store or the tables."""

from __future__ import annotations

from typing import Any

from data.records import PlayerRow, StatsRow
from engine.errors import Refused
from engine.games import GAMES
from engine.matchplay import MatchPlay
from engine.record import make_record
from engine.referee.core import RefereeCore
from engine.referee.notifier import TableView


class Reading:
    """Read-only queries over the referee's store and tables."""

    def __init__(self, core: RefereeCore) -> None:
        self.core = core

    async def player(self, player: int) -> PlayerRow | None:
        async with self.core.store.reading() as q:
            found: PlayerRow | None = await q.player(player)
            return found

    async def group_language(self, group: int) -> str | None:
        """The language the group chose for its messages (None: not chosen)."""
        async with self.core.store.reading() as q:
            row = await q.group(group)
            return None if row is None else row.language

    async def player_stats(self, player: int) -> list[StatsRow]:
        async with self.core.store.reading() as q:
            rows: list[StatsRow] = await q.player_stats(player)
            return rows

    async def leaderboard(self, group: int) -> dict[str, list[StatsRow]]:
        """Each game's best players in the group, by wins then points."""
        async with self.core.store.reading() as q:
            return {game: await q.leaderboard(group, game) for game in GAMES}

    async def record(self, table_id: int) -> dict[str, Any]:
        """The table's last match as `engine.record` writes it (seed included): only once that
        match is over, since the seed rebuilds every hand (docs/security.md)."""
        async with self.core.store.reading() as q:
            row = await q.table(table_id)
            match = await q.last_match(table_id)
            if row is None or match is None:
                raise Refused("no_match")
            if not match.ended:
                raise Refused("record_after_end")
            steps = [(r.seat, r.kind, r.move) for r in await q.moves(match.id)]
        return make_record(row.game, dict(row.rules), match.seed, steps)

    def match_of(self, table_id: int) -> MatchPlay | None:
        """The match a table in memory is playing (or has just finished), for score sheets."""
        table = self.core.tables.get(table_id)
        return None if table is None else table.match

    def table_of_player(self, player: int) -> TableView | None:
        """The running table where the player has a seat (the newest, if several)."""
        seated = [
            t.view()
            for t in self.core.tables.values()
            if t.status == "running" and t.seat_of(player) is not None
        ]
        return max(seated, key=lambda v: v.id, default=None)
