"""The daily deal (`/daily`): one round (a hand, a deal) per game per UTC day, the same for
everyone, played alone at any hour with the game's strongest bots. Everyone sits in the same
seat with the same cards, and the bots think without a time limit or a stand-in
(`Thinkers.exact_move`), so the same moves meet the same answers.

A finished deal is scored against everyone who finished it: the share of them the player beat,
ties counting half (duplicate bridge's matchpoints). Nobody learns the deal, its results or how
they stand before finishing it: the day's seed is keyed by a secret the store keeps, and a
standing is only given to someone who finished."""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime

from data.daily import DailyScore, DailyTry
from data.queries import Queries
from engine.errors import Refused
from engine.games import GAMES
from engine.referee.core import RefereeCore
from engine.referee.lobby import Lobby
from engine.referee.rooms import DAILY, ROOM_BASE, ensure_room
from engine.referee.views import TableView

DAILY_PACE = "normal"
SECRET = "daily_secret"  # meta: the key of every day's seed (made at the first daily deal)
LINE_TOLD = "daily_line_told"  # meta: the last day whose places the groups were told
DAY = 86400.0
LINE_AFTER = 300.0  # seconds past UTC midnight before the groups hear the day before's places


def day_of(at: float) -> str:
    """The UTC date of a moment, as the daily deal names its day."""
    return datetime.fromtimestamp(at, UTC).strftime("%Y-%m-%d")


def share(score: int, others: Sequence[int]) -> float:
    """The share of `others` a score beat, a tie counting half; 1 with nobody to compare."""
    if not others:
        return 1.0
    beaten = sum(1.0 if other < score else 0.5 if other == score else 0.0 for other in others)
    return beaten / len(others)


@dataclass(frozen=True, slots=True)
class Place:
    """One finisher of a day's deal: their score and the share of every other finisher they beat."""

    player: int
    name: str
    score: int
    share: float


@dataclass(frozen=True, slots=True)
class GroupPlaces:
    title: str
    places: tuple[Place, ...]  # the group's known players who finished, best first


@dataclass(frozen=True, slots=True)
class Standing:
    """A player's finished daily deal of one game: their place among everyone who finished it,
    and among the players of each group they play in (groups with someone else who finished)."""

    day: str
    game: str
    mine: Place
    finished: int  # everyone who finished the deal, the player included
    groups: tuple[GroupPlaces, ...]
    match_id: int  # the player's match of the deal (its review)


class DailyDeals:
    def __init__(self, core: RefereeCore, lobby: Lobby) -> None:
        self.core, self.lobby = core, lobby
        self._lock = asyncio.Lock()  # one start at a time: nobody gets two tries by pressing twice

    def today(self) -> str:
        return day_of(self.core.clock.now())

    async def play(self, player: int, game: str) -> TableView:
        """Today's deal of the game at a table of the player's own, started at once."""
        kind = GAMES.get(game)
        if kind is None:
            raise Refused("unknown_game", game=game, games=", ".join(GAMES))
        day = self.today()
        async with self._lock:
            if self.core.seated_anywhere(player):
                raise Refused("quick_seated")
            async with self.core.store.transaction() as q:
                if await q.daily_try(day, game, player) is not None:
                    raise Refused("daily_played")
                if await q.pool_entry(player) is not None:  # one queue or table at a time
                    raise Refused("quick_waiting")
                seed = _seed(await _secret(q), game, day)
                await ensure_room(q, DAILY)
            level = "strong" if "strong" in kind.bots else "normal"
            options = {**kind.one_round, "bots": level}
            table = await self.lobby.open_table(DAILY, None, game, options, DAILY_PACE)
            await self.lobby.join(table.id, player)
            await self.lobby.add_bot(table.id, 0)
            async with self.core.store.transaction() as q:
                await q.start_daily(day, game, player, table.id)
            await self.lobby.start(table.id, seed=seed)
            return table.view()

    async def standing(self, player: int, game: str, day: str | None = None) -> Standing | None:
        """The player's place on the day's deal (today's by default); None unless they finished it."""
        async with self.core.store.reading() as q:
            return await _standing(q, await q.daily_try(day or self.today(), game, player))

    async def result(self, table_id: int) -> Standing | None:
        """The place of the player who finished the daily deal at this table; None before that."""
        async with self.core.store.reading() as q:
            return await _standing(q, await q.daily_of_table(table_id))

    def next_line_at(self) -> float:
        """When the groups that asked next hear the day before's places: `LINE_AFTER` past UTC
        midnight, so that a deal begun just before midnight may still count."""
        now = self.core.clock.now()
        return (now - LINE_AFTER) // DAY * DAY + DAY + LINE_AFTER

    async def line_owed(self) -> str | None:
        """The day whose places the groups are owed now (yesterday's, once `LINE_AFTER` past
        midnight), marked told at once, so that a restart never tells it twice; None when told."""
        now = self.core.clock.now()
        day = day_of(now - LINE_AFTER - DAY)
        async with self.core.store.transaction() as q:
            if await q.meta(LINE_TOLD) == day:
                return None
            await q.set_meta(LINE_TOLD, day)
        return day

    async def group_places(self, group: int, day: str) -> dict[str, tuple[Place, ...]]:
        """Per game, the group's known players who finished the day's deal, best first, each
        with their share among everyone who finished it."""
        found: dict[str, tuple[Place, ...]] = {}
        async with self.core.store.reading() as q:
            members = await q.players_of(group)
            for game in GAMES:
                ranked = tuple(p for p in _places(await q.daily_scores(day, game)) if p.player in members)
                if ranked:
                    found[game] = ranked
        return found

    async def set_line(self, group: int, on: bool) -> None:
        """Whether the group hears, once a day, yesterday's places of its players."""
        async with self.core.store.transaction() as q:
            await q.group_or_new(group)
            await q.set_daily_line(group, on)

    async def line_groups(self) -> list[int]:
        async with self.core.store.reading() as q:
            return await q.daily_line_groups()

    async def recover(self) -> None:
        """A daily lobby a crash left unstarted is stopped, and its try given back."""
        for table_id in await self.lobby.stop_unstarted(DAILY):
            async with self.core.store.transaction() as q:
                await q.forget_daily(table_id)


async def _standing(q: Queries, mine: DailyTry | None) -> Standing | None:
    if mine is None or mine.score is None:
        return None
    places = _places(await q.daily_scores(mine.day, mine.game))
    groups = []
    for group, title in await q.groups_of(mine.player, ROOM_BASE):
        members = await q.players_of(group)
        ranked = tuple(p for p in places if p.player in members)
        if len(ranked) > 1:
            groups.append(GroupPlaces(title, ranked))
    found = next(p for p in places if p.player == mine.player)
    match = await q.last_match(mine.table_id)
    assert match is not None  # a finished try has its match
    return Standing(mine.day, mine.game, found, len(places), tuple(groups), match.id)


def _places(scores: Sequence[DailyScore]) -> list[Place]:
    return [
        Place(s.player, s.name, s.score, share(s.score, [o.score for o in scores if o.player != s.player]))
        for s in scores
    ]


async def _secret(q: Queries) -> bytes:
    found = await q.meta(SECRET)
    if found is None:
        found = secrets.token_hex(32)
        await q.set_meta(SECRET, found)
    return bytes.fromhex(found)


def _seed(secret: bytes, game: str, day: str) -> str:
    """The day's seed of the game: nobody without the store's secret can make it in advance."""
    return hmac.new(secret, f"daily:{game}:{day}".encode(), hashlib.sha256).hexdigest()[:32]
