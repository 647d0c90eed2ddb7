"""Who wants a private word when a table opens in a group with free seats (`/notify`), and when
each was last told: at most once an hour a person, counted in the file, so a restart keeps it."""

from __future__ import annotations

from data.sql import Sql


class PingQueries(Sql):
    async def set_notified(self, group_id: int, player_id: int, wanted: bool) -> None:
        if wanted:
            await self._run(
                "INSERT INTO notify (group_id, player_id) VALUES (?, ?) ON CONFLICT DO NOTHING",
                (group_id, player_id),
            )
        else:
            await self._run("DELETE FROM notify WHERE group_id = ? AND player_id = ?", (group_id, player_id))

    async def is_notified(self, group_id: int, player_id: int) -> bool:
        row = await self._one(
            "SELECT 1 FROM notify WHERE group_id = ? AND player_id = ?", (group_id, player_id)
        )
        return row is not None

    async def due_notices(self, group_id: int, now: float, gap: float, but: int | None) -> list[int]:
        """The group's people to tell now (not told of any group's table in the last `gap`
        seconds, and not `but`), marked told at `now`."""
        rows = await self._all(
            "SELECT player_id FROM notify WHERE group_id = ? AND player_id <> coalesce(?, 0) "
            "AND player_id NOT IN (SELECT player_id FROM notify WHERE last_told > ?) ORDER BY player_id",
            (group_id, but, now - gap),
        )
        due = [int(row[0]) for row in rows]
        for player in due:
            await self._run(
                "UPDATE notify SET last_told = ? WHERE group_id = ? AND player_id = ?",
                (now, group_id, player),
            )
        return due
