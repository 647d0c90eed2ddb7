"""A 拱猪 bot that plays like a careful Hearts player, from public information and its
own hand only: it ducks under tricks that carry points, dumps the pig on others, sheds its
dangerous high spades and hearts when it cannot follow, captures the sheep when that is safe,
flushes the pig with low spades, and exposes only cards it can protect."""

from __future__ import annotations

import random

from engine.gongzhu.cards import CLUBS, DIAMONDS, HEARTS, PIG, SEATS, SHEEP, SPADES, TRANSFORMER, Card
from engine.gongzhu.deal import Deal
from engine.gongzhu.moves import PASS, REJECT, Move, Play, expose
from engine.gongzhu.scoring import HEART_VALUES, PIG_VALUE, SHEEP_VALUE

RISK_PER_PLAYER = 12  # what winning a trick costs on average for each seat still to play
HIGH_SPADES = (13, 14)  # ♠K ♠A catch the pig when it is dumped on them


def choose(deal: Deal, seat: int, rand: random.Random) -> Move:
    moves = deal.legal_moves(seat)
    if len(moves) == 1:
        return moves[0]
    if deal.phase == "expose":
        return _expose(deal, seat, moves)
    if deal.phase == "claim":
        return REJECT  # a claim cannot be checked without seeing the hands: play it out
    if deal.phase == "swap":
        return deal.default_move(seat)  # 猪羊变色: the choice that scores better for this seat
    plays = [m for m in moves if isinstance(m, Play)]
    return min(plays, key=lambda m: _cost(deal, seat, m))


def _expose(deal: Deal, seat: int, moves: list[Move]) -> Move:
    """Expose a scoring card only when the hand protects it."""
    suits = deal.hands[seat]
    wanted = []
    for c in (PIG, SHEEP, TRANSFORMER):
        ranks = suits[c.suit]
        if c.rank not in ranks:
            continue
        if c is PIG and len(ranks) >= 6:
            wanted.append(c)  # long spades: the pig can always be ducked
        elif c is SHEEP and (len(ranks) >= 5 or 14 in ranks):
            wanted.append(c)  # the sheep (+100) is worth doubling when it can be kept
        elif c is TRANSFORMER and len(ranks) >= 6:
            wanted.append(c)
    choices = {m.text: m for m in moves}
    while wanted:
        found = choices.get(expose(wanted).text)
        if found is not None:
            return found
        wanted.pop()
    return PASS if PASS in moves else min(moves, key=lambda m: len(getattr(m, "cards", ())))


def _value(deal: Deal, c: Card) -> int:
    return card_value(deal.rules.heart_values, c)


def card_value(heart_values: str, c: Card) -> int:
    """What a card is worth to whoever takes it (the transformer counts as a small risk), with
    the table's `heart_values`."""
    if c.suit == HEARTS:
        return HEART_VALUES[heart_values][c.rank]
    if c is PIG:
        return PIG_VALUE
    if c is SHEEP:
        return SHEEP_VALUE
    if c is TRANSFORMER:
        return -20
    return 0


def _pig_out(deal: Deal, seat: int) -> bool:
    """The pig is still in someone else's hand."""
    return (
        deal.pig_taker is None
        and PIG.rank not in deal.hands[seat][SPADES]
        and all(PIG not in m.cards for _, m in deal.trick)
    )


def _cost(deal: Deal, seat: int, move: Play) -> float:
    trick = deal.trick
    cards = move.cards
    if not trick:
        return _lead_cost(deal, seat, move)
    led = trick[0][1].suit
    high = max(c.rank for _, m in trick for c in m.cards if c.suit == led)
    on_table = sum(_value(deal, c) for _, m in trick for c in m.cards)
    mine = sum(_value(deal, c) for c in cards)
    still_to_play = SEATS - 1 - len(trick)
    if all(c.suit != led for c in cards):  # a discard: rid the hand of its worst card
        return -_danger(deal, seat, cards) + (SHEEP_VALUE * 2 if SHEEP in cards else 0)
    wins = max(c.rank for c in cards if c.suit == led) > high
    if not wins:
        # ducking: a card dumped under someone else's win is a gift to them
        return mine - max(c.rank for c in cards) / 100
    risk = still_to_play * RISK_PER_PLAYER
    if still_to_play and _pig_out(deal, seat) and led != SPADES:
        risk += 10 * still_to_play
    if led == SPADES and still_to_play and _pig_out(deal, seat) and max(c.rank for c in cards) > PIG.rank:
        risk += -PIG_VALUE  # winning over the queen when it may still be dropped on us
    # winning the trick takes what is on it: cheap wins go low, forced wins go high
    # winning takes what is on the trick: last to play, win high (shed it); else win low
    top = max(c.rank for c in cards) / 100
    return -(on_table + mine) + risk + (top if still_to_play else -top)


def _danger(deal: Deal, seat: int, cards: tuple[Card, ...]) -> float:
    """How much a discard helps: the pig most, then spades over the pig, high hearts, high cards."""
    total = 0.0
    for c in cards:
        if c is PIG:
            total += 200
        elif c.suit == SPADES and c.rank in HIGH_SPADES and _pig_out(deal, seat):
            total += 60 + c.rank
        elif c.suit == HEARTS:
            total += -_value(deal, c) + c.rank
        else:
            total += c.rank - len(deal.hands[seat][c.suit]) * 2  # shorten a short suit
    return total


def _lead_cost(deal: Deal, seat: int, move: Play) -> float:
    cost = 0.0
    pig_out = _pig_out(deal, seat)
    for c in move.cards:
        cost += c.rank
        if c.suit == SPADES:
            if c is PIG or (c.rank in HIGH_SPADES and pig_out):
                cost += 80  # leading these hands the pig its way home
            elif pig_out and c.rank < PIG.rank:
                cost -= 6  # low spades flush the pig out
        elif c.suit == HEARTS:
            cost -= _value(deal, c) / 2
        elif c is SHEEP:
            cost += 40
        elif c.suit in (DIAMONDS, CLUBS) and c is TRANSFORMER:
            cost += 15
    return cost / len(move.cards)
