"""Positions for a search: a deal rebuilt from one seat's view with the hidden cards
dealt afresh, consistently with everything public (`Deal.clone` is the cheap copy).

What a seat may know: its own hand, every card played, who exposed what (an exposed card stays
with its exposer until played), how many cards each seat holds, and the suits each seat has
shown it lacks (it did not follow). A determinized deal depends on nothing else: the other
seats' real hands never reach it, only the multiset of unseen cards, taken in a fixed order.
"""

from __future__ import annotations

import random

from engine.gongzhu.cards import CLUB_TWO, SEATS, Card, card
from engine.gongzhu.deal import Deal

TRIES = 40  # random deals of the unseen cards to try before the void constraints are relaxed


def known_holdings(deal: Deal, seat: int) -> list[list[Card]]:
    """Per seat, the cards everyone knows it holds: its unplayed exposed cards (none when cards
    are exposed face down), before play ♣2 for the seat that leads with it, and all of `seat`'s
    own hand for `seat`."""
    known: list[list[Card]] = []
    blind = deal.rules.exposing == "blind"
    for other in range(SEATS):
        if other == seat:
            known.append(deal.hand(seat))
            continue
        shown: list[Card] = []
        if not blind:
            hand = [card(s, r) for s, ranks in enumerate(deal.hands[other]) for r in ranks]
            for c in deal.exposed[other]:
                if c in hand:  # exposed and not played yet
                    hand.remove(c)
                    shown.append(c)
        if deal.phase == "expose" and deal.must_lead_club_two and other == deal.leader:
            shown.append(CLUB_TWO)  # the public view names the first leader: ♣2's holder
        known.append(shown)
    return known


def unseen(deal: Deal, seat: int, known: list[list[Card]]) -> list[Card]:
    """The cards the seat cannot place: all cards not played, not its own, not known exposed;
    in a fixed order (so nothing of who really holds them leaks into a sample)."""
    hidden = [c for other in range(SEATS) if other != seat for c in deal.hand(other)]
    for other in range(SEATS):
        if other != seat:
            for c in known[other]:
                hidden.remove(c)
    return sorted(hidden, key=lambda c: c.index)


def determinized(deal: Deal, seat: int, rand: random.Random) -> Deal:
    """A copy of the deal in which the cards the seat cannot see are dealt at random among the
    others: each keeps its count and its known exposed cards, and gets no card of a suit it has
    shown it lacks (relaxed only if no such deal turns up in TRIES attempts)."""
    known = known_holdings(deal, seat)
    pool = unseen(deal, seat, known)
    need = [0 if s == seat else deal.left[s] - len(known[s]) for s in range(SEATS)]
    hands = _deal_pool(pool, need, deal.voids, rand)
    copy = deal.clone()
    blind = deal.rules.exposing == "blind"
    for other in range(SEATS):
        if other == seat:
            continue
        if blind:  # where face-down exposed cards went is unknown: no card of theirs is held back
            copy.held[other], copy.exposed[other] = {}, []
        suits: list[list[int]] = [[], [], [], []]
        for c in [*known[other], *hands[other]]:
            suits[c.suit].append(c.rank)
        for ranks in suits:
            ranks.sort(reverse=True)
        copy.hands[other] = suits
    return copy


def _deal_pool(pool: list[Card], need: list[int], voids: list[int], rand: random.Random) -> list[list[Card]]:
    for attempt in range(TRIES + 1):
        strict = attempt < TRIES
        cards = list(pool)
        rand.shuffle(cards)
        # the most constrained cards first: those few seats may take
        cards.sort(key=lambda c: sum(1 for s in range(SEATS) if need[s] and not voids[s] >> c.suit & 1))
        room = list(need)
        hands: list[list[Card]] = [[] for _ in range(SEATS)]
        for c in cards:
            seats = [s for s in range(SEATS) if room[s] and not (strict and voids[s] >> c.suit & 1)]
            if not seats:
                break
            chosen = rand.choices(seats, weights=[room[s] for s in seats])[0]
            hands[chosen].append(c)
            room[chosen] -= 1
        else:
            return hands
    raise AssertionError("the unseen cards do not fit the seats' counts")  # counts always fit
