"""A match (局) of 拱猪: deals one after another, the pig-taker leading the next, totals, and the
end at ±1000 (or ±800) or after a fixed number of deals (§6)."""

from __future__ import annotations

from collections.abc import Iterable

from engine.conduct import Conduct
from engine.errors import IllegalMove
from engine.gongzhu import events as ev
from engine.gongzhu.cards import SEATS
from engine.gongzhu.deal import Deal
from engine.gongzhu.moves import Move
from engine.gongzhu.rules import Rules


class Match(Conduct):
    """Rules + seed + the list of (seat, move) determine everything; `replay` rebuilds it."""

    def __init__(self, seed: int | str = 0, rules: Rules | None = None) -> None:
        self.seed = str(seed)
        self.rules = rules or Rules()
        self.totals = [0] * SEATS
        self.penalties = [0] * SEATS
        self.strikes = [0] * SEATS
        self.deals: list[Deal] = []
        self.log: list[tuple[int, str]] = []
        self.is_over = False
        self.end_reason: str | None = None
        self._start_deal(None)
        self.opening_events: list[ev.Event] = list(self.deal.opening_events)

    @classmethod
    def replay(cls, seed: int | str, rules: Rules | None, moves: Iterable[tuple[int, str]]) -> Match:
        match = cls(seed, rules)
        for seat, move in moves:
            match.apply(seat, move)
        return match

    @property
    def deal(self) -> Deal:
        return self.deals[-1]

    @property
    def to_act(self) -> list[int]:
        return [] if self.is_over else self.deal.to_act

    def legal_moves(self, seat: int) -> list[Move]:
        return [] if self.is_over else self.deal.legal_moves(seat)

    def apply(self, seat: int, move: Move | str) -> list[ev.Event]:
        if self.is_over:
            raise IllegalMove("game_over")
        events = self.deal.apply(seat, move)
        self.log.append((seat, str(move)))
        if self.deal.is_over:
            events += self._deal_over()
        return events

    def deal_seed(self, deal_no: int) -> str:
        return f"{self.seed}/{deal_no}"

    def _start_deal(self, leader: int | None) -> None:
        number = len(self.deals) + 1
        self.deals.append(Deal(self.rules, self.deal_seed(number), number, leader))

    def _deal_over(self) -> list[ev.Event]:
        deal = self.deal
        assert deal.scores is not None
        for seat, points in enumerate(deal.scores):
            self.totals[seat] += points
        target = self.rules.match_target
        if self.rules.deals:
            if deal.deal_no >= self.rules.deals:
                return [self._end("deals")]
        elif any(abs(total) >= target for total in self.totals):
            return [self._end("target")]
        # the pig is always taken in a played-out deal; a claim assigns it too
        self._start_deal(deal.pig_taker if deal.pig_taker is not None else 0)
        return list(self.deal.opening_events)

    def _end(self, reason: str) -> ev.MatchEnded:
        self.is_over, self.end_reason = True, reason
        high, low = max(self.totals), min(self.totals)
        return ev.MatchEnded(
            tuple(self.totals),
            reason,
            tuple(s for s in range(SEATS) if self.totals[s] == high),
            tuple(s for s in range(SEATS) if self.totals[s] == low),
        )

    def forfeit(self, seat: int) -> list[ev.Event]:
        return self.deal.forfeit(seat)

    def stop(self) -> ev.MatchEnded:
        """Ends the match early (a stop vote): the totals so far decide."""
        if self.is_over:
            raise ValueError("the match is already over")
        return self._end("stopped")
