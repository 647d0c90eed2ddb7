"""Reviews of finished matches: made once a match, round by round in the search
workers (never on the event loop), stored, and read back. A review is asked like a replay (the
group's match, once it has ended); the first ask starts it, and whoever awaits `ready` is told
when it is stored."""

from __future__ import annotations

import asyncio
import json
import logging
from dataclasses import asdict, dataclass, replace

from data.records import PlayedMatch
from engine.errors import Refused
from engine.games import GAMES
from engine.league import raters
from engine.referee.core import RefereeCore
from engine.referee.reading import ended_match
from engine.review import Judgement, judgements_of, rounds_played
from engine.reviewing import review_in_worker

log = logging.getLogger(__name__)

MAKING_AT_ONCE = 2  # reviews being made at once: their rounds queue for the long jobs' worker


def _failed(making: asyncio.Future[None]) -> None:
    """A review that failed (a worker lost, the bot stopping) is read here, so that its error is
    never logged as unretrieved; whoever awaits it is told (`/review` says so in the group)."""
    if not making.cancelled() and making.exception() is not None:
        log.warning("a review failed: %r", making.exception())


@dataclass(frozen=True, slots=True)
class MatchReview:
    match_id: int
    table_id: int
    group_id: int
    game: str
    players: tuple[int | None, ...]  # who held each seat (None: a bot, whose moves are not reviewed)
    judgements: tuple[Judgement, ...]  # empty until the review is made
    # done once the review is stored (at once when it already was); None: not made, not asked
    ready: asyncio.Future[None] | None
    told_message: int | None = None  # the group's message that told the review, once told


class Reviews:
    def __init__(self, core: RefereeCore) -> None:
        self.core = core
        self._making: dict[int, asyncio.Future[None]] = {}

    async def review(self, group: int | None, match_id: int | None = None, start: bool = True) -> MatchReview:
        """The match's review, or the one being made (`ready` says when); `start` False only
        reads (a page does not start the work). `group` None (the Mini App): any group's match —
        the caller checks membership of its `group_id`."""
        async with self.core.store.reading() as q:
            try:
                found = await ended_match(q, group, match_id)
            except Refused as refused:  # said of a review, not a replay
                if refused.key == "replay_after_end":
                    raise Refused("review_after_end") from None
                raise Refused("no_review") from None
            rows = await q.moves(found.match_id)
            reviewer = GAMES[found.game].reviewer
            stored = None if reviewer is None else await q.review(found.match_id, reviewer.name)
        if reviewer is None:  # a game that reviews nothing: a reader gets none
            if not start:
                return MatchReview(found.match_id, found.table_id, found.group_id, found.game, (), (), None)
            raise Refused("review_game", game=found.game)
        people = raters(GAMES[found.game].seats, ((r.seat, r.actor, r.player_id) for r in rows), "normal")
        players = tuple(p if p > 0 else None for p in people)
        unmade = MatchReview(found.match_id, found.table_id, found.group_id, found.game, players, (), None)
        if stored is not None:
            done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
            done.set_result(None)
            judgements = judgements_of(stored.body)
            return replace(unmade, judgements=judgements, ready=done, told_message=stored.told_message)
        making = self._making.get(found.match_id)
        if making is None and not start:
            return unmade
        if making is None and len(self._making) >= MAKING_AT_ONCE:
            raise Refused("review_busy")  # a group asking for every old match cannot starve the bots
        if making is None:
            log_rows = [(r.seat, r.kind, r.move, r.actor) for r in rows]
            seats = tuple(s for s, p in enumerate(players) if p is not None)
            making = self._making[found.match_id] = asyncio.ensure_future(self._make(found, log_rows, seats))
            making.add_done_callback(_failed)
        return replace(unmade, ready=making)

    async def told(self, match_id: int, message_id: int) -> None:
        """The group's message that told the review (a second `/review` points to it)."""
        async with self.core.store.transaction() as q:
            await q.review_told(match_id, message_id)

    async def _make(
        self, found: PlayedMatch, rows: list[tuple[int, str, str, str]], seats: tuple[int, ...]
    ) -> None:
        try:
            game = GAMES[found.game]
            rules = game.rules(found.rules)
            rounds = await asyncio.to_thread(rounds_played, game, found.seed, rules, rows)
            thinkers = self.core.thinkers
            parts = await asyncio.gather(
                *(
                    thinkers.run(
                        review_in_worker, found.game, found.seed, dict(found.rules), rows, seats, number
                    )
                    for number in range(1, rounds + 1)
                )
            )
            body = json.dumps([asdict(j) for part in parts for j in part], ensure_ascii=False)
            assert game.reviewer is not None
            async with self.core.store.transaction() as q:
                await q.save_review(found.match_id, body, game.reviewer.name, self.core.clock.now())
        finally:
            del self._making[found.match_id]
