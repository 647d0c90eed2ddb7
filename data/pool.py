"""The quick tables' pool (`/quick`): who waits for which game, preset and pace, since when, and
who the pool skips for a while. Kept in the file, so a restart keeps every queue."""

from __future__ import annotations

from dataclasses import dataclass

from data.sql import Sql


@dataclass(frozen=True, slots=True)
class PoolEntry:
    player: int
    game: str
    preset: str
    pace: str
    since: float

    @property
    def key(self) -> tuple[str, str, str]:
        return (self.game, self.preset, self.pace)


class PoolQueries(Sql):
    async def enter_pool(self, entry: PoolEntry) -> None:
        await self._run(
            "INSERT INTO pool (player_id, game, preset, pace, since) VALUES (?, ?, ?, ?, ?)",
            (entry.player, entry.game, entry.preset, entry.pace, entry.since),
        )

    async def leave_pool(self, players: list[int]) -> None:
        for player in players:
            await self._run("DELETE FROM pool WHERE player_id = ?", (player,))

    async def pool_entry(self, player: int) -> PoolEntry | None:
        row = await self._one(
            "SELECT player_id, game, preset, pace, since FROM pool WHERE player_id = ?", (player,)
        )
        return None if row is None else PoolEntry(*row)

    async def pool(self) -> list[PoolEntry]:
        """Everyone waiting, longest first."""
        rows = await self._all(
            "SELECT player_id, game, preset, pace, since FROM pool ORDER BY since, player_id"
        )
        return [PoolEntry(*row) for row in rows]

    async def bar_from_pool(self, player: int, until: float) -> None:
        await self._run("UPDATE players SET pool_barred_until = ? WHERE id = ?", (until, player))

    async def pool_barred_until(self, player: int) -> float:
        row = await self._one("SELECT pool_barred_until FROM players WHERE id = ?", (player,))
        return 0.0 if row is None else float(row[0])
