"""声称 (§6): a player's claim and its answers, and the endings the referee settles by itself.

Once per trick a player to play may claim: `claim` (every remaining scoring card is mine) or
`claim SQ=2 HA=1` (those to those seats, the rest to me). Their hand is shown to all; the other
three accept or reject at once. All accept: the deal ends as claimed. One rejects: play goes on.
The referee settles by itself the endings that are certain: no scoring card left, or one card each.
"""

from __future__ import annotations

from mypy_extensions import trait

from engine.errors import IllegalMove
from engine.gongzhu import events as ev
from engine.gongzhu.cards import SEATS, Card, cards_text
from engine.gongzhu.moves import ACCEPT, REJECT, Decision, Move
from engine.gongzhu.state import DealState


@trait
class Claims(DealState):
    def _remaining_scoring(self) -> list[tuple[Card, int]]:
        """Scoring cards not yet taken, each with the seat that holds (or played) it."""
        out = [(c, by) for by, move in self.trick for c in move.cards if c.scoring]
        for seat in range(SEATS):
            out += [(c, seat) for c in self.hand(seat) if c.scoring]
        return out

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
        out.append(ev.ClaimMade(seat, cards_text(self.hand(seat)), _public(self.claim_assignment)))

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

    def _settle_if_forced(self, out: list[ev.Event]) -> None:
        """At the start of a trick, when the rest is certain: with no scoring card left in any
        hand nothing can change the score, so the deal ends; with one card each, the last trick
        plays itself."""
        if not self.scoring_in_hands:
            out.append(ev.ClaimSettled(None, (), forced=True))
            self._end_deal(out)
        else:
            for _ in range(SEATS):
                seat = self.turn
                self._put(seat, self._plays(seat)[0], out)


def _public(assignment: tuple[tuple[Card, int, int], ...]) -> tuple[tuple[str, int], ...]:
    return tuple((c.text, to) for c, _, to in assignment)
