"""够级's card counter (记牌器), a table option: per rank, the cards nobody has played yet,
counted from what everyone has seen played, so it is the same for every player. Big ranks first:
the jokers and 2s a player counts to know what can still beat a set."""

from __future__ import annotations

from engine.gouji.cards import NRANKS, RANKS, SEATS
from engine.gouji.hand import Hand


def still_out(hand: Hand) -> tuple[tuple[str, int], ...]:
    """(rank, copies not played), big jokers first, 3s last."""
    out = [0] * NRANKS
    for seat in range(SEATS):
        counts = hand.cards[seat].counts
        for rank in range(NRANKS):
            out[rank] += counts[rank]
    return tuple((RANKS[rank], out[rank]) for rank in reversed(range(NRANKS)))
