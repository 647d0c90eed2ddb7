"""A match (局) of 够级: hands one after another, tributes carried over, totals, the end (§10)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from engine.conduct import Conduct
from engine.gouji import events as ev
from engine.gouji.hand import Hand
from engine.gouji.rules import Rules
from engine.gouji.scoring import SEATS, compensation, opposite, paying_order, team
from engine.gouji.sets import Move


class Match(Conduct):
    """Rules + seed + the list of (seat, move) determine everything; `replay` rebuilds it."""

    def __init__(self, seed: int | str = 0, rules: Rules | None = None) -> None:
        self.seed = str(seed)
        self.rules = rules or Rules()
        self.totals = [0] * SEATS
        self.penalties = [0] * SEATS
        self.strikes = [0] * SEATS
        self.hands: list[Hand] = []
        self.log: list[tuple[int, str]] = []
        self.is_over = False
        self.end_reason: str | None = None
        self._start_hand(None, ())
        self.opening_events: list[ev.Event] = list(self.hand.opening_events)

    @classmethod
    def replay(cls, seed: int | str, rules: Rules | None, moves: Iterable[tuple[int, str]]) -> Match:
        match = cls(seed, rules)
        for seat, move in moves:
            match.apply(seat, move)
        return match

    @property
    def hand(self) -> Hand:
        return self.hands[-1]

    @property
    def to_act(self) -> list[int]:
        return [] if self.is_over else self.hand.to_act

    def legal_moves(self, seat: int) -> list[Move]:
        return [] if self.is_over else self.hand.legal_moves(seat)

    def apply(self, seat: int, move: Move | str) -> list[ev.Event]:
        if self.is_over:
            from engine.errors import IllegalMove

            raise IllegalMove("game_over")
        events = self.hand.apply(seat, move)
        self.log.append((seat, str(move)))
        if self.hand.is_over:
            events += self._hand_over()
        return events

    def hand_seed(self, hand_no: int) -> str:
        return f"{self.seed}/{hand_no}"

    def _start_hand(self, leader: int | None, owed: Sequence) -> None:
        number = len(self.hands) + 1
        self.hands.append(Hand(self.rules, self.hand_seed(number), number, leader, paying_order(owed)))

    def _hand_over(self) -> list[ev.Event]:
        hand = self.hand
        assert hand.scores is not None
        for seat, points in enumerate(hand.scores):
            self.totals[seat] += points
        if hand.sweep is not None:
            return [self._end("sweep")]
        if hand.hand_no >= self.rules.max_hands:
            return [self._end("hand_limit")]
        self._start_hand(self._next_leader(hand), hand.debts)
        return list(self.hand.opening_events)

    def _next_leader(self, hand: Hand) -> int:
        """§8.6: the last hand's 大落 leads; a 大落 of the revolution side hands it on."""
        last = hand.finish_order[-1]
        rebel = hand.revolutionary
        if rebel is not None and team(last) == team(rebel):
            return (
                (rebel + 1) % SEATS if hand.charge is not None and not hand.charge_beaten else opposite(rebel)
            )
        return last

    def _end(self, reason: str) -> ev.MatchEnded:
        bonus = (0,) * SEATS
        if reason != "sweep":
            bonus = compensation(self.hand.debts if self.hand.is_over else [])
        for seat in range(SEATS):
            self.totals[seat] += bonus[seat]
        self.is_over, self.end_reason = True, reason
        return ev.MatchEnded(tuple(self.totals), reason, bonus)

    def forfeit(self, seat: int) -> list[ev.Event]:
        return self.hand.forfeit(seat)

    def stop(self) -> ev.MatchEnded:
        """Ends the match early (a replaced player, a stop vote): 补偿积分 from the last hand."""
        if self.is_over:
            raise ValueError("the match is already over")
        last = self.hand if self.hand.is_over else (self.hands[-2] if len(self.hands) > 1 else self.hand)
        bonus = compensation(last.debts)
        for seat in range(SEATS):
            self.totals[seat] += bonus[seat]
        self.is_over, self.end_reason = True, "stopped"
        return ev.MatchEnded(tuple(self.totals), "stopped", bonus)
