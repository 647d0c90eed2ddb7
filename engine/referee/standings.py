"""What the league shows: a group's (or every group's) leaderboard by rating, and a
player's profile in a group — ratings, their history, counts, teammates and opponents."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from data.queries import Queries
from data.records import Companion, RatingRow, StatsRow
from engine.games import GAMES
from engine.league import GLOBAL, Skill
from engine.referee.core import RefereeCore

BOARD_SIZE = 10
MET_AT_LEAST = 2  # matches together before someone is a favourite teammate or a tough opponent


@dataclass(frozen=True, slots=True)
class Standing:
    rater: int  # a player, or a bot level (negative)
    name: str  # '' for a bot level: the interface names it
    rating: int
    provisional: bool
    matches: int  # rated matches
    wins: int
    points: int


@dataclass(frozen=True, slots=True)
class Met:
    """Someone a player shared rated matches with: teammate or opponent."""

    rater: int
    name: str
    matches: int
    better: int  # teammates: won together; opponents: the player ranked above them


@dataclass(frozen=True, slots=True)
class GameProfile:
    game: str
    rating: int
    provisional: bool
    rated: int  # rated matches
    matches: int
    wins: int
    hands: int
    points: int
    tallies: Mapping[str, int]  # the game's own statistics by name (engine.pack.Game.tallies)
    history: tuple[int, ...]  # the shown rating before the first rated match, then after each
    teammates: tuple[Met, ...]  # favourites first
    opponents: tuple[Met, ...]  # toughest first

    @property
    def average_place(self) -> float | None:
        """The average of a game's places (the statistic `places`: their sum), if it has them."""
        places = self.tallies.get("places", 0)
        return places / self.hands if places and self.hands else None

    @property
    def average_score(self) -> float | None:
        return self.points / self.matches if self.matches else None


@dataclass(frozen=True, slots=True)
class Profile:
    player: int
    name: str
    games: tuple[GameProfile, ...]  # the games played in the group


def _standing(row: RatingRow) -> Standing:
    skill = Skill(row.mu, row.sigma, row.matches)
    return Standing(row.rater, row.name, skill.shown, skill.provisional, row.matches, row.wins, row.points)


def _met(found: list[Companion], teammates: bool) -> tuple[Met, ...]:
    """Favourite teammates: most matches together, then most won; toughest opponents: the worst
    record against them (losses minus wins), then the most met."""
    often = [c for c in found if c.matches >= MET_AT_LEAST]
    if teammates:
        often.sort(key=lambda c: (-c.matches, -c.wins, c.rater))
    else:
        often.sort(key=lambda c: (2 * c.wins - c.matches, -c.matches, c.rater))
    return tuple(Met(c.rater, c.name, c.matches, c.wins) for c in often[:3])


class Standings:
    def __init__(self, core: RefereeCore) -> None:
        self.core = core

    async def leaderboard(self, group: int | None) -> dict[str, list[Standing]]:
        """Each game's best raters in the group (None: in every group together)."""
        scope = GLOBAL if group is None else group
        async with self.core.store.reading() as q:
            return {
                game: [_standing(row) for row in await q.rating_board(scope, game, BOARD_SIZE)]
                for game in GAMES
            }

    async def player_named(self, username: str) -> int | None:
        """The player last seen with this @username."""
        async with self.core.store.reading() as q:
            found: int | None = await q.player_named(username.lstrip("@"))
            return found

    async def profile(self, player: int, group: int | None) -> Profile | None:
        """The player's league in the group (None: in every group together); None if they never
        played there."""
        scope = GLOBAL if group is None else group
        async with self.core.store.reading() as q:
            row = await q.player(player)
            stats = await q.player_stats(player, group)
            # a game they left before any round ended counts too: the leaving was rated (a room's)
            played = [s for s in stats if s.matches or s.hands or s.forfeits]
            games = tuple([await self._game(q, player, scope, s) for s in played])
        if row is None or not games:
            return None
        return Profile(player, row.name, games)

    @staticmethod
    async def _game(q: Queries, player: int, scope: int, stats: StatsRow) -> GameProfile:
        game = stats.game
        rating = await q.rating_of(scope, game, player)
        skill = Skill.new() if rating is None else Skill(rating.mu, rating.sigma, rating.matches)
        history = tuple(Skill(mu, sigma).shown for mu, sigma in await q.rating_history(scope, game, player))
        return GameProfile(
            game,
            skill.shown,
            skill.provisional,
            skill.matches,
            stats.matches,
            stats.wins,
            stats.hands,
            stats.points,
            dict(stats.tallies),
            history,
            _met(await q.companions(scope, game, player, teammates=True), teammates=True),
            _met(await q.companions(scope, game, player, teammates=False), teammates=False),
        )
