"""拱猪's card counter (记牌器), a table option: the cards nobody has played yet, counted from
what everyone has seen played, so it is the same for every player. Told: the scoring cards still
out (♠Q ♦J ♣10, each heart), then each suit's count."""

from __future__ import annotations

from engine.gongzhu.cards import HEARTS, PIG, SEATS, SHEEP, SUITS, TRANSFORMER, card
from engine.gongzhu.deal import Deal


def still_out(deal: Deal) -> tuple[tuple[str, int], ...]:
    """(card or suit, copies not played): the pig, sheep and transformer, the hearts high to low,
    then the four suits ("S", "H", "D", "C")."""
    held: dict[tuple[int, int], int] = {}
    by_suit = [0, 0, 0, 0]
    for seat in range(SEATS):
        for suit, ranks in enumerate(deal.hands[seat]):
            by_suit[suit] += len(ranks)
            for rank in ranks:
                held[(suit, rank)] = held.get((suit, rank), 0) + 1
    scoring = [(c.text, held.get((c.suit, c.rank), 0)) for c in (PIG, SHEEP, TRANSFORMER)]
    hearts = [
        (card(HEARTS, rank).text, n)
        for (suit, rank), n in sorted(held.items(), reverse=True)
        if suit == HEARTS
    ]
    suits = [(SUITS[suit], by_suit[suit]) for suit in range(4)]
    return (*scoring, *hearts, *suits)
