"""A table as the referee holds it in memory: seats, the match being played, its clock, its lock.
Everything here can be rebuilt from the store: the match by replaying its move log."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from data.records import MoveRow, SeatRow
from engine.games import Game
from engine.matchplay import MatchPlay
from engine.referee.clock import Timer
from engine.referee.views import SeatView, TableView
from engine.timecontrol import TimeControl


@dataclass(eq=False)
class LiveTable:
    id: int
    group_id: int
    game: Game
    rules: Any
    time: TimeControl
    status: str
    version: int
    creator: int | None
    seats: list[SeatRow]
    join_token: str = ""  # what the lobby's join link carries instead of the table id
    match: MatchPlay | None = None
    match_id: int | None = None
    match_no: int = 0
    ply: int = 0  # rows in the match's move log
    deadline_at: float | None = None
    reminder_at: float | None = None
    waiting: frozenset[int] = frozenset()  # the human seats the deadline is for
    undelivered: set[int] = field(default_factory=set)  # waiting seats Telegram never told
    bot_due: float | None = None  # when the next bot or autopilot move is due
    stop_votes: set[int] = field(default_factory=set)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    timer: Timer | None = None

    def seat_of(self, player: int) -> int | None:
        return next((s.seat for s in self.seats if s.player_id == player), None)

    def holds(self, player: int) -> bool:
        """Whether the open table (a lobby or a match) has a seat for the player, or a bot's
        seat they wait to take."""
        if self.status not in ("lobby", "running"):
            return False
        return self.seat_of(player) is not None or any(s.heir == player for s in self.seats)

    def plays_itself(self, seat: int) -> bool:
        """A bot seat, or a player's seat on autopilot: the referee makes its moves."""
        row = self.seats[seat]
        return row.player_id is None or row.autopilot

    def give_back(self, seconds: float) -> bool:
        """Time the players could not play (the process down, the store refusing writes) is
        added to the deadline and its reminder; whether there was a deadline to move."""
        if not seconds or self.deadline_at is None:
            return False
        self.deadline_at += seconds
        if self.reminder_at is not None:
            self.reminder_at += seconds
        return True

    def humans(self) -> list[SeatRow]:
        return [s for s in self.seats if s.player_id is not None]

    def human_players(self) -> list[tuple[int, int]]:
        """(seat, player) of every seat a person holds."""
        return [(s.seat, s.player_id) for s in self.seats if s.player_id is not None]

    def hand_over(self, leaver: int) -> None:
        """A creator who leaves keeps no power over the table: the next seated human has it."""
        if self.creator == leaver:
            self.creator = next((s.player_id for s in self.seats if s.player_id not in (None, leaver)), None)

    def may_manage(self, player: int | None, admin: bool) -> bool:
        """Filling, starting and the settings: the table's creator or a group admin; `None` is
        the referee itself (tests, the rematch); a table whose creator left has the next seated
        human as creator, and one with no human creator may be managed by its seated players."""
        if player is None or admin or player == self.creator:
            return True
        return self.creator is None and self.seat_of(player) is not None

    def view(self) -> TableView:
        match = self.match
        public = match.current.public_view() if match else None
        return TableView(
            id=self.id,
            group_id=self.group_id,
            game=self.game.name,
            status=self.status,
            version=self.version,
            creator=self.creator,
            time_control=self.time.label,
            move_seconds=self.time.seconds,
            options=self.rules.to_dict(),
            seats=tuple(SeatView(s.seat, s.player_id, s.team, s.autopilot, s.strikes) for s in self.seats),
            # as the round shows it: in an exposure window who is asked would tell who holds what
            to_act=public.to_act if public is not None and self.status == "running" else (),
            deadline_at=self.deadline_at,
            match_no=self.match_no,
            totals=tuple(match.totals) if match else (),
            public=public,
        )


def replay(game: Game, seed: str, rules: Any, rows: Iterable[MoveRow]) -> MatchPlay:
    """The match exactly as its log left it: moves, timeouts, forfeits and a stop."""
    match = game.new_match(seed, rules)
    for row in rows:
        match.apply_step(row.seat, row.kind, row.move)
    return match


def arrange(game: Game, rules: Any, lobby: list[SeatRow], rand: random.Random) -> list[SeatRow]:
    """Final seats from the lobby, as the game says (`Game.seating`): random (抽签), join order, or
    chosen teams on the even and odd seats."""
    how = game.seating(rules)
    entries = list(lobby)
    if how == "random":
        rand.shuffle(entries)
    seats: list[SeatRow | None] = [None] * game.seats
    if how == "chosen":
        rest = []
        for entry in entries:
            free = [i for i in range(entry.team or 0, game.seats, 2) if seats[i] is None]
            if entry.team is not None and free:
                seats[free[0]] = entry
            else:
                rest.append(entry)
        entries = rest
    for entry in entries:
        seats[seats.index(None)] = entry
    return [SeatRow(i, s.player_id, s.team, False, 0) for i, s in enumerate(seats) if s is not None]
