"""A match (局) of 够级: hands one after another, tributes carried over, totals, the end (§10)."""

from __future__ import annotations

from collections.abc import Sequence

from engine.gouji import events as ev
from engine.gouji.hand import Hand
from engine.gouji.rules import Rules
from engine.gouji.scoring import SEATS, Debt, compensation, opposite, paying_order, team
from engine.matchplay import MatchPlay


class Match(MatchPlay):
    """Rules + seed + the list of (seat, move) determine everything; `replay` rebuilds it."""

    rules: Rules
    rounds: list[Hand]
    seats = SEATS

    def __init__(self, seed: int | str = 0, rules: Rules | None = None) -> None:
        super().__init__(seed, rules or Rules())

    @property
    def hands(self) -> list[Hand]:
        return self.rounds

    @property
    def hand(self) -> Hand:
        return self.rounds[-1]

    def _start_first_round(self) -> None:
        self._start_hand(None, ())

    def _start_hand(self, leader: int | None, owed: Sequence[Debt]) -> None:
        number = len(self.hands) + 1
        owed = paying_order(owed, self.rules.tribute_order)
        self.rounds.append(Hand(self.rules, self.round_seed(number), number, leader, owed))

    def _round_over(self) -> list[ev.Event]:
        hand = self.hand
        assert hand.scores is not None
        for seat, points in enumerate(hand.scores):
            self.totals[seat] += points
        if hand.sweep is not None and self.rules.sweep == "match_end":  # 烩四 (§10)
            return [self._end("sweep")]
        if hand.hand_no >= self.rules.max_hands:
            return [self._end("hand_limit")]
        self._start_hand(self._next_leader(hand), hand.debts)
        return list(self.hand.opening_events)

    def _next_leader(self, hand: Hand) -> int | None:
        """§8.6: the last hand's 大落 leads; a 大落 of the revolution side hands it on. Under
        `leader_rule=rotate` (A.2) the seat after the last hand's leader; after a sweep that did
        not end the match (A.7, B.8) a new card is turned (None)."""
        if not self.rules.bie3:  # A.9 亮3上班: the shown 3s decide; ties go from the last leader
            return hand.leader
        if hand.sweep is not None:
            return None
        if self.rules.leader_rule == "rotate":
            return (hand.leader + 1) % SEATS
        last = hand.finish_order[-1]
        rebel = hand.revolutionary
        if rebel is not None and team(last) == team(rebel):
            return (
                (rebel + 1) % SEATS if hand.charge is not None and not hand.charge_beaten else opposite(rebel)
            )
        return last

    def _end(self, reason: str) -> ev.MatchEnded:
        bonus: tuple[int, ...] = (0,) * SEATS
        if reason != "sweep":
            bonus = compensation(self.rules, self.hand.debts if self.hand.is_over else [])
        for seat in range(SEATS):
            self.totals[seat] += bonus[seat]
        self.is_over, self.end_reason = True, reason
        return ev.MatchEnded(tuple(self.totals), reason, bonus, self.winners())

    def winners(self) -> tuple[int, ...]:
        """§11: the team with the higher total (a draw: nobody)."""
        sums = [sum(self.totals[s] for s in range(SEATS) if team(s) == side) for side in (0, 1)]
        if sums[0] == sums[1]:
            return ()
        best = 0 if sums[0] > sums[1] else 1
        return tuple(s for s in range(SEATS) if team(s) == best)

    def forfeit(self, seat: int) -> list[ev.Event]:
        return self.hand.forfeit(seat)

    def stop(self) -> ev.MatchEnded:
        """Ends the match early (a replaced player, a stop vote): 补偿积分 from the last hand."""
        if self.is_over:
            raise ValueError("the match is already over")
        last = self.hand if self.hand.is_over else (self.hands[-2] if len(self.hands) > 1 else self.hand)
        bonus = compensation(self.rules, last.debts)
        for seat in range(SEATS):
            self.totals[seat] += bonus[seat]
        self.is_over, self.end_reason = True, "stopped"
        return ev.MatchEnded(tuple(self.totals), "stopped", bonus, self.winners())
