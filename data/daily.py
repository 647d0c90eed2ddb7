"""The daily deal's SQL (`/daily`): one try a day per game and player, the score once finished,
the standings of a day's deal, the groups that hear yesterday's places, and the players each
group knows (those who played a table there)."""

from __future__ import annotations

from dataclasses import dataclass

from data.sql import Sql


@dataclass(frozen=True, slots=True)
class DailyTry:
    day: str
    game: str
    player: int
    table_id: int
    score: int | None  # None until the deal is over (or never, when left unfinished)


@dataclass(frozen=True, slots=True)
class DailyScore:
    player: int
    name: str  # the first name, as strangers see each other
    score: int


class DailyQueries(Sql):
    async def start_daily(self, day: str, game: str, player: int, table_id: int) -> None:
        await self._run(
            "INSERT INTO daily (day, game, player_id, table_id) VALUES (?, ?, ?, ?)",
            (day, game, player, table_id),
        )

    async def daily_try(self, day: str, game: str, player: int) -> DailyTry | None:
        row = await self._one(
            "SELECT day, game, player_id, table_id, score FROM daily "
            "WHERE day = ? AND game = ? AND player_id = ?",
            (day, game, player),
        )
        return None if row is None else DailyTry(*row)

    async def daily_of_table(self, table_id: int) -> DailyTry | None:
        row = await self._one(
            "SELECT day, game, player_id, table_id, score FROM daily WHERE table_id = ?", (table_id,)
        )
        return None if row is None else DailyTry(*row)

    async def forget_daily(self, table_id: int) -> None:
        """A try whose table never started: given back."""
        await self._run("DELETE FROM daily WHERE table_id = ? AND score IS NULL", (table_id,))

    async def finish_daily(self, table_id: int, player: int, score: int, at: float) -> None:
        await self._run(
            "UPDATE daily SET score = ?, finished_at = ? WHERE table_id = ? AND player_id = ?",
            (score, at, table_id, player),
        )

    async def daily_scores(self, day: str, game: str) -> list[DailyScore]:
        """Everyone who finished the day's deal of the game, best first."""
        rows = await self._all(
            "SELECT d.player_id, coalesce(p.first_name, p.name, ''), d.score FROM daily d "
            "LEFT JOIN players p ON p.id = d.player_id "
            "WHERE d.day = ? AND d.game = ? AND d.score IS NOT NULL ORDER BY d.score DESC, d.finished_at",
            (day, game),
        )
        return [DailyScore(int(r[0]), str(r[1]), int(r[2])) for r in rows]

    async def set_daily_line(self, group_id: int, on: bool) -> None:
        await self._run("UPDATE groups SET daily_line = ? WHERE id = ?", (int(on), group_id))

    async def daily_line_groups(self) -> list[int]:
        return [int(r[0]) for r in await self._all("SELECT id FROM groups WHERE daily_line <> 0 ORDER BY id")]

    async def groups_of(self, player: int, rooms_below: int) -> list[tuple[int, str]]:
        """The groups where the player played a table, (id, title): not the rooms, whose ids
        are at or below `rooms_below`."""
        rows = await self._all(
            "SELECT DISTINCT g.id, g.title FROM stats s JOIN groups g ON g.id = s.group_id "
            "WHERE s.player_id = ? AND g.id > ? ORDER BY g.id",
            (player, rooms_below),
        )
        return [(int(r[0]), str(r[1])) for r in rows]

    async def players_of(self, group_id: int) -> set[int]:
        """The people who played a table in the group: the members the bot knows."""
        rows = await self._all("SELECT DISTINCT player_id FROM stats WHERE group_id = ?", (group_id,))
        return {int(r[0]) for r in rows}
