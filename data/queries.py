"""Every SQL statement of the project, as methods that take and return plain values (records).

Only `Store` builds a `Queries`, and only inside its lock, so these methods never race."""

from __future__ import annotations

import json
from collections.abc import Sequence

from data.daily import DailyQueries
from data.league import LeagueQueries
from data.pings import PingQueries
from data.pool import PoolQueries
from data.records import GroupRow, MatchRow, MoveRow, PlayerRow, SeatRow, StatsRow, TableRow
from data.sql import Row, dumps

STAT_COLUMNS = (
    "matches",
    "wins",
    "hands",
    "points",
    "timeouts",
    "forfeits",
)  # every game's; a game's own statistics are named values (`tallies`)


class Queries(LeagueQueries, PingQueries, PoolQueries, DailyQueries):
    # -- players and groups --------------------------------------------------------------------

    async def save_player(
        self,
        player_id: int,
        name: str,
        language: str | None,
        at: float,
        username: str | None = None,
        first_name: str | None = None,
    ) -> None:
        await self._run(
            "INSERT INTO players (id, name, language, created_at, username, first_name) "
            "VALUES (?, ?, ?, ?, ?, ?) "
            "ON CONFLICT (id) DO UPDATE SET name = excluded.name, username = excluded.username, "
            "first_name = excluded.first_name, language = coalesce(players.language, excluded.language)",
            (player_id, name, language, at, username, first_name),
        )

    async def player_named(self, username: str) -> int | None:
        """The player with this Telegram @username (as last seen), for `/me @name`."""
        row = await self._one("SELECT id FROM players WHERE lower(username) = lower(?)", (username,))
        return None if row is None else int(row[0])

    async def set_player_language(self, player_id: int, language: str) -> None:
        await self._run("UPDATE players SET language = ? WHERE id = ?", (language, player_id))

    async def set_private_chat(self, player_id: int, is_open: bool) -> None:
        await self._run("UPDATE players SET private_chat = ? WHERE id = ?", (int(is_open), player_id))

    async def set_player_quiet(self, player_id: int, quiet: bool) -> None:
        await self._run("UPDATE players SET quiet = ? WHERE id = ?", (int(quiet), player_id))

    async def player(self, player_id: int) -> PlayerRow | None:
        sql = "SELECT id, name, language, private_chat, quiet, username, first_name FROM players WHERE id = ?"
        row = await self._one(sql, (player_id,))
        if row is None:
            return None
        return PlayerRow(row[0], row[1], row[2], bool(row[3]), bool(row[4]), row[5], row[6])

    async def save_group(self, group_id: int, title: str) -> None:
        await self._run(
            "INSERT INTO groups (id, title) VALUES (?, ?) "
            "ON CONFLICT (id) DO UPDATE SET title = excluded.title",
            (group_id, title),
        )

    async def group_or_new(self, group_id: int) -> GroupRow:
        """The group's settings; a group seen for the first time is saved with the defaults."""
        found = await self.group(group_id)
        if found is None:
            await self.save_group(group_id, "")
            found = GroupRow(group_id, "", None, {}, False)
        return found

    async def group(self, group_id: int) -> GroupRow | None:
        row = await self._one(
            "SELECT id, title, language, defaults, many_tables FROM groups WHERE id = ?", (group_id,)
        )
        return None if row is None else GroupRow(row[0], row[1], row[2], json.loads(row[3]), bool(row[4]))

    async def set_group_settings(
        self, group_id: int, defaults: dict[str, dict[str, str]], many_tables: bool, language: str | None
    ) -> None:
        await self._run(
            "UPDATE groups SET defaults = ?, many_tables = ?, language = ? WHERE id = ?",
            (dumps(defaults), int(many_tables), language, group_id),
        )

    # -- tables and seats ----------------------------------------------------------------------

    _TABLE = (
        "SELECT id, group_id, game, rules, time_control, move_seconds, status, version, creator_id, "
        "deadline_at, reminder_at, join_token FROM tables"
    )

    @staticmethod
    def _table(row: Row) -> TableRow:
        return TableRow(row[0], row[1], row[2], json.loads(row[3]), *row[4:])

    async def create_table(
        self,
        group_id: int,
        game: str,
        rules: dict[str, object],
        time_control: str,
        move_seconds: float,
        creator_id: int | None,
        at: float,
        join_token: str,
    ) -> int:
        return await self._run(
            "INSERT INTO tables (group_id, game, rules, time_control, move_seconds, status, creator_id, "
            "created_at, join_token) VALUES (?, ?, ?, ?, ?, 'lobby', ?, ?, ?)",
            (group_id, game, dumps(rules), time_control, move_seconds, creator_id, at, join_token),
        )

    async def table(self, table_id: int) -> TableRow | None:
        row = await self._one(f"{self._TABLE} WHERE id = ?", (table_id,))
        return None if row is None else self._table(row)

    async def open_tables(self) -> list[TableRow]:
        """Lobbies and running tables: what the referee keeps in memory."""
        rows = await self._all(f"{self._TABLE} WHERE status IN ('lobby', 'running') ORDER BY id")
        return [self._table(r) for r in rows]

    async def open_tables_in(self, group_id: int) -> list[int]:
        rows = await self._all(
            "SELECT id FROM tables WHERE group_id = ? AND status IN ('lobby', 'running') ORDER BY id",
            (group_id,),
        )
        return [r[0] for r in rows]

    async def update_table(
        self,
        table_id: int,
        version: int,
        status: str,
        deadline_at: float | None,
        reminder_at: float | None,
        creator_id: int | None,
        expected: int,
    ) -> bool:
        """Fenced: written only where the stored version is `expected` (the one this process last
        wrote); whether it was."""
        changed = await self._changed(
            "UPDATE tables SET version = ?, status = ?, deadline_at = ?, reminder_at = ?, creator_id = ? "
            "WHERE id = ? AND version = ?",
            (version, status, deadline_at, reminder_at, creator_id, table_id, expected),
        )
        return changed == 1

    async def set_rules(
        self, table_id: int, rules: dict[str, object], time_control: str, seconds: float
    ) -> None:
        await self._run(
            "UPDATE tables SET rules = ?, time_control = ?, move_seconds = ? WHERE id = ?",
            (dumps(rules), time_control, seconds, table_id),
        )

    async def seats(self, table_id: int) -> list[SeatRow]:
        rows = await self._all(
            "SELECT seat, player_id, team, autopilot, strikes, heir FROM seats WHERE table_id = ? "
            "ORDER BY seat",
            (table_id,),
        )
        return [SeatRow(r[0], r[1], r[2], bool(r[3]), r[4], r[5]) for r in rows]

    async def replace_seats(self, table_id: int, seats: Sequence[SeatRow]) -> None:
        await self._run("DELETE FROM seats WHERE table_id = ?", (table_id,))
        await self._many(
            "INSERT INTO seats (table_id, seat, player_id, team, autopilot, strikes, heir) "
            "VALUES (?, ?, ?, ?, ?, ?, ?)",
            [(table_id, s.seat, s.player_id, s.team, int(s.autopilot), s.strikes, s.heir) for s in seats],
        )

    async def update_seat(self, table_id: int, seat: SeatRow) -> None:
        await self._run(
            "UPDATE seats SET player_id = ?, team = ?, autopilot = ?, strikes = ?, heir = ? "
            "WHERE table_id = ? AND seat = ?",
            (seat.player_id, seat.team, int(seat.autopilot), seat.strikes, seat.heir, table_id, seat.seat),
        )

    # -- matches, hands and the move log ---------------------------------------------------------

    async def create_match(self, table_id: int, number: int, seed: str, at: float) -> int:
        return await self._run(
            "INSERT INTO matches (table_id, number, seed, started_at) VALUES (?, ?, ?, ?)",
            (table_id, number, seed, at),
        )

    _MATCH = "SELECT id, number, seed, ended_at FROM matches"

    @staticmethod
    def _match(row: Row | None) -> MatchRow | None:
        return None if row is None else MatchRow(row[0], row[1], row[2], row[3] is not None)

    async def last_match(self, table_id: int) -> MatchRow | None:
        row = await self._one(f"{self._MATCH} WHERE table_id = ? ORDER BY number DESC LIMIT 1", (table_id,))
        return self._match(row)

    async def match_numbered(self, table_id: int, number: int) -> MatchRow | None:
        row = await self._one(f"{self._MATCH} WHERE table_id = ? AND number = ?", (table_id, number))
        return self._match(row)

    async def end_match(self, match_id: int, reason: str, totals: Sequence[int], at: float) -> None:
        await self._run(
            "UPDATE matches SET ended_at = ?, end_reason = ?, totals = ? WHERE id = ?",
            (at, reason, dumps(list(totals)), match_id),
        )

    async def start_hand(self, match_id: int, number: int, seed: str, at: float) -> None:
        await self._run(
            "INSERT INTO hands (match_id, number, seed, started_at) VALUES (?, ?, ?, ?)",
            (match_id, number, seed, at),
        )

    async def end_hand(self, match_id: int, number: int, scores: Sequence[int], at: float) -> None:
        await self._run(
            "UPDATE hands SET ended_at = ?, scores = ? WHERE match_id = ? AND number = ?",
            (at, dumps(list(scores)), match_id, number),
        )

    async def hand_seeds(self, match_id: int) -> list[tuple[int, str, list[int] | None]]:
        rows = await self._all(
            "SELECT number, seed, scores FROM hands WHERE match_id = ? ORDER BY number", (match_id,)
        )
        return [(r[0], r[1], None if r[2] is None else json.loads(r[2])) for r in rows]

    async def append_move(self, match_id: int, move: MoveRow) -> None:
        await self._run(
            "INSERT INTO moves (match_id, ply, seat, kind, move, actor, player_id, at, version) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                match_id,
                move.ply,
                move.seat,
                move.kind,
                move.move,
                move.actor,
                move.player_id,
                move.at,
                move.version,
            ),
        )

    _MOVE = "SELECT ply, seat, kind, move, actor, player_id, at"  # a MoveRow's fields, in order

    async def first_move_from(self, table_id: int, seat: int, version: int) -> MoveRow | None:
        """The first log row of the seat made on that version of the table or a later one."""
        row = await self._one(
            f"{self._MOVE}, version FROM moves "
            "WHERE match_id IN (SELECT id FROM matches WHERE table_id = ?) AND seat = ? AND version >= ? "
            "ORDER BY version, ply LIMIT 1",
            (table_id, seat, version),
        )
        return None if row is None else MoveRow(*row)

    async def moves(self, match_id: int) -> list[MoveRow]:
        rows = await self._all(f"{self._MOVE} FROM moves WHERE match_id = ? ORDER BY ply", (match_id,))
        return [MoveRow(*r) for r in rows]

    # -- Telegram message ids ------------------------------------------------------------------

    async def save_message(self, table_id: int, chat_id: int, purpose: str, message_id: int) -> None:
        await self._run(
            "INSERT INTO messages (table_id, chat_id, purpose, message_id) VALUES (?, ?, ?, ?) "
            "ON CONFLICT (table_id, chat_id, purpose) DO UPDATE SET message_id = excluded.message_id",
            (table_id, chat_id, purpose, message_id),
        )

    async def message(self, table_id: int, chat_id: int, purpose: str) -> int | None:
        row = await self._one(
            "SELECT message_id FROM messages WHERE table_id = ? AND chat_id = ? AND purpose = ?",
            (table_id, chat_id, purpose),
        )
        return None if row is None else int(row[0])

    async def forget_message(self, table_id: int, chat_id: int, purpose: str) -> None:
        await self._run(
            "DELETE FROM messages WHERE table_id = ? AND chat_id = ? AND purpose = ?",
            (table_id, chat_id, purpose),
        )

    # -- statistics ----------------------------------------------------------------------------

    async def add_stats(self, player_id: int, group_id: int, game: str, **deltas: int) -> None:
        """Adds to the player's counts in the group: the common ones (`STAT_COLUMNS`) and the
        game's own, by name."""
        for name, amount in deltas.items():
            if name not in STAT_COLUMNS:
                await self._run(
                    "INSERT INTO tallies (player_id, group_id, game, name, value) VALUES (?, ?, ?, ?, ?) "
                    "ON CONFLICT (player_id, group_id, game, name) "
                    "DO UPDATE SET value = tallies.value + excluded.value",
                    (player_id, group_id, game, name, amount),
                )
        if all(name not in STAT_COLUMNS for name in deltas):
            return
        values = [deltas.get(c, 0) for c in STAT_COLUMNS]
        await self._run(
            f"INSERT INTO stats (player_id, group_id, game, {', '.join(STAT_COLUMNS)}) "
            f"VALUES (?, ?, ?, {', '.join('?' for _ in STAT_COLUMNS)}) "
            "ON CONFLICT (player_id, group_id, game) DO UPDATE SET "
            + ", ".join(f"{c} = stats.{c} + excluded.{c}" for c in STAT_COLUMNS),
            (player_id, group_id, game, *values),
        )

    _STATS = (
        "SELECT s.player_id, p.name, s.game, "
        + ", ".join(f"sum(s.{c})" for c in STAT_COLUMNS)
        + " FROM stats s JOIN players p ON p.id = s.player_id"
    )  # grouped by player, name and game: PostgreSQL names every column a group shows

    async def player_stats(self, player_id: int, group_id: int | None = None) -> list[StatsRow]:
        """Per game: in every group, or in one."""
        where = "s.player_id = ?" + ("" if group_id is None else " AND s.group_id = ?")
        params = (player_id,) if group_id is None else (player_id, group_id)
        sql = f"{self._STATS} WHERE {where} GROUP BY s.player_id, p.name, s.game ORDER BY s.game"
        rows = await self._all(sql, params)
        tallies: dict[str, dict[str, int]] = {}
        named = f"SELECT s.game, s.name, sum(s.value) FROM tallies s WHERE {where} GROUP BY s.game, s.name"
        for game, name, value in await self._all(named, params):
            tallies.setdefault(game, {})[name] = int(value)
        found = [StatsRow(*r) for r in rows]
        for row in found:
            row.tallies = tallies.get(row.game, {})
        return found

    # -- what the groups are owed ----------------------------------------------------

    async def owe(self, table_id: int, notice: bytes) -> int:
        return await self._run("INSERT INTO owed (table_id, notice) VALUES (?, ?)", (table_id, notice))

    async def told(self, owed_id: int) -> None:
        await self._run("DELETE FROM owed WHERE id = ?", (owed_id,))

    async def told_privately(self, owed_id: int) -> None:
        await self._run("UPDATE owed SET told_privately = 1 WHERE id = ?", (owed_id,))

    async def owed(self) -> list[tuple[int, bytes, bool]]:
        """Every notice still owed, oldest first: (its id, the notice pickled, whether its
        players were told)."""
        rows = await self._all("SELECT id, notice, told_privately FROM owed ORDER BY id")
        return [(int(r[0]), bytes(r[1]), bool(r[2])) for r in rows]

    # -- the heartbeat -------------------------------------------------------------------------

    async def set_meta(self, key: str, value: str) -> None:
        await self._run(
            "INSERT INTO meta (key, value) VALUES (?, ?) "
            "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            (key, value),
        )

    async def meta(self, key: str) -> str | None:
        row = await self._one("SELECT value FROM meta WHERE key = ?", (key,))
        return None if row is None else str(row[0])
