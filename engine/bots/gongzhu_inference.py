"""Reading the other seats (issue 33): how well a sampled deal explains the plays already made.

A sample gives every other seat a hand; with the cards each seat has played since added back, it
gives the hands the deal began with. Replaying the deal from those hands, each play the other
seats made is compared with the play the heuristic bot would have made there: a sample in which
they played as a sensible player would is likelier than one in which they did not. A sample in
which a play could not have been made at all (a suit followed that the sample says was not held,
a card held back by its exposure) is impossible.

Only public facts go in: the plays in order, who exposed what (nothing when exposed face down:
then no sample is weighed), who led first and the sample itself.
"""

from __future__ import annotations

import random

from engine.bots import gongzhu as heuristic
from engine.gongzhu.cards import SEATS, cards_text
from engine.gongzhu.deal import Deal

UNLIKE = 0.2  # a sample's weight is this to the power of the plays it explains otherwise
IMPOSSIBLE = -1  # `surprises` of a sample in which a play made could not have been made


def surprises(world: Deal, deal: Deal, seat: int) -> int:
    """How many of the other seats' plays with a choice the heuristic would have made otherwise
    with the hands `world` gives them (IMPOSSIBLE when one could not have been made)."""
    dealt = [world.hand(s) for s in range(SEATS)]
    for by, move in deal.history:
        dealt[by].extend(move.cards)
    replay = Deal(
        deal.rules,
        deal.seed,
        deal.deal_no,
        leader=deal.leader,
        lead_reason=deal.lead_reason,
        hands=[cards_text(cards) for cards in dealt],
        exposure=False,
    )
    for other in range(SEATS):
        if deal.exposed[other]:
            replay._expose(other, list(deal.exposed[other]), [])
    replay.must_lead_club_two = deal.lead_reason == "club2"
    rand = random.Random(0)  # unused by the heuristic's plays, which are deterministic
    count = 0
    for by, move in deal.history:
        if replay.phase != "play" or replay.turn != by:
            return IMPOSSIBLE
        legal = replay.legal_moves(by)
        if move not in legal:
            return IMPOSSIBLE
        chose = by != seat and sum(1 for m in legal if m.__class__ is move.__class__) > 1
        if chose and heuristic.choose(replay, by, rand) != move:
            count += 1
        replay.apply(by, move)
    return count


def weight(world: Deal, deal: Deal, seat: int, unlike: float = UNLIKE) -> float:
    """The sample's likelihood, up to a constant: UNLIKE per play it explains otherwise."""
    if deal.rules.exposing == "blind" or not deal.history:
        return 1.0  # face-down exposures: where those cards went is unknown, so nothing is weighed
    count = surprises(world, deal, seat)
    return 0.0 if count == IMPOSSIBLE else unlike**count
