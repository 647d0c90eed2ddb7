"""拱猪 players for the yardstick, none of them the review's judge.

- `random`: any legal move.
- `rules`: a rule-based player written from the strategy advice published for Hearts and its
  Chinese cousin (Pagat's Hearts and Gong Zhu pages; the common "duck, void, dump" advice): it
  never exposes; it leads the lowest card of its shortest suit that is not hearts, never a spade
  above the pig while the pig is out; following, it plays the highest card that does not win,
  and wins with its highest when it cannot duck (keeping ♠A ♠K off a spade trick the pig may
  still fall on); void, it discards the pig, then ♠A ♠K while the pig is out, then its highest
  heart, then the highest card of its shortest suit.
- `sampler`: a sampling search with other settings than ours: 24 deals sampled a decision,
  every play tried and played out with uniformly random legal cards (no heuristic, no race).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from engine.gongzhu.cards import HEARTS, PIG, SPADES, Card
from engine.gongzhu.deal import Deal
from engine.gongzhu.kernel import Kernel
from engine.gongzhu.moves import PASS, REJECT, Move, Play
from engine.gongzhu.simulation import determinized

Policy = Callable[[Any, int, random.Random], Any]
SAMPLER_DEALS = 24


def random_player(deal: Deal, seat: int, rand: random.Random) -> Move:
    return rand.choice(deal.legal_moves(seat))


def rules_player(deal: Deal, seat: int, rand: random.Random) -> Move:
    moves = deal.legal_moves(seat)
    if len(moves) == 1:
        return moves[0]
    if deal.phase == "expose":
        return PASS if PASS in moves else moves[0]
    if deal.phase == "claim":
        return REJECT
    if deal.phase != "play":
        return deal.default_move(seat)
    plays = [m for m in moves if isinstance(m, Play)]
    cards = {m.cards[0]: m for m in plays}
    pig_out = _pig_out(deal, seat)
    if not deal.trick:
        return cards[_lead(deal, seat, list(cards), pig_out)]
    led = deal.trick[0][1].cards[0].suit
    following = [c for c in cards if c.suit == led]
    if following:
        return cards[_follow(deal, following, led, pig_out)]
    return cards[_discard(deal, seat, list(cards), pig_out)]


def _pig_out(deal: Deal, seat: int) -> bool:
    """The pig is unplayed and not in this hand."""
    played = any(PIG in m.cards for _, m in deal.trick) or any(
        c == PIG for taken in deal.taken for c, _ in taken
    )
    return not played and PIG.rank not in deal.hands[seat][SPADES]


def _length(deal: Deal, seat: int, suit: int) -> int:
    return len(deal.hands[seat][suit])


def _lead(deal: Deal, seat: int, cards: list[Card], pig_out: bool) -> Card:
    safe = [
        c for c in cards if c.suit != HEARTS and not (c.suit == SPADES and pig_out and c.rank >= PIG.rank)
    ]
    if PIG in safe:
        safe.remove(PIG)
    pool = safe or cards
    return min(pool, key=lambda c: (_length(deal, seat, c.suit), c.rank))


def _follow(deal: Deal, following: list[Card], led: int, pig_out: bool) -> Card:
    high = max(c.rank for _, m in deal.trick for c in m.cards if c.suit == led)
    under = [c for c in following if c.rank < high]
    if under:
        return max(under, key=lambda c: c.rank)
    last = len(deal.trick) == 3
    if led == SPADES and pig_out and not last:
        below_pig = [c for c in following if c.rank < PIG.rank]
        if below_pig:
            return max(below_pig, key=lambda c: c.rank)
    return max(following, key=lambda c: c.rank)


def _discard(deal: Deal, seat: int, cards: list[Card], pig_out: bool) -> Card:
    if PIG in cards:
        return PIG
    high_spades = [c for c in cards if c.suit == SPADES and c.rank > PIG.rank and pig_out]
    if high_spades:
        return max(high_spades, key=lambda c: c.rank)
    hearts = [c for c in cards if c.suit == HEARTS]
    if hearts:
        return max(hearts, key=lambda c: c.rank)
    return max(cards, key=lambda c: (-_length(deal, seat, c.suit), c.rank))


def sampler_player(deal: Deal, seat: int, rand: random.Random) -> Move:
    moves = deal.legal_moves(seat)
    if deal.phase != "play" or deal.turn != seat or len(moves) == 1 or deal.rules.decks != 1:
        return rules_player(deal, seat, rand)
    plays = [m for m in moves if isinstance(m, Play)]
    totals = [0] * len(plays)
    for _ in range(SAMPLER_DEALS):
        start = Kernel.from_deal(determinized(deal, seat, rand))
        for i, move in enumerate(plays):
            line = start.copy()
            line.play(move.cards[0].index)
            totals[i] += line.random_playout(rand)[seat]
    return plays[max(range(len(plays)), key=totals.__getitem__)]
