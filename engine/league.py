"""The league's arithmetic: who a finished match rates, how its seats rank, and the new skill
ratings — openskill's Weng-Lin Bradley-Terry model over each pair of sides next in rank, which
rates teams and many players at once and never moves a player placed higher by less than one
placed lower from the same rating (Plackett-Luce, its sibling, does when places tie: winners
tied at the top of a four-seat match gained +23 while the third gained +28). Pure: the referee
reads and writes the ratings in the match's end transaction (engine/referee/ratings.py, its SQL
in data/league.py), and `python -m engine.referee.ratings --rebuild` runs the same code over the
move logs.

Decisions (docs/referee-decisions.md, "The league"):
- A seat is rated for the person who held it at the match's start, for the whole match, at full
  weight — even if they left (a bot sat in) or the autopilot played for them. Weights by share of
  the hands would let a player dodge most of a lost match's rating by leaving early.
- A bot seat is rated for its level (easy, normal, strong), one identity per game and level.
  When a level holds several seats in one match, it moves by the mean of its seats' updates.
- Seats rank by their team's total (fixed teams, or partners), else alone by their own total;
  equal totals tie (a draw between teams).
- A match with no human is not rated.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from openskill.models import BradleyTerryPart

MODEL = BradleyTerryPart()  # the library's defaults: mu 25, sigma 25/3, tau 25/300
MODEL_NAME = "bradley-terry-part"  # stored with the ratings: another model rates every match again
BOT_LEVELS = ("easy", "normal", "strong")
GLOBAL = 0  # the scope of every group together (a group's scope is its chat id, never 0)
PROVISIONAL_BELOW = 5  # rated matches before a rating is shown without its "?"


def bot_rater(level: str) -> int:
    """A bot level's identity: negative, so it never meets a Telegram user id (always positive)."""
    return -1 - BOT_LEVELS.index(level)


def bot_level(rater: int) -> str | None:
    return BOT_LEVELS[-1 - rater] if rater < 0 else None


@dataclass(frozen=True, slots=True)
class Skill:
    mu: float
    sigma: float
    matches: int = 0  # rated matches so far

    @classmethod
    def new(cls) -> Skill:
        fresh = MODEL.rating()
        return cls(fresh.mu, fresh.sigma)

    @property
    def shown(self) -> int:
        """The conservative number players see: 1500 + 20 (mu - 3 sigma), openskill's ordinal
        scaled so that a new player shows 1500 and settled players a few hundred either way."""
        return round(MODEL.rating(mu=self.mu, sigma=self.sigma).ordinal(z=3.0, alpha=20.0, target=1500.0))

    @property
    def provisional(self) -> bool:
        return self.matches < PROVISIONAL_BELOW


@dataclass(frozen=True, slots=True)
class SeatResult:
    """One seat of a rated match: who it rates, its side (team, or the seat alone) and rank."""

    seat: int
    rater: int
    side: int
    rank: int  # 0 is first; equal ranks tie


@dataclass(frozen=True, slots=True)
class Change:
    """A rater's move in one scope: before and after (one per rater, even with several seats)."""

    rater: int
    seats: tuple[int, ...]
    before: Skill
    after: Skill


def raters(seats: int, log: Iterable[tuple[int, str, int | None]], bot_level: str) -> list[int]:
    """Each seat's rater from the match's log rows (seat, actor, player): the first person the
    log shows on the seat (a move, a timeout, the autopilot or their leaving), else the bot."""
    found: list[int | None] = [None] * seats
    for seat, actor, player in log:
        if 0 <= seat < seats and found[seat] is None and player is not None and actor != "bot":
            found[seat] = player
    bot = bot_rater(bot_level)
    return [bot if player is None else player for player in found]


def standings(
    totals: Sequence[int], team_of: Callable[[int], int | None], who: Sequence[int]
) -> list[SeatResult]:
    """Seats ranked by their side's total, highest first (ties share a rank)."""
    sides = [_side(team_of(seat), len(totals) + seat) for seat in range(len(totals))]
    side_total = {side: sum(t for t, s in zip(totals, sides, strict=True) if s == side) for side in sides}
    ordered = sorted(set(side_total.values()), reverse=True)
    return [
        SeatResult(seat, who[seat], side, ordered.index(side_total[side])) for seat, side in enumerate(sides)
    ]


def leavers_last(results: Sequence[SeatResult], leavers: set[int]) -> list[SeatResult]:
    """Each seat that left ranked below every other, on a side of its own: its leaving is a loss
    whatever the seats that stayed made of its cards."""
    last = 1 + max((r.rank for r in results), default=0)
    return [SeatResult(r.seat, r.rater, -1 - r.seat, last) if r.seat in leavers else r for r in results]


def _side(team: int | None, alone: int) -> int:
    return alone if team is None else team


def rated(results: Sequence[SeatResult]) -> bool:
    """Only a match a person played is rated."""
    return any(r.rater > 0 for r in results)


def rate(results: Sequence[SeatResult], prior: Callable[[int], Skill]) -> list[Change]:
    """The new skills of every rater of one match, from their skills before (`prior`)."""
    side_ids = sorted({r.side for r in results})
    teams = [[r for r in results if r.side == side] for side in side_ids]
    updated = MODEL.rate(
        [[MODEL.rating(mu=prior(r.rater).mu, sigma=prior(r.rater).sigma) for r in team] for team in teams],
        ranks=[float(team[0].rank) for team in teams],
    )
    per_rater: dict[int, list[tuple[int, float, float]]] = {}
    for team, new in zip(teams, updated, strict=True):
        for result, rating in zip(team, new, strict=True):
            per_rater.setdefault(result.rater, []).append((result.seat, rating.mu, rating.sigma))
    changes = []
    for rater, seats in per_rater.items():
        before = prior(rater)
        mu = sum(s[1] for s in seats) / len(seats)
        sigma = sum(s[2] for s in seats) / len(seats)
        changes.append(
            Change(rater, tuple(s[0] for s in seats), before, Skill(mu, sigma, before.matches + 1))
        )
    return changes
