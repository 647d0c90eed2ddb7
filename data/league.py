"""The league's SQL: skills per scope, each rated match's changes, the order matches
were rated in, and what boards and profiles read of them. A scope is a group's chat id, or 0 for
every group together."""

from __future__ import annotations

import json
from typing import Any

from data.records import Companion, PlayedMatch, RatingRow, ReviewedSeat, StoredReview
from data.sql import Sql

# a conservative order, as the ratings are shown: openskill's ordinal, mu - 3 sigma
_ORDINAL = "(r.mu - 3 * r.sigma)"


_PLAYED = (
    "SELECT m.id, m.table_id, t.group_id, t.game, t.rules, m.seed, m.ended_at, m.end_reason "
    "FROM matches m JOIN tables t ON t.id = m.table_id"
)


def _played(row: Any) -> PlayedMatch:
    return PlayedMatch(row[0], row[1], row[2], row[3], json.loads(row[4]), row[5], row[6], row[7])


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

    async def finished_matches(self) -> list[PlayedMatch]:
        """Every match played to its end, and every stopped one the league rated (a quick table
        its last person left), in the order the league rated them (matches from before the
        league, never rated, by their end)."""
        rows = await self._all(
            f"{_PLAYED} WHERE m.ended_at IS NOT NULL "
            "AND (m.end_reason <> 'stopped' OR m.rated_order IS NOT NULL) "
            "ORDER BY m.rated_order IS NULL, m.rated_order, m.ended_at, m.id"
        )
        return [_played(r) for r in rows]

    async def played_match(self, match_id: int) -> PlayedMatch | None:
        row = await self._one(f"{_PLAYED} WHERE m.id = ?", (match_id,))
        return None if row is None else _played(row)

    async def review(self, match_id: int, judge: str) -> StoredReview | None:
        """The match's review (JSON) made by this judge, if it has been; one by another judge
        counts as none."""
        row = await self._one(
            "SELECT body, told_message FROM reviews WHERE match_id = ? AND judge = ?", (match_id, judge)
        )
        return None if row is None else StoredReview(str(row[0]), row[1])

    async def save_review(self, match_id: int, body: str, judge: str, at: float) -> None:
        """Stores the review, in place of one another judge made."""
        await self._run(
            "INSERT INTO reviews (match_id, body, judge, created_at) VALUES (?, ?, ?, ?) "
            "ON CONFLICT (match_id) DO UPDATE SET body = excluded.body, judge = excluded.judge, "
            "created_at = excluded.created_at, told_message = NULL WHERE reviews.judge != excluded.judge",
            (match_id, body, judge, at),
        )

    async def reviewed_seats(self, player_id: int, judge_of: dict[str, str], most: int) -> list[ReviewedSeat]:
        """The seats `player_id` played by hand in matches reviewed by their game's judge, the
        newest first, with the reviews."""
        return await self._reviewed("mv.player_id = ?", (player_id,), judge_of, most)

    async def shared_seats(self, player_id: int, judge_of: dict[str, str], most: int) -> list[ReviewedSeat]:
        """The seats other players who share their drills played in reviewed matches of the
        groups where `player_id` has played, the newest first."""
        return await self._reviewed(
            "mv.player_id != ? AND p.drills_shared = 1 AND t.group_id IN "
            "(SELECT t2.group_id FROM moves mv2 JOIN matches m2 ON m2.id = mv2.match_id "
            "JOIN tables t2 ON t2.id = m2.table_id WHERE mv2.player_id = ?)",
            (player_id, player_id),
            judge_of,
            most,
        )

    async def _reviewed(
        self, who: str, params: tuple[object, ...], judge_of: dict[str, str], most: int
    ) -> list[ReviewedSeat]:
        judged = " OR ".join("(t.game = ? AND r.judge = ?)" for _ in judge_of) or "0"
        rows = await self._all(
            "SELECT DISTINCT r.match_id, mv.seat, mv.player_id, t.game, r.body, r.created_at "
            "FROM reviews r JOIN matches m ON m.id = r.match_id JOIN tables t ON t.id = m.table_id "
            "JOIN moves mv ON mv.match_id = r.match_id AND mv.actor = 'player' "
            f"JOIN players p ON p.id = mv.player_id WHERE ({who}) AND ({judged}) "
            "ORDER BY r.created_at DESC, r.match_id DESC LIMIT ?",
            (*params, *(x for pair in judge_of.items() for x in pair), most),
        )
        return [ReviewedSeat(r[0], r[1], r[2], r[3], str(r[4])) for r in rows]

    async def set_drills_shared(self, player_id: int, shared: bool) -> None:
        await self._run("UPDATE players SET drills_shared = ? WHERE id = ?", (int(shared), player_id))

    async def review_told(self, match_id: int, message_id: int) -> None:
        """The group's message that told the review: a second /review points to it."""
        await self._run("UPDATE reviews SET told_message = ? WHERE match_id = ?", (message_id, match_id))

    async def last_ended_match(self, group_id: int) -> PlayedMatch | None:
        """The group's match that ended last (played to its end, or stopped)."""
        row = await self._one(
            f"{_PLAYED} WHERE t.group_id = ? AND m.ended_at IS NOT NULL "
            "ORDER BY m.ended_at DESC, m.id DESC LIMIT 1",
            (group_id,),
        )
        return None if row is None else _played(row)

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

    async def rating_history(self, scope: int, game: str, rater: int) -> list[tuple[float, float]]:
        """(mu, sigma) before the rater's first rated match, then after each one, oldest first."""
        rows = await self._all(
            # one row a match (a bot level on several seats shares one change): min() of equals
            "SELECT min(mu_before), min(sigma_before), min(mu), min(sigma) FROM rating_changes "
            "WHERE scope = ? AND game = ? AND rater = ? GROUP BY match_id ORDER BY min(matches)",
            (scope, game, rater),
        )
        found = list(rows)
        if not found:
            return []
        return [(float(found[0][0]), float(found[0][1]))] + [(float(r[2]), float(r[3])) for r in found]

    async def companions(self, scope: int, game: str, rater: int, *, teammates: bool) -> list[Companion]:
        """Who the rater played with (or against) in the scope: in how many matches, and in how
        many the rater did better (teammates: won together, a full tie being no win; opponents:
        ranked above them). A bot level on several seats of one match counts once for it."""
        better = (
            "max(CASE WHEN me.rank = 0 AND (SELECT max(rank) FROM rating_changes x "
            "WHERE x.match_id = me.match_id AND x.scope = me.scope) > 0 THEN 1 ELSE 0 END)"
            if teammates
            else "CASE WHEN min(me.rank) < min(o.rank) THEN 1 ELSE 0 END"
        )
        rows = await self._all(
            "SELECT met.rater, coalesce(p.name, ''), count(*), sum(met.better) FROM "
            f"(SELECT o.rater AS rater, {better} AS better FROM rating_changes me "
            " JOIN rating_changes o ON o.match_id = me.match_id AND o.scope = me.scope "
            " WHERE me.scope = ? AND me.game = ? AND me.rater = ? AND o.rater <> me.rater "
            f" AND o.side {'=' if teammates else '<>'} me.side GROUP BY me.match_id, o.rater) met "
            "LEFT JOIN players p ON p.id = met.rater GROUP BY met.rater, p.name",
            (scope, game, rater),
        )
        return [Companion(r[0], r[1], r[2], r[3] or 0) for r in rows]
