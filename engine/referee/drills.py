"""Drills (/drill): positions from reviewed mistakes, asked again. A player is shown the table
and their hand as the decision stood — their own mistake, or with `shared` one of a member of
their groups who lets them — and chooses among the move made, the better one and another legal
move. The answer says whether the choice was the better play, and why, in the hint's words.

A drill is built from the stored review and the match's log (the match replayed to the
decision); the one a player is asked is kept in memory until answered: after a restart, the
buttons of an unanswered drill are stale and `/drill` asks a new one."""

from __future__ import annotations

import random
from dataclasses import dataclass

from data.records import PlayedMatch, ReviewedSeat
from engine.errors import Refused
from engine.games import GAMES
from engine.referee.core import RefereeCore
from engine.referee.views import PrivateView
from engine.review import Judgement, judgements_of, numbered_steps

CANDIDATES = 40  # the newest reviewed seats a drill is chosen from
DRILLED = ("blunder", "mistake", "inaccuracy")  # the marks a drill asks again, costliest first
CHOICES = 3  # buttons a drill offers: the move made, the better one, and another legal move


@dataclass(frozen=True, slots=True)
class Drill:
    number: int  # the player's drill count: its buttons carry it, so an old drill's are stale
    match: PlayedMatch
    players: tuple[int | None, ...]  # who played each seat by hand (None: a bot)
    totals: tuple[int, ...]  # the match's totals at the decision
    judged: Judgement
    own: bool  # the player's own mistake (else a member's who shares them)
    maker: int  # who made the mistake
    position: PrivateView  # the decider's view: their hand and the table, no other hand
    choices: tuple[str, ...]  # in the order offered


@dataclass(frozen=True, slots=True)
class Answered:
    drill: Drill
    chosen: str
    right: bool  # the choice was the better play (or as good: the review's own best)


class Drills:
    def __init__(self, core: RefereeCore) -> None:
        self.core = core
        self._asked: dict[int, Drill] = {}  # player → the drill they are asked now
        self._count: dict[int, int] = {}  # player → drills asked since the start
        self._seen: dict[int, set[tuple[int, int, int]]] = {}  # player → (match, round, step) asked

    async def share(self, player: int, shared: bool) -> None:
        """Whether the members of the player's groups may drill the player's mistakes."""
        async with self.core.store.transaction() as q:
            await q.set_drills_shared(player, shared)

    async def next(self, player: int, shared: bool = False) -> Drill:
        """A new drill for the player: a reviewed mistake not asked yet (once all were, again
        from the first), the costliest first; Refused("no_drill") when none is reviewed."""
        judges = {name: game.reviewer.name for name, game in GAMES.items() if game.reviewer is not None}
        async with self.core.store.reading() as q:
            if shared:
                seats = await q.shared_seats(player, judges, CANDIDATES)
            else:
                seats = await q.reviewed_seats(player, judges, CANDIDATES)
        marked = [(seat, j) for seat in seats for j in _mistakes(seat)]
        if not marked:
            raise Refused("no_shared_drill" if shared else "no_drill")
        seen = self._seen.setdefault(player, set())
        fresh = [(s, j) for s, j in marked if (s.match_id, j.round, j.step) not in seen]
        if not fresh:
            seen.clear()
            fresh = marked
        seat, judged = min(fresh, key=lambda pair: (DRILLED.index(pair[1].mark), -pair[1].loss))
        seen.add((seat.match_id, judged.round, judged.step))
        number = self._count[player] = self._count.get(player, 0) + 1
        drill = await self._built(number, seat, judged, own=seat.player_id == player)
        self._asked[player] = drill
        return drill

    def answer(self, player: int, number: int, choice: int) -> Answered:
        """The player's choice in their drill `number`; Refused("stale") for another drill's."""
        drill = self._asked.get(player)
        if drill is None or drill.number != number or not 0 <= choice < len(drill.choices):
            raise Refused("stale")
        del self._asked[player]
        chosen = drill.choices[choice]
        return Answered(drill, chosen, chosen == drill.judged.best)

    async def _built(self, number: int, seat: ReviewedSeat, judged: Judgement, own: bool) -> Drill:
        async with self.core.store.reading() as q:
            found = await q.played_match(seat.match_id)
            rows = await q.moves(seat.match_id)
        assert found is not None
        game = GAMES[found.game]
        match = game.new_match(found.seed, game.rules(found.rules))
        for round_no, step, _ in numbered_steps(match, ((r.seat, r.kind, r.move, r.actor) for r in rows)):
            if (round_no, step) == (judged.round, judged.step):
                break  # the match stands where the judged move was decided
        position = match.current
        legal = [str(m) for m in position.legal_moves(judged.seat)]
        others = [m for m in legal if m not in (judged.move, judged.best)]
        rand = random.Random(f"{seat.match_id}/{judged.round}/{judged.step}")
        choices = [judged.move, judged.best, *rand.sample(others, min(len(others), CHOICES - 2))]
        rand.shuffle(choices)
        view = PrivateView(position.seat_view(judged.seat), tuple(legal), 0, None)
        by_hand = {r.seat: r.player_id for r in reversed(rows) if r.actor == "player"}
        players = tuple(by_hand.get(s) for s in range(game.seats))
        totals = tuple(match.totals)
        return Drill(number, found, players, totals, judged, own, seat.player_id, view, tuple(choices))


def _mistakes(seat: ReviewedSeat) -> list[Judgement]:
    return [j for j in judgements_of(seat.body) if j.seat == seat.seat and j.mark in DRILLED]
