"""Rows of the store as plain values, so the referee never sees SQL or sqlite types."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(slots=True)
class PlayerRow:
    id: int
    name: str
    language: str | None
    private_chat: bool
    quiet: bool = False  # the private chat gets one "your turn" message, the Mini App the rest
    username: str | None = None  # the Telegram @name as last seen
    first_name: str | None = None  # all strangers at a quick table see of each other


@dataclass(slots=True)
class GroupRow:
    id: int
    title: str
    language: str | None
    defaults: dict[str, dict[str, str]]
    many_tables: bool


@dataclass(slots=True)
class TableRow:
    id: int
    group_id: int
    game: str
    rules: dict[str, object]
    time_control: str
    move_seconds: float
    status: str
    version: int
    creator_id: int | None
    deadline_at: float | None
    reminder_at: float | None
    join_token: str


@dataclass(slots=True)
class SeatRow:
    seat: int
    player_id: int | None  # None: a bot
    team: int | None
    autopilot: bool
    strikes: int
    heir: int | None = None  # a person who takes this bot's seat at the next round boundary


@dataclass(slots=True)
class MatchRow:
    id: int
    number: int
    seed: str
    ended: bool


@dataclass(slots=True)
class MoveRow:
    ply: int
    seat: int
    kind: str  # move | timeout | forfeit | stop
    move: str
    actor: str  # player | bot | autopilot | timeout | referee
    player_id: int | None
    at: float
    version: int | None = None  # the table's version the move was made on (None: not noted)


@dataclass(slots=True)
class StatsRow:
    player_id: int
    name: str
    game: str
    matches: int
    wins: int
    hands: int
    points: int
    timeouts: int
    forfeits: int
    # the game's own statistics by name (engine.pack.Game.tallies: a sum of places, burns …)
    tallies: dict[str, int] = field(default_factory=dict)


@dataclass(slots=True)
class RatingRow:
    """A rater's standing in a scope: the skill, and (for players) the group's counts beside it."""

    rater: int  # a player's id, or a bot level's (negative: engine/league.py)
    name: str  # '' for a bot: the interface names it
    mu: float
    sigma: float
    matches: int  # rated matches
    wins: int = 0
    points: int = 0


@dataclass(slots=True)
class PlayedMatch:
    """A match with what replaying it needs: the league's rebuild, and `/replay` once it ended."""

    match_id: int
    table_id: int
    group_id: int
    game: str
    rules: dict[str, object]
    seed: str
    ended_at: float | None  # None while it is played
    end_reason: str | None


@dataclass(slots=True)
class Companion:
    """Another rater met in a player's rated matches: as a teammate or as an opponent."""

    rater: int
    name: str
    matches: int
    wins: int  # matches the player ranked first of the two (teammates: won together)


@dataclass(frozen=True, slots=True)
class StoredReview:
    body: str  # JSON: engine.review's judgements
    told_message: int | None  # the group's message that told it, once told


@dataclass(frozen=True, slots=True)
class ReviewedSeat:
    """A seat a person played by hand in a reviewed match: where drills come from."""

    match_id: int
    seat: int
    player_id: int
    game: str
    body: str  # the review's judgements (JSON)
