"""挑牌 (docs/rules/gouji-variants.md A.9, without 憋3): a player on lead shows the whole hand and claims it
plays out at once; if every other player still holding cards accepts, the player finishes; one
rejection and play goes on, the claimant leading as before.

A mixin of `Hand`: it reads and writes the hand's state and never touches the outside world.
"""

from __future__ import annotations

from mypy_extensions import trait

from engine.gouji import events as ev
from engine.gouji.phase import Phase
from engine.gouji.sets import Move, decision
from engine.gouji.state import HandState

CLAIM, ACCEPT, REJECT = (decision(name) for name in ("claim", "accept", "reject"))


@trait
class Claims(HandState):
    def _may_claim(self, seat: int) -> bool:
        """On lead, without 憋3, under no burn obligation (a claim would skip it), once a lead."""
        return (
            not self.rules.bie3
            and self.table is None
            and not self.obligated[seat]
            and self.claim_refused != seat
            and bool(self.left[seat])
        )

    def _claim(self, seat: int, out: list[ev.Event]) -> None:
        self.claimant = seat
        self.phase, self.decided = Phase.CLAIM_ANSWER, {}
        self.to_act = [s for s in self._holders() if s != seat]
        out.append(ev.Claimed(seat, str(self.cards[seat])))

    def _answer_claim(self, seat: int, move: Move, out: list[ev.Event]) -> None:
        claimant = self.claimant
        assert claimant is not None
        if move is REJECT:  # one rejection ends it: play goes on, the claimant leads
            out.append(ev.ClaimAnswered(seat, False))
            self.phase, self.to_act, self.claimant = Phase.PLAY, [claimant], None
            self.claim_refused = claimant
            return
        self.to_act = [s for s in self.to_act if s != seat]
        if self.to_act:
            return
        out.append(ev.ClaimAnswered(seat, True))
        self.phase, self.claimant = Phase.PLAY, None
        hand = self.cards[claimant]
        for rank, count in enumerate(hand.counts):
            if count:
                hand.drop(rank, count)
        self.played += self.left[claimant]
        self.left[claimant] = 0
        out.append(ev.ClaimAccepted(claimant))
        if not self._finish(claimant, out):
            self._close_round(claimant, out)

    def _claim_answers(self, seat: int) -> list[Move]:
        return [ACCEPT, REJECT]
