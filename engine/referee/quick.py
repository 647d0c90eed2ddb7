"""Quick tables (`/quick`): a pool per game, rule preset and pace seats people from anywhere at
one table of the quick room. When the oldest has waited `wait` seconds, bots take the seats
nobody took. The pool is kept in the store: a restart keeps every queue and its wait.

What strangers need that a group gives for free: one queue and one table at a time per person
(`enter` refuses a second), and a player who timed out into autopilot at a quick table is
skipped by the pool for `BARRED_FOR` seconds (`Play._time_out` marks them)."""

from __future__ import annotations

import asyncio
import contextlib
import math
from dataclasses import dataclass

from data.pool import PoolEntry
from engine.errors import Refused
from engine.games import GAMES
from engine.referee.clock import Timer
from engine.referee.core import RefereeCore
from engine.referee.lobby import Lobby
from engine.referee.rooms import QUICK, ensure_room
from engine.timecontrol import NAMED

QUICK_WAIT = 60.0  # seconds the oldest in a pool waits before bots take the empty seats
PACES = tuple(NAMED)  # the named time controls: a pool per custom time would never fill
DEFAULT_PACE = "normal"
DEFAULT_PRESET = "default"  # a game without presets has this one pool per pace

Key = tuple[str, str, str]  # (game, preset, pace)


def presets_of(game: str) -> tuple[str, ...]:
    """The game's rule presets (its variants), the first being its default."""
    presets = GAMES[game].rules_type.presets
    if not presets:
        return (DEFAULT_PRESET,)
    return tuple(next(iter(presets.values())))


def options_of(game: str, preset: str) -> dict[str, str]:
    """The table options a preset stands for."""
    presets = GAMES[game].rules_type.presets
    return {next(iter(presets)): preset} if presets else {}


@dataclass(frozen=True, slots=True)
class Queued:
    """Where a player waits: their pool, how many wait in it (them included), the seats a table
    has, and when bots fill it (the oldest's wait over)."""

    game: str
    preset: str
    pace: str
    waiting: int
    seats: int
    fills_at: float
    seated: bool = False  # the player completed a table: it starts at once


class QuickPool:
    def __init__(self, core: RefereeCore, lobby: Lobby, wait: float = QUICK_WAIT) -> None:
        self.core, self.lobby, self.wait = core, lobby, wait
        self._lock = asyncio.Lock()  # one change of the pool at a time: nobody is seated twice
        self._timers: dict[Key, Timer] = {}

    async def enter(
        self, player: int, game: str, preset: str | None = None, pace: str | None = None
    ) -> Queued:
        """Queues the player; a pool that now holds a table's worth of people is seated at once."""
        kind = GAMES.get(game)
        if kind is None:
            raise Refused("unknown_game", game=game, games=", ".join(GAMES))
        presets = presets_of(game)
        preset = preset or presets[0]
        if preset not in presets:
            raise Refused("quick_preset", preset=preset[:20], presets=", ".join(presets))
        pace = pace or DEFAULT_PACE
        if pace not in PACES:
            raise Refused("quick_pace", pace=pace[:20], paces=", ".join(PACES))
        now = self.core.clock.now()
        async with self._lock:
            if self.core.seated_anywhere(player):
                raise Refused("quick_seated")
            async with self.core.store.transaction() as q:
                barred = await q.pool_barred_until(player)
                if barred > now:
                    raise Refused("quick_barred", minutes=math.ceil((barred - now) / 60))
                if await q.pool_entry(player) is not None:
                    raise Refused("quick_waiting")
                await q.enter_pool(PoolEntry(player, game, preset, pace, now))
            key = (game, preset, pace)
            waiting = await self._waiting(key)
            count, seated = len(waiting), len(waiting) >= kind.seats
            if seated:
                await self._seat(key, waiting[: kind.seats])
                waiting = waiting[kind.seats :]
            self._arm(key, waiting)
        fills_at = (waiting[0].since if waiting else now) + self.wait
        return Queued(game, preset, pace, count, kind.seats, fills_at, seated)

    async def cancel(self, player: int) -> PoolEntry | None:
        """Takes the player out of the pool; where they were waiting, if they were."""
        async with self._lock, self.core.store.transaction() as q:
            found = await q.pool_entry(player)
            if found is not None:
                await q.leave_pool([player])
            return found

    async def waiting(self) -> dict[Key, int]:
        """How many wait in each pool that has anyone."""
        async with self.core.store.reading() as q:
            entries = await q.pool()
        counts: dict[Key, int] = {}
        for entry in entries:
            counts[entry.key] = counts.get(entry.key, 0) + 1
        return counts

    async def recover(self) -> None:
        """After the referee's own recovery: a quick lobby a crash left unstarted is stopped (its
        people are still in the pool), anyone already seated leaves the pool, and every pool's
        wait is armed again (one already over seats its table now)."""
        await self.lobby.stop_unstarted(QUICK)
        async with self._lock:
            for key in await self.waiting():
                self._arm(key, await self._waiting(key))

    def close(self) -> None:
        for timer in self._timers.values():
            timer.cancel()
        self._timers.clear()

    # -- seating ----------------------------------------------------------------------------------

    async def _waiting(self, key: Key) -> list[PoolEntry]:
        """The pool's people, longest first; anyone who sat down elsewhere meanwhile (a group's
        lobby) leaves it, so that nobody is seated at two tables."""
        async with self.core.store.transaction() as q:
            entries = [e for e in await q.pool() if e.key == key]
            seated = [e.player for e in entries if self.core.seated_anywhere(e.player)]
            await q.leave_pool(seated)
        return [e for e in entries if e.player not in seated]

    def _arm(self, key: Key, waiting: list[PoolEntry]) -> None:
        old = self._timers.pop(key, None)
        if old is not None:
            old.cancel()
        if waiting and not self.core.closing:
            when = waiting[0].since + self.wait
            self._timers[key] = self.core.clock.call_at(when, lambda: self._due(key))

    async def _due(self, key: Key) -> None:
        """The oldest's wait is over: they and whoever waits with them sit down, bots beside."""
        async with self._lock:
            self._timers.pop(key, None)
            waiting = await self._waiting(key)
            if not waiting:
                return
            if waiting[0].since + self.wait > self.core.clock.now():  # the oldest left meanwhile
                self._arm(key, waiting)
                return
            seats = GAMES[key[0]].seats
            await self._seat(key, waiting[:seats])
            self._arm(key, waiting[seats:])

    async def _seat(self, key: Key, entries: list[PoolEntry]) -> None:
        """One quick table for `entries` (a table's worth at most), bots in the seats left,
        started at once; they leave the pool once it is running (a crash before that leaves
        them waiting, see `recover`)."""
        game, preset, pace = key
        people = [e.player for e in entries]
        async with self.core.store.transaction() as q:
            await ensure_room(q, QUICK)
        table = await self.lobby.open_table(QUICK, None, game, options_of(game, preset), pace)
        for player in people:
            with contextlib.suppress(Refused):  # sat down elsewhere this instant: a bot sits instead
                await self.lobby.join(table.id, player)
        if len(table.seats) < table.game.seats:
            await self.lobby.add_bot(table.id, 0)
        await self.lobby.start(table.id)
        async with self.core.store.transaction() as q:
            await q.leave_pool(people)
