"""The table's life outside play: players and groups, opening a lobby, joining, leaving, teams,
bots, options, starting, the rematch, and stopping (by the creator, an admin or a vote)."""

from __future__ import annotations

import math
import secrets
from typing import Any

from data.records import SeatRow
from engine.errors import Refused
from engine.events import Event
from engine.games import GAMES
from engine.options import OptionError, parse_options
from engine.referee.core import RefereeCore
from engine.referee.events import (
    BotAdded,
    BotRemoved,
    Joined,
    Left,
    MatchStarted,
    OptionsChanged,
    SeatReserved,
    StopVoted,
    TableOpened,
    TableStopped,
    TeamChosen,
)
from engine.referee.play import Play
from engine.referee.rooms import is_room
from engine.referee.table import LiveTable, arrange
from engine.referee.views import TableView
from engine.seeding import rng
from engine.timecontrol import TimeControl, parse_time_control


class Lobby:
    """The table outside play: opening, seats, teams, bots, options, starting, stopping."""

    def __init__(self, core: RefereeCore, play: Play) -> None:
        self.core, self.play = core, play

    # -- the lobby ---------------------------------------------------------------------------------

    async def open_table(
        self,
        group: int,
        creator: int | None,
        game: str,
        options: dict[str, str] | None = None,
        time_control: str | None = None,
    ) -> LiveTable:
        """A lobby in the group: the group's defaults for the game, then the options given. One
        open table per group unless the group allows more."""
        kind = GAMES.get(game)
        if kind is None:
            raise Refused("unknown_game", game=game, games=", ".join(GAMES))
        async with self.core.store.transaction() as q:
            settings = await q.group_or_new(group)
            defaults = dict(settings.defaults.get(game, {}))
            default_time = defaults.pop("time", "normal")
            typed = defaults | (options or {})
            rules = checked_rules(kind.rules_type, typed)  # a typed variant's preset applies
            clock = checked_time(time_control or default_time)
            busy = await q.open_tables_in(group)
            if busy and not settings.many_tables:
                raise Refused("group_busy", table=busy[0])
            token = secrets.token_urlsafe(12)
            table_id = await q.create_table(
                group, game, rules.to_dict(), clock.name, clock.seconds, creator, self.core.clock.now(), token
            )
        table = LiveTable(table_id, group, kind, rules, clock, "lobby", 0, creator, [], token)
        for old in [t for t in self.core.tables.values() if t.group_id == group and t.status == "finished"]:
            del self.core.tables[old.id]  # a finished table stays in memory until the group moves on
        self.core.tables[table_id] = table
        async with table.lock:
            events: list[Event] = [TableOpened(game, creator, clock.label)]
            if creator is not None:
                table.seats.append(SeatRow(0, creator, None, False, 0))
                events.append(Joined(creator))
            await self._commit_lobby(table, events)
        return table

    def join_token(self, table_id: int) -> str:
        """What the table's join link carries: unguessable, so a link cannot be made up."""
        return self.core.table(table_id).join_token

    def table_of_token(self, token: str) -> TableView | None:
        """The open table whose join link carries `token`, if any."""
        found = next((t for t in self.core.tables.values() if token and t.join_token == token), None)
        return found.view() if found is not None and found.status in ("lobby", "running") else None

    async def join(self, table_id: int, player: int, team: int | None = None) -> list[Event]:
        """A seat in the lobby; at a running table, a bot's seat from the next round on."""
        table = self.core.table(table_id)
        async with table.lock:
            if table.status == "running":
                return await self._reserve(table, player)
            self._in_lobby(table)
            if table.seat_of(player) is not None:
                raise Refused("already_seated")
            if len(table.seats) >= table.game.seats:
                raise Refused("table_full")
            table.seats.append(SeatRow(len(table.seats), player, None, False, 0))
            events: list[Event] = [Joined(player)]
            if team is not None:
                events.append(self._choose(table, player, team))
            return await self._commit_lobby(table, events)

    async def _reserve(self, table: LiveTable, player: int) -> list[Event]:
        """A person waiting for a running table's bot seat (a leaver's, or one a bot filled) takes
        it at the next round boundary (`RefereeCore.hand_over_reserved`): the round under way is
        the bot's to finish, so nobody's cards change hands mid-round."""
        if table.holds(player):
            raise Refused("already_seated")
        free = [s for s in table.seats if s.player_id is None and s.heir is None]
        if not free:
            raise Refused("table_full")
        free[0].heir = player
        return await self.core.commit(
            table, [SeatReserved(free[0].seat, player)], "lobby", seats_changed=True
        )

    async def leave(self, table_id: int, player: int) -> list[Event]:
        """From a lobby: the seat is freed. From a running match: forfeit, and a bot sits in."""
        table = self.core.table(table_id)
        async with table.lock:
            seat = table.seat_of(player)
            if seat is None:
                raise Refused("not_seated")
            table.hand_over(player)
            if table.status == "running":
                events = await self.play.forfeit(table, seat, player)
                if not table.humans():  # nobody left to play for: the match ends here
                    events += await self._stop(table, None)
                return events
            if table.status == "finished":  # after the match: a bot keeps the seat for a rematch
                table.seats[seat].player_id = None
                return await self.core.commit(table, [Left(player)], "lobby", seats_changed=True)
            self._in_lobby(table)
            del table.seats[seat]
            return await self._commit_lobby(table, [Left(player)])

    async def choose_team(self, table_id: int, player: int, team: int) -> list[Event]:
        table = self.core.table(table_id)
        async with table.lock:
            self._in_lobby(table)
            if table.seat_of(player) is None:
                raise Refused("not_seated")
            return await self._commit_lobby(table, [self._choose(table, player, team)])

    def _choose(self, table: LiveTable, player: int, team: int) -> Event:
        if table.game.seating(table.rules) != "chosen":
            raise Refused("no_teams")
        if team not in (0, 1):
            raise Refused("bad_team")
        if sum(1 for s in table.seats if s.team == team and s.player_id != player) >= table.game.seats // 2:
            raise Refused("team_full", team=team + 1)
        seat = table.seat_of(player)
        assert seat is not None
        table.seats[seat].team = team
        return TeamChosen(player, team)

    async def add_bot(
        self, table_id: int, count: int = 1, by: int | None = None, admin: bool = False
    ) -> list[Event]:
        """Adds bots; `count=0` fills every empty seat. `by`: who asks (see `_managed`)."""
        table = self.core.table(table_id)
        async with table.lock:
            self._managed(table, by, admin)
            free = table.game.seats - len(table.seats)
            count = free if count == 0 else count
            if free <= 0 or count > free:
                raise Refused("table_full")
            for _ in range(count):
                table.seats.append(SeatRow(len(table.seats), None, None, False, 0))
            return await self._commit_lobby(table, [BotAdded(count)])

    async def remove_bot(self, table_id: int, by: int | None = None, admin: bool = False) -> list[Event]:
        table = self.core.table(table_id)
        async with table.lock:
            self._managed(table, by, admin)
            bots = [s.seat for s in table.seats if s.player_id is None]
            if not bots:
                raise Refused("no_bot")
            del table.seats[bots[-1]]
            return await self._commit_lobby(table, [BotRemoved()])

    async def set_options(
        self,
        table_id: int,
        options: dict[str, str],
        time_control: str | None = None,
        by: int | None = None,
        admin: bool = False,
    ) -> list[Event]:
        """Changes rule options (on top of the current ones) and the time control in the lobby."""
        table = self.core.table(table_id)
        async with table.lock:
            self._managed(table, by, admin)
            current = {k: str(v) for k, v in table.rules.to_dict().items()}
            # a new variant sets its preset over the current options; what was typed wins
            preset = table.game.rules_type.preset_for(options)
            table.rules = checked_rules(table.game.rules_type, current | preset | options)
            table.time = checked_time(time_control) if time_control else table.time
            rules, clock = table.rules.to_dict(), table.time

            async def save(q: Any) -> None:
                await q.set_rules(table.id, rules, clock.name, clock.seconds)

            return await self._commit_lobby(table, [OptionsChanged(rules, clock.label)], save)

    async def start(
        self, table_id: int, by: int | None = None, admin: bool = False, seed: str | None = None
    ) -> list[Event]:
        """Seats the lobby (teams per the rules) and deals the first hand of a match; `seed`:
        the match's (the daily deal's), else a new one."""
        table = self.core.table(table_id)
        async with table.lock:
            self._managed(table, by, admin)
            missing = table.game.seats - len(table.seats)
            if missing:
                raise Refused("not_full", missing=missing)
            seed = seed or self.core.new_seed()
            table.seats = arrange(table.game, table.rules, table.seats, rng(seed, "seats"))
            return await self._begin_match(table, seed)

    async def rematch(self, table_id: int, by: int | None = None, admin: bool = False) -> list[Event]:
        """The same seats play a new match with a new seed (the creator or an admin asks)."""
        table = await self.core.stored_table(table_id)
        async with table.lock:
            if table.status != "finished":
                raise Refused("not_over")
            if is_room(table.group_id):  # strangers, or the day's one deal: no second match
                raise Refused("not_allowed")
            self._allowed(table, by, admin)
            for seat in table.seats:
                seat.autopilot, seat.strikes = False, 0
            return await self._begin_match(table, self.core.new_seed())

    async def _begin_match(self, table: LiveTable, seed: str) -> list[Event]:
        match = table.game.new_match(seed, table.rules)
        table.match, table.match_no, table.ply, table.status = match, table.match_no + 1, 0, "running"
        table.stop_votes.clear()
        now, number = self.core.clock.now(), table.match_no

        async def create(q: Any) -> None:  # before the first hand is recorded, in one transaction
            await q.replace_seats(table.id, table.seats)
            table.match_id = await q.create_match(table.id, number, seed, now)

        events: list[Event] = [MatchStarted(number, tuple(s.player_id for s in table.seats))]
        return await self.core.commit(table, [*events, *match.opening_events], "lobby", extra=create)

    # -- stopping ------------------------------------------------------------------------------

    async def stop(self, table_id: int, player: int | None, admin: bool = False) -> list[Event]:
        """The creator or a group admin stops at once; a seated player votes, and a majority of
        the seated players stops the table."""
        table = self.core.table(table_id)
        async with table.lock:
            if table.status not in ("lobby", "running"):
                raise Refused("not_running")
            if player is None or admin or player == table.creator:
                return await self._stop(table, player)
            if table.status == "lobby" or table.seat_of(player) is None:
                raise Refused("not_allowed")
            if player in table.stop_votes:
                raise Refused("already_voted")
            table.stop_votes.add(player)
            needed = math.floor(len(table.humans()) / 2) + 1
            vote = StopVoted(player, len(table.stop_votes), needed)
            if len(table.stop_votes) >= needed:
                return [vote, *await self._stop(table, player)]
            await self.core.publish(table, [vote], "conduct")
            return [vote]

    async def stop_unstarted(self, group: int) -> list[int]:
        """Every lobby of the group (a room's, which a crash left mid-seating) stopped; their ids."""
        lobbies = [t.id for t in self.core.tables.values() if t.group_id == group and t.status == "lobby"]
        for table_id in lobbies:
            await self.stop(table_id, None)
        return lobbies

    async def _stop(self, table: LiveTable, player: int | None) -> list[Event]:
        events: list[Event] = []
        rows = []
        if table.status == "running" and table.match is not None:
            # the match's end (and the table's status) is recorded with its log
            events.append(table.match.stop())
            rows.append(self.core.row(table, -1, "", "referee", player, "stop"))
        else:
            table.status = "stopped"
        events.append(TableStopped(player))
        result = await self.core.commit(table, events, "conduct", rows)
        self.core.tables.pop(table.id, None)
        return result

    # -- helpers -------------------------------------------------------------------------------

    @staticmethod
    def _in_lobby(table: LiveTable) -> None:
        if table.status != "lobby":
            raise Refused("not_in_lobby")

    @classmethod
    def _managed(cls, table: LiveTable, by: int | None, admin: bool) -> None:
        """A lobby change only its manager may make: `by` is the asking user (None: the referee
        itself), `admin` whether Telegram says they administer the table's group."""
        cls._in_lobby(table)
        cls._allowed(table, by, admin)

    @staticmethod
    def _allowed(table: LiveTable, by: int | None, admin: bool) -> None:
        if not table.may_manage(by, admin):
            raise Refused("not_allowed")

    async def _commit_lobby(self, table: LiveTable, events: list[Event], extra: Any = None) -> list[Event]:
        seats = list(table.seats)
        for number, seat in enumerate(seats):
            seat.seat = number  # a lobby keeps its seats in join order, without gaps

        async def save(q: Any) -> None:
            await q.replace_seats(table.id, seats)
            if extra is not None:
                await extra(q)

        return await self.core.commit(table, events, "lobby", extra=save)


def checked_rules(rules_type: type, options: dict[str, str]) -> Any:
    try:
        return rules_type(**parse_options(rules_type, options))
    except OptionError as error:  # said in the player's language
        raise Refused(error.key, **error.params) from error
    except (TypeError, ValueError) as error:
        raise Refused("bad_option", error=str(error)) from error


def checked_time(text: str) -> TimeControl:
    try:
        return parse_time_control(text)
    except OptionError as error:  # said in the player's language
        raise Refused(error.key, **error.params) from error
