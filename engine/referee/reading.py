"""What the interface may read of the referee's world without changing it: players, statistics,
a finished match's record, the running table of a player, and the
match a table is playing. Handlers ask here instead of reaching into the store or the tables."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import Any

from data.queries import Queries
from data.records import PlayedMatch, PlayerRow, StatsRow
from engine.errors import Refused
from engine.games import GAMES
from engine.league import raters
from engine.matchplay import MatchPlay
from engine.record import make_record
from engine.referee.core import RefereeCore
from engine.referee.table import replay
from engine.referee.views import TableView
from engine.replays import Replay, replay_round


@dataclass(frozen=True, slots=True)
class MatchReplay:
    match_id: int
    table_id: int
    group_id: int
    game: str
    options: dict[str, object]
    players: tuple[int | None, ...]  # who held each seat at the start (None: a bot)
    replay: Replay


async def ended_match(q: Queries, group: int | None, match_id: int | None) -> PlayedMatch:
    """The match a replay or a review may show (its hands are secret while it is played): the
    group's, ended. `match_id` None: the group's last ended match; `group` None (the Mini App):
    any group's — the caller checks membership of its `group_id`. A match of another group is
    as unknown as none."""
    if match_id is None:
        found = None if group is None else await q.last_ended_match(group)
    else:
        found = await q.played_match(match_id)
    if found is None or group not in (None, found.group_id) or found.game not in GAMES:
        raise Refused("no_replay")
    if found.ended_at is None:
        raise Refused("replay_after_end")
    return found


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

    async def last_finished_table(self, group: int) -> TableView | None:
        """The group's table whose match ended last, loaded from the store when it is not in
        memory (a restart loads only open tables): /score, /record and /rematch still find it."""
        async with self.core.store.reading() as q:
            found = await q.last_ended_match(group)
        if found is None:
            return None
        try:
            return (await self.core.stored_table(found.table_id)).view()
        except Refused:  # stopped, or a game no longer served
            return None

    async def replay_group(self, match_id: int) -> int | None:
        """The group of a match that has ended (one row read): whom its replay may be shown to.
        None for a running match, an unknown one, or one of a game no longer served."""
        async with self.core.store.reading() as q:
            found = await q.played_match(match_id)
        if found is None or found.ended_at is None or found.game not in GAMES:
            return None
        return found.group_id

    async def replay(
        self, group: int | None, match_id: int | None = None, round_no: int | None = None
    ) -> MatchReplay:
        """A match of the group, step by step with every hand face up: only once it has ended
        (its hands are secret while it is played). `match_id` None: the group's last ended match;
        `round_no` None: its last round. A match of another group is as unknown as none.
        `group` None (the Mini App): any group's — the caller must then check that the asker is a
        member of the replay's `group_id` before showing anything."""
        async with self.core.store.reading() as q:
            found = await ended_match(q, group, match_id)
            rows = await q.moves(found.match_id)
        game = GAMES[found.game]
        log = [(r.seat, r.kind, r.move, r.actor) for r in rows]
        try:  # ~45 ms for a long hand (benchmarks.league): off the loop, other tables play on
            steps = await asyncio.to_thread(
                replay_round, game, found.seed, game.rules(found.rules), log, round_no
            )
        except ValueError as error:
            raise Refused("no_round", number=round_no) from error
        people = raters(game.seats, ((r.seat, r.actor, r.player_id) for r in rows), "normal")
        players = tuple(p if p > 0 else None for p in people)
        return MatchReplay(
            found.match_id, found.table_id, found.group_id, found.game, found.rules, players, steps
        )

    def match_of(self, table_id: int) -> MatchPlay | None:
        """The match a table in memory is playing (or has just finished)."""
        table = self.core.tables.get(table_id)
        return None if table is None else table.match

    async def match_numbered(self, table_id: int, number: int) -> MatchPlay | None:
        """The table's match of that number, for its score sheet: the one in memory, else
        replayed from the store's log (a sheet told once the table had started its next match,
        as a quick rematch or a process taking over an owed notice may find it)."""
        table = self.core.tables.get(table_id)
        if table is not None and table.match is not None and table.match_no == number:
            return table.match
        async with self.core.store.reading() as q:
            row = await q.table(table_id)
            found = await q.match_numbered(table_id, number)
            if row is None or found is None or row.game not in GAMES:
                return None
            moves = await q.moves(found.id)
        game = GAMES[row.game]
        return await asyncio.to_thread(replay, game, found.seed, game.rules(row.rules), moves)

    def table_of_player(self, player: int) -> TableView | None:
        """The running table where the player has a seat (the newest, if several)."""
        seated = [
            t.view()
            for t in self.core.tables.values()
            if t.status == "running" and t.seat_of(player) is not None
        ]
        return max(seated, key=lambda v: v.id, default=None)
