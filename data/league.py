"""The league's SQL (issue 32): skills per scope, each rated match's changes, the order matches
were rated in, and what boards and profiles read of them. A scope is a group's chat id, or 0 for
every group together."""

from __future__ import annotations

import json

from data.records import Companion, RatedMatch, RatingRow
from data.sql import Sql

# a conservative order, as the ratings are shown: openskill's ordinal, mu - 3 sigma
_ORDINAL = "(r.mu - 3 * r.sigma)"


class LeagueQueries(Sql):
    async def skill(self, scope: int, game: str, rater: int) -> tuple[float, float, int] | None:
        row = await self._one(
            "SELECT mu, sigma, matches FROM ratings WHERE scope = ? AND game = ? AND rater = ?",
            (scope, game, rater),
        )
        return None if row is None else (float(row[0]), float(row[1]), int(row[2]))

    async def save_skill(
        self, scope: int, game: str, rater: int, mu: float, sigma: float, matches: int
    ) -> None:
        await self._run(
            "INSERT INTO ratings (scope, game, rater, mu, sigma, matches) VALUES (?, ?, ?, ?, ?, ?) "
            "ON CONFLICT (scope, game, rater) DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma, "
            "matches = excluded.matches",
            (scope, game, rater, mu, sigma, matches),
        )

    async def add_rating_change(
        self,
        match_id: int,
        scope: int,
        seat: int,
        game: str,
        placing: tuple[int, int, int],  # rater, side, rank
        before: tuple[float, float],
        after: tuple[float, float, int],  # mu, sigma, rated matches
        at: float,
    ) -> None:
        await self._run(
            "INSERT INTO rating_changes (match_id, scope, seat, game, rater, side, rank, mu_before, "
            "sigma_before, mu, sigma, matches, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (match_id, scope, seat, game, *placing, *before, *after, at),
        )

    async def mark_rated(self, match_id: int) -> None:
        """The match's place in the league's order: a rebuild rates matches in this order."""
        await self._run(
            "UPDATE matches SET rated_order = (SELECT coalesce(max(rated_order), 0) + 1 FROM matches) "
            "WHERE id = ?",
            (match_id,),
        )

    async def clear_league(self) -> None:
        await self._run("DELETE FROM rating_changes")
        await self._run("DELETE FROM ratings")
        await self._run("UPDATE matches SET rated_order = NULL")

    async def finished_matches(self) -> list[RatedMatch]:
        """Every match played to its end, in the order the league rated them (matches from before
        the league, never rated, by their end)."""
        rows = await self._all(
            "SELECT m.id, t.group_id, t.game, t.rules, m.seed, m.ended_at FROM matches m "
            "JOIN tables t ON t.id = m.table_id "
            "WHERE m.ended_at IS NOT NULL AND m.end_reason <> 'stopped' "
            "ORDER BY m.rated_order IS NULL, m.rated_order, m.ended_at, m.id"
        )
        return [RatedMatch(r[0], r[1], r[2], json.loads(r[3]), r[4], r[5]) for r in rows]

    async def rating_board(self, scope: int, game: str, limit: int = 10) -> list[RatingRow]:
        """The scope's raters, best first; a player's wins and points counted in the same scope."""
        counted = "FROM stats s WHERE s.player_id = r.rater AND s.game = r.game"
        counted += "" if scope == 0 else " AND s.group_id = r.scope"
        rows = await self._all(
            "SELECT r.rater, coalesce(p.name, ''), r.mu, r.sigma, r.matches, "
            f"coalesce((SELECT sum(s.wins) {counted}), 0), coalesce((SELECT sum(s.points) {counted}), 0) "
            "FROM ratings r LEFT JOIN players p ON p.id = r.rater "
            f"WHERE r.scope = ? AND r.game = ? ORDER BY {_ORDINAL} DESC, r.matches DESC, r.rater LIMIT ?",
            (scope, game, limit),
        )
        return [RatingRow(*r) for r in rows]

    async def rating_of(self, scope: int, game: str, rater: int) -> RatingRow | None:
        row = await self._one(
            "SELECT r.rater, coalesce(p.name, ''), r.mu, r.sigma, r.matches FROM ratings r "
            "LEFT JOIN players p ON p.id = r.rater WHERE r.scope = ? AND r.game = ? AND r.rater = ?",
            (scope, game, rater),
        )
        return None if row is None else RatingRow(*row)

    async def rating_history(self, scope: int, game: str, rater: int) -> list[tuple[float, float, int]]:
        """(mu, sigma, rated matches) after each of the rater's rated matches, oldest first."""
        rows = await self._all(
            "SELECT mu, sigma, matches FROM rating_changes WHERE scope = ? AND game = ? AND rater = ? "
            "GROUP BY match_id ORDER BY matches",
            (scope, game, rater),
        )
        return [(float(r[0]), float(r[1]), int(r[2])) for r in rows]

    async def companions(self, scope: int, game: str, rater: int, *, teammates: bool) -> list[Companion]:
        """Who the rater played with (or against) in the scope: matches, and how many the rater
        ranked above them (teammates: matches won together, a full tie being no win)."""
        better = (
            "me.rank = 0 AND (SELECT max(rank) FROM rating_changes x WHERE x.match_id = me.match_id "
            "AND x.scope = me.scope) > 0"
            if teammates
            else "me.rank < o.rank"
        )
        rows = await self._all(
            f"SELECT o.rater, coalesce(p.name, ''), count(*), sum({better}) FROM "
            "(SELECT DISTINCT match_id, scope, rater, side, rank FROM rating_changes "
            " WHERE scope = ? AND game = ?) o "
            "JOIN rating_changes me ON me.match_id = o.match_id AND me.scope = o.scope "
            "LEFT JOIN players p ON p.id = o.rater "
            f"WHERE me.rater = ? AND o.rater <> me.rater AND o.side {'=' if teammates else '<>'} me.side "
            "GROUP BY o.rater",
            (scope, game, rater),
        )
        return [Companion(r[0], r[1], r[2], r[3] or 0) for r in rows]
