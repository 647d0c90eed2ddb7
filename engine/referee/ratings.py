"""Rating a finished match in the store, live and again from the log.

The referee calls `rate_match` inside the transaction that records the match's end, so a rating
is never lost or counted twice, and two matches ending at once are rated one after the other
(the store's lock). `rebuild` forgets every rating and rates each finished match again from its
move log, replayed by the engine, in the order they were first rated: the same numbers.

    python -m engine.referee.ratings --rebuild [--database PATH]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
from dataclasses import dataclass
from typing import Any

from data.queries import Queries
from data.store import Store, StoreLocked
from data.stores import open_store
from engine import league
from engine.games import GAMES, Game
from engine.referee.rooms import DAILY, is_room
from engine.referee.table import replay


@dataclass(frozen=True, slots=True)
class Rated:
    """A rater's change in one scope, as the group is told it: the numbers shown before and after."""

    rater: int
    seats: tuple[int, ...]
    before: int
    after: int
    provisional: bool


async def rate_match(
    q: Queries,
    game: Game,
    rules: Any,
    group_id: int,
    match_id: int,
    totals: tuple[int, ...],
    at: float,
    stopped: bool = False,
) -> tuple[Rated, ...]:
    """Rates the match in its group and globally; the group's changes, for its announcement. A
    room's table is rated in the room's league only, and leaving it counts as a loss, even when
    the last person's leaving stopped it (`stopped`: the others rank by the totals then):
    strangers have no group to answer to. Any other stopped match is not rated, nor is a daily
    deal (scored against everyone who played it instead)."""
    if group_id == DAILY:
        return ()
    moves = await q.moves(match_id)
    leavers = {row.seat for row in moves if row.kind == "forfeit"} if is_room(group_id) else set()
    if stopped and not leavers:
        return ()
    await q.mark_rated(match_id)
    log = [(row.seat, row.actor, row.player_id) for row in moves]
    who = league.raters(game.seats, log, str(getattr(rules, "bots", "normal")))
    results = league.leavers_last(
        league.standings(totals, lambda seat: game.team_of(rules, seat), who), leavers
    )
    if not league.rated(results):
        return ()
    told: tuple[Rated, ...] = ()
    for scope in (group_id,) if is_room(group_id) else (group_id, league.GLOBAL):
        priors = {r.rater: await _skill(q, scope, game.name, r.rater) for r in results}
        changes = league.rate(results, priors.__getitem__)
        for change in changes:
            after = change.after
            await q.save_skill(scope, game.name, change.rater, after.mu, after.sigma, after.matches)
            for result in results:
                if result.rater == change.rater:
                    await q.add_rating_change(
                        match_id,
                        scope,
                        result.seat,
                        game.name,
                        (result.rater, result.side, result.rank),
                        (change.before.mu, change.before.sigma),
                        (after.mu, after.sigma, after.matches),
                        at,
                    )
        if scope == group_id:
            told = tuple(
                Rated(c.rater, c.seats, c.before.shown, c.after.shown, c.after.provisional) for c in changes
            )
    return told


async def _skill(q: Queries, scope: int, game: str, rater: int) -> league.Skill:
    found = await q.skill(scope, game, rater)
    return league.Skill.new() if found is None else league.Skill(*found)


LEAGUE_KEPT = "league_rated"  # meta: the model that rated every finished match


async def rebuild(store: Store) -> int:
    """Every rating again from the move logs, in one transaction; the number of matches read."""
    async with store.transaction() as q:
        return await rebuild_in(q)


async def rate_earlier_matches(store: Store) -> int | None:
    """At start-up, once per database and rating model: every finished match is rated from its
    log when the store's ratings were not all made by this model (matches finished before the
    league existed, or ratings of another model), so a group's ratings are its whole history under
    one model. None when nothing was owed (read only: no write at every start)."""
    async with store.reading() as q:
        if await q.meta(LEAGUE_KEPT) == league.MODEL_NAME:
            return None
    async with store.transaction() as q:  # only this process holds the file (its lock)
        count = await rebuild_in(q)
        await q.set_meta(LEAGUE_KEPT, league.MODEL_NAME)
        return count


async def rebuild_in(q: Queries) -> int:
    matches = await q.finished_matches()
    await q.clear_league()
    for found in matches:
        game = GAMES.get(found.game)
        if game is None:  # a game this build does not have: its matches stay unrated
            continue
        rules = game.rules(found.rules)
        match = replay(game, found.seed, rules, await q.moves(found.match_id))
        ended = found.ended_at or 0.0  # a finished match always has its end's time
        stopped = found.end_reason == "stopped"
        await rate_match(q, game, rules, found.group_id, found.match_id, tuple(match.totals), ended, stopped)
    return len(matches)


async def _main(path: str) -> int:
    store = await open_store(path)  # refused while the bot runs on it (StoreLocked)
    try:
        return await rebuild(store)
    finally:
        await store.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m engine.referee.ratings", description=__doc__.split("\n")[0]
    )
    parser.add_argument(
        "--rebuild", action="store_true", required=True, help="rate every finished match again"
    )
    parser.add_argument(
        "--database",
        default=os.environ.get("DATABASE_PATH") or "gouji-bot.sqlite3",
        help="the bot's SQLite file",
    )
    args = parser.parse_args(argv)
    try:
        count = asyncio.run(_main(args.database))
    except StoreLocked as error:  # the bot runs on it: stop the bot first
        print(f"ratings: {error}; stop the bot first", file=sys.stderr)
        return 1
    print(f"rated {count} finished matches again from their move logs in {args.database}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
