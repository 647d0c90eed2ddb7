"""声称 (§6): a player's claim and its answers, and the referee's own claim when every way of
playing on ends with the same scoring cards in the same places.

Once per trick a player to play may claim: `claim` (every remaining scoring card is mine) or
`claim SQ=2 HA=1` (those to those seats, the rest to me). Their hand is shown to all; the other
three accept or reject at once. All accept: the deal ends as claimed. One rejects: play goes on.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Self

from engine.errors import IllegalMove
from engine.gongzhu import events as ev
from engine.gongzhu.cards import DECK, SCORING, SEATS, Card, card, cards_text
from engine.gongzhu.moves import ACCEPT, REJECT, Decision, Move, Play

# The referee looks for a forced outcome when every seat holds at most this many cards (16 lines
# of play at most with one deck): cheap, and it is where forced endings happen.
FORCED_SEARCH_CARDS = 2
Outcome = tuple[tuple[tuple[tuple[int, int], ...], ...], int | None]


class ClaimState:
    phase: str
    to_act: list[int]
    turn: int
    hands: list[list[list[int]]]
    trick: list[tuple[int, Play]]
    taken: list[list[tuple[Card, int]]]
    left: list[int]
    pig_taker: int | None
    claimer: int | None
    claim_assignment: tuple[tuple[Card, int, int], ...]  # card, its holder, who gets it
    claimed_this_trick: set[int]
    searching: bool

    if TYPE_CHECKING:  # provided by the other parts of a Deal
        def _plays(self, seat: int) -> list[Play]: ...
        def _put(self, seat: int, move: Play, out: list[ev.Event]) -> None: ...
        def _end_deal(self, out: list[ev.Event]) -> None: ...
        def _clone(self) -> Self: ...
        def _take(self, seat: int, cards: list[tuple[Card, int]]) -> None: ...


class Claims(ClaimState):
    def _remaining_scoring(self) -> list[tuple[Card, int]]:
        """Scoring cards not yet taken, each with the seat that holds (or played) it."""
        out = [(c, by) for by, move in self.trick for c in move.cards if c in SCORING]
        for seat in range(SEATS):
            for suit, ranks in enumerate(self.hands[seat]):
                out += [(card(suit, r), seat) for r in ranks if card(suit, r) in SCORING]
        return out

    def _can_claim(self, seat: int) -> bool:
        return self.phase == "play" and seat not in self.claimed_this_trick

    def _apply_claim(self, seat: int, move: Decision, out: list[ev.Event]) -> None:
        if seat in self.claimed_this_trick:
            raise IllegalMove("claimed_once")
        remaining = self._remaining_scoring()
        assignment: list[tuple[Card, int, int]] = []
        for claimed, to in move.assignment:
            found = next((r for r in remaining if r[0] is claimed), None)
            if found is None:
                raise IllegalMove("claim_bad_card", card=claimed.text)
            remaining.remove(found)
            assignment.append((claimed, found[1], to))
        assignment += [(c, holder, seat) for c, holder in remaining]
        self.claimer, self.claim_assignment = seat, tuple(assignment)
        self.claimed_this_trick.add(seat)
        self.phase, self.to_act = "claim", [s for s in range(SEATS) if s != seat]
        hand = [card(s, r) for s, ranks in enumerate(self.hands[seat]) for r in ranks]
        out.append(ev.ClaimMade(seat, cards_text(hand), _public(self.claim_assignment)))

    def _claim_moves(self) -> list[Move]:
        return [ACCEPT, REJECT]

    def _apply_answer(self, seat: int, move: Move, out: list[ev.Event]) -> None:
        if move not in (ACCEPT, REJECT):
            raise IllegalMove("answer_claim")
        out.append(ev.ClaimAnswered(seat, move == ACCEPT))
        if move == REJECT:
            self.phase, self.to_act = "play", [self.turn]
            self.claimer, self.claim_assignment = None, ()
            return
        self.to_act.remove(seat)
        if not self.to_act:
            out.append(ev.ClaimSettled(self.claimer, _public(self.claim_assignment), forced=False))
            self._settle(self.claim_assignment)
            self._end_deal(out)

    def _settle(self, assignment: tuple[tuple[Card, int, int], ...]) -> None:
        for c, holder, to in assignment:
            self._take(to, [(c, holder)])

    # -- the referee's own claim -------------------------------------------------------------

    def _check_forced(self, out: list[ev.Event]) -> bool:
        """At the start of a trick: ends the deal when nothing that is left can change the score."""
        outcome: Outcome | None = self._outcome()
        if self._remaining_scoring():
            outcome = self._single_outcome() if max(self.left) <= FORCED_SEARCH_CARDS else None
        if outcome is None:
            return False
        taken, self.pig_taker = outcome
        gained: list[tuple[str, int]] = []
        for seat, cards in enumerate(taken):
            new = Counter(cards) - Counter((c.index, by) for c, by in self.taken[seat])
            gained += [(DECK[index].text, seat) for index, _ in new.elements()]
            self.taken[seat] = [(DECK[index], by) for index, by in cards]
        out.append(ev.ClaimSettled(None, tuple(gained), forced=True))
        self._end_deal(out)
        return True

    def _single_outcome(self) -> Outcome | None:
        """Plays every line to the end on copies; the outcome if all lines agree, else None."""
        seen: set[Outcome] = set()

        def walk(state: Claims) -> bool:
            if not any(state.left):
                seen.add(state._outcome())
                return len(seen) < 2
            seat = state.to_act[0]
            moves = state._plays(seat)
            for i, move in enumerate(moves):
                child = state._clone() if i < len(moves) - 1 else state
                child._put(seat, move, [])
                if not walk(child):
                    return False
            return True

        search = self._clone()
        search.searching = True
        return seen.pop() if walk(search) else None

    def _outcome(self) -> Outcome:
        return tuple(tuple(sorted((c.index, by) for c, by in t)) for t in self.taken), self.pig_taker


def _public(assignment: tuple[tuple[Card, int, int], ...]) -> tuple[tuple[str, int], ...]:
    return tuple((c.text, to) for c, _, to in assignment)

