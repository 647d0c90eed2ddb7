"""A match (局) of 拱猪: deals one after another, the pig-taker leading the next, totals, and the
end at ±1000 (or ±800) or after a fixed number of deals (§6)."""

from __future__ import annotations

from engine.gongzhu import events as ev
from engine.gongzhu.cards import SEATS
from engine.gongzhu.deal import Deal
from engine.gongzhu.rules import Rules
from engine.matchplay import MatchPlay


class Match(MatchPlay):
    """Rules + seed + the list of (seat, move) determine everything; `replay` rebuilds it."""

    rules: Rules
    rounds: list[Deal]
    seats = SEATS

    def __init__(self, seed: int | str = 0, rules: Rules | None = None) -> None:
        super().__init__(seed, rules or Rules())

    @property
    def deals(self) -> list[Deal]:
        return self.rounds

    @property
    def deal(self) -> Deal:
        return self.rounds[-1]

    def _start_first_round(self) -> None:
        self._start_deal(None)

    def _start_deal(self, leader: int | None) -> None:
        number = len(self.rounds) + 1
        self.rounds.append(Deal(self.rules, self.round_seed(number), number, leader))

    def _round_over(self) -> list[ev.Event]:
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
        return ev.MatchEnded(tuple(self.totals), reason, self.winners(), self.losers())

    def losers(self) -> tuple[int, ...]:
        """当猪 (§6): the lowest total; under 双猪 (§7) the highest total as well."""
        low, high = min(self.totals), max(self.totals)
        pigs = (low, high) if self.rules.double_pig else (low,)
        return tuple(s for s in range(SEATS) if self.totals[s] in pigs)

    def winners(self) -> tuple[int, ...]:
        """The highest total (partners share theirs); under 双猪 everyone who is not 当猪."""
        if self.rules.double_pig:
            return tuple(s for s in range(SEATS) if s not in self.losers())
        if self.rules.partners:  # §7 对家配合: the side with the higher sum (a draw: nobody)
            sides = (sum(self.totals[0::2]), sum(self.totals[1::2]))
            return () if sides[0] == sides[1] else tuple(range(sides[0] < sides[1], SEATS, 2))
        high = max(self.totals)
        return tuple(s for s in range(SEATS) if self.totals[s] == high)

    def forfeit(self, seat: int) -> list[ev.Event]:
        return self.deal.forfeit(seat)

    def stop(self) -> ev.MatchEnded:
        """Ends the match early (a stop vote): the totals so far decide."""
        if self.is_over:
            raise ValueError("the match is already over")
        return self._end("stopped")
