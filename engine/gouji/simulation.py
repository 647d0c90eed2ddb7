"""Positions for a search: a 够级 hand rebuilt from one seat's view, with the cards
it cannot see dealt afresh among the other seats.

What a seat may know in play: its own hand, every card played, how many cards each seat holds,
and a claimant's hand while it is shown (挑牌). Together the other seats hold the deck less the
cards played and the seat's own: that multiset is public, so a sample depends only on it, on
the counts, and on the random stream, never on who really holds what. (What the seat saw in
private — a tribute it paid or took — is not used: a sample may only know less, never more.)
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Final

from engine.gouji.cards import NRANKS, SEATS, HandCards
from engine.gouji.hand import Hand
from engine.gouji.phase import Phase
from engine.gouji.preplay import TRIBUTE_RANKS
from engine.gouji.sets import can_finish_with_jokers

TRIES: Final = 20  # deals tried for seats bound by a burn before their obligation is relaxed
READ_TRIES: Final = 4  # deals tried for the one that breaks the fewest of what is known
# then swaps of a card between two seats tried, to break fewer (300 measured: docs/bots.md)
REPAIR_STEPS: Final = 60
UNCAPPED: Final = 99
# a decision a seat was seen to take, asked of the cards a sample deals it (now): True if those
# cards would have decided otherwise (engine.gouji.reading)
Check = Callable[[Hand, list[int]], bool]
# decisions every asked seat takes at once, unseen by the others (the blind declaration apart:
# no card is seen then, so there is nothing to search)
ASKED_TOGETHER = frozenset({Phase.REVOLUTION, Phase.RESIST, Phase.DECLARE})


def hidden_counts(hand: Hand, seat: int) -> list[int]:
    """Per rank, the cards the seat cannot place: those of every other seat, a shown hand apart."""
    pool = [0] * NRANKS
    for other in hidden_seats(hand, seat):
        for rank, count in enumerate(hand.cards[other].counts):
            pool[rank] += count
    return pool


class Known:
    """What a reader of the play infers of the other seats' hands now: per seat and
    rank, the most cards it can hold (`caps`), counts of a rank it does not hold exactly
    (`not_exactly`), and decisions it was seen to take, asked again of a sample's cards
    (`checks`). A sample is dealt within the caps; of a few deals the one that breaks fewest of
    the rest is kept, then mended card by card (`_repair`). A reading that no deal meets (a seat
    that does not play as the reader thinks) bends rather than breaks: a card no seat may take
    goes where there is room."""

    def __init__(self) -> None:
        self.caps = [[UNCAPPED] * NRANKS for _ in range(SEATS)]
        self.not_exactly: list[list[tuple[int, int]]] = [[] for _ in range(SEATS)]
        self.checks: list[list[Check]] = [[] for _ in range(SEATS)]
        self.capped = False

    def cap(self, seat: int, rank: int, most: int) -> None:
        if most < self.caps[seat][rank]:
            self.caps[seat][rank] = max(most, 0)
            self.capped = True

    def exclude(self, seat: int, rank: int, count: int) -> None:
        if count >= 0:
            self.not_exactly[seat].append((rank, count))

    def check(self, seat: int, decision: Check) -> None:
        self.checks[seat].append(decision)

    def misses(self, world: Hand, seat: int, most: int = UNCAPPED) -> int:
        """How much of what is known the seat's cards in this sample break (counted no further
        than one past `most`: a caller that only asks whether it is more stops there)."""
        counts = world.cards[seat].counts
        missed = sum(1 for rank, count in self.not_exactly[seat] if counts[rank] == count)
        for broken in self.checks[seat]:  # (dearer than the facts on single ranks: asked last)
            if missed > most:
                break
            missed += broken(world, counts)
        return missed


def determinized(hand: Hand, seat: int, rand: random.Random, known: Known | None = None) -> Hand:
    """A copy of the hand in which the cards the seat cannot see are dealt at random among the
    other seats, each keeping its number of cards (within what is `known` of them, if given).

    A seat bound by a successful burn (§7), or whose burn is on the table, is known to hold a hand
    it can play out with a joker in every set: deals that break this are dealt again, TRIES
    times; after that the seat is freed of its obligation in the sample (a sample must leave every
    seat a legal move)."""
    pool_counts = hidden_counts(hand, seat)
    pool = [rank for rank, count in enumerate(pool_counts) for _ in range(count)]
    seats = hidden_seats(hand, seat)
    sizes = [len(hand.cards[other]) for other in seats]
    burner = None if hand.burn is None else hand.burn[0]  # bound too if its burn stands
    bound = [other for other in seats if hand.obligated[other] or other == burner]
    payer, due, owed = _teammate_tribute(hand, seat)
    world = hand.clone()
    world.keeps_turns = False
    fewest, best = -1, world.cards
    for attempt in range(TRIES):
        if known is not None and known.capped:
            dealt = _deal_capped(pool_counts, [known.caps[other] for other in seats], sizes, rand)
            for other, counts in zip(seats, dealt, strict=True):
                world.cards[other] = cards_of_counts(counts)
        else:
            rand.shuffle(pool)
            start = 0
            for other, size in zip(seats, sizes, strict=True):
                world.cards[other] = _cards_of(pool[start : start + size])
                start += size
        if payer is not None:
            _hold_tribute(world, payer, owed, owed < due, [s for s in seats if s != payer], rand)
        if not all(_can_keep_obligation(world, other) for other in bound):
            continue
        missed = 0 if known is None else sum(known.misses(world, o) for o in seats)
        if fewest < 0 or missed < fewest:
            fewest, best = missed, [cards.copy() for cards in world.cards]
        if missed == 0 or attempt + 1 >= READ_TRIES:
            break
    if fewest >= 0:
        world.cards = best
        if fewest > 0 and known is not None:
            _repair(world, seats, known, bound, rand)
    settle(world, hand, seat)
    return world


def settle(world: Hand, hand: Hand, seat: int) -> None:
    """What the cards dealt to the seats `seat` cannot see decide in the sample `world` of `hand`:
    each seat's own cards, whether it can keep an obligation (or its burn stand), whether the set
    on the table left its player only 3s, and decisions asked of every seat at once."""
    seats = hidden_seats(hand, seat)
    burner = None if hand.burn is None else hand.burn[0]
    for other in seats:
        world.own[other] = list(world.cards[other].counts)
        world.dealt_point_set[other] = True  # whether its dealt hand held a point set is unknown
        world.obligated[other] = hand.obligated[other] and _can_keep_obligation(world, other)
    if hand.smother_risk in seats:  # whether the set on the table left its player only 3s is unseen
        world.smother_risk = hand.smother_risk if world._leaves_final_threes(hand.smother_risk, 0) else None
    world.burn = hand.burn
    if burner in seats and not _can_keep_obligation(world, burner):
        world.burn = None  # (its special tribute is lost to the sample: rare, and only a sample)
    if hand.phase in ASKED_TOGETHER:
        _ask_again(world, seat)


def _teammate_tribute(hand: Hand, seat: int) -> tuple[int | None, int, int]:
    """While the seat chooses 吃 / 不吃 / 反抽: the payer, the cards it owes, and how many of them
    it holds (the choices on offer tell that much, and a short payment is announced): a sample
    gives the payer exactly that many."""
    if hand.phase != Phase.TRIBUTE or hand.to_act != [seat] or not hand.tributes:
        return None, 0, 0
    debt = hand.tributes[0]
    return debt.payer, debt.count, len(hand._tribute_cards(debt))


def _hold_tribute(
    world: Hand, payer: int, owed: int, exact: bool, others: list[int], rand: random.Random
) -> None:
    """Trades cards between the payer and the other hidden seats until it holds the tribute
    cards it pays: at least `owed`, or exactly that many when it pays short (`exact`)."""
    held = world._wild_count(payer)
    while (held < owed or (exact and held > owed)) and others:
        short = held < owed  # then a tribute card comes in for another card, else goes out
        partner = rand.choice(others)
        giver, taker = (partner, payer) if short else (payer, partner)
        wild = [r for r in TRIBUTE_RANKS if world.cards[giver].counts[r]]
        plain = [r for r in range(NRANKS) if r not in TRIBUTE_RANKS and world.cards[taker].counts[r]]
        if not wild or not plain:
            others = [s for s in others if s != partner]
            continue
        world.cards[taker].add(world.cards[giver].take(rand.choice(wild))[0])
        world.cards[giver].add(world.cards[taker].take(rand.choice(plain))[0])
        held += 1 if short else -1


def _ask_again(world: Hand, seat: int) -> None:
    """A decision all asked seats take together: who else is asked, and what they chose, is
    secret. The sample asks afresh every seat its own cards make eligible (the seat among them),
    and they choose in the sample's playout."""
    asked = {
        Phase.REVOLUTION: world._revolution_asked,
        Phase.RESIST: world._resist_asked,
        Phase.DECLARE: world._declaration_asked,
    }[Phase(world.phase)]()
    assert seat in asked, "the seat is asked in every sample, as it is in the hand"
    world.to_act, world.decided = asked, {}


def _can_keep_obligation(hand: Hand, seat: int) -> bool:
    return can_finish_with_jokers(hand.cards[seat].counts, None, hand.low)


def hidden_seats(hand: Hand, seat: int) -> list[int]:
    """The seats whose cards the seat cannot see: every other, a shown hand (挑牌) apart."""
    return [other for other in range(SEATS) if other != seat and other != hand.claimant]


def _deal_capped(
    pool: list[int], caps: list[list[int]], sizes: list[int], rand: random.Random
) -> list[list[int]]:
    """The pool's cards dealt to seats of these sizes, card by card, each to a seat with room
    (more likely the more room it has: without caps, every deal is equally likely) whose cap on
    the rank is not reached; the most capped ranks first, so that they find room."""
    room = list(sizes)
    held = [[0] * NRANKS for _ in sizes]
    seats = len(sizes)
    order = sorted((rank for rank in range(NRANKS) if pool[rank]), key=lambda r: sum(c[r] for c in caps))
    for rank in order:
        for _ in range(pool[rank]):
            total = 0  # the room of the seats that may take the card
            for i in range(seats):
                if held[i][rank] < caps[i][rank]:
                    total += room[i]
            capped = total > 0  # else the reading was wrong about someone: wherever there is room
            if not capped:
                for i in range(seats):
                    total += room[i]
            pick, chosen = below(rand, total), 0
            for i in range(seats):
                if room[i] and (not capped or held[i][rank] < caps[i][rank]):
                    pick -= room[i]
                    if pick < 0:
                        chosen = i
                        break
            held[chosen][rank] += 1
            room[chosen] -= 1
    return held


def _repair(world: Hand, seats: list[int], known: Known, bound: list[int], rand: random.Random) -> None:
    """Brings a deal nearer what is known: a card of a seat that breaks some of it is swapped for
    one of another seat, and the swap kept if the two break no more than before (and keep their
    caps and obligations). Checks of whole decisions (a pass on a pair tells of the ranks above
    it and the 2s together) are met far more often so than by drawing whole deals again."""
    holding = [other for other in seats if len(world.cards[other])]  # (a seat out has no card to swap)
    if len(holding) < 2:
        return
    missed = {other: known.misses(world, other) for other in holding}
    for _ in range(REPAIR_STEPS):
        wrong = [other for other in holding if missed[other]]
        if not wrong:
            return
        a = wrong[below(rand, len(wrong))]
        others = [other for other in holding if other != a]
        b = others[below(rand, len(others))]
        cards_a, cards_b = world.cards[a], world.cards[b]
        give, take = _any_rank(cards_a.counts, rand), _any_rank(cards_b.counts, rand)
        capped = cards_b.counts[give] >= known.caps[b][give] or cards_a.counts[take] >= known.caps[a][take]
        if give == take or capped:
            continue
        cards_a.move_to(cards_b, give)
        cards_b.move_to(cards_a, take)
        most = missed[a] + missed[b]
        kept = all(_can_keep_obligation(world, other) for other in (a, b) if other in bound)
        now_a = known.misses(world, a, most) if kept else most + 1
        now_b = known.misses(world, b, most - now_a) if now_a <= most else 1
        if now_a + now_b <= most:
            missed[a], missed[b] = now_a, now_b
        else:
            cards_b.move_to(cards_a, give)
            cards_a.move_to(cards_b, take)


def _any_rank(counts: list[int], rand: random.Random) -> int:
    """The rank of a card drawn at random from these."""
    total = 0
    for count in counts:
        total += count
    pick = below(rand, total)
    for rank, count in enumerate(counts):
        pick -= count
        if pick < 0:
            return rank
    raise AssertionError("a card is drawn from a hand that holds some")


def below(rand: random.Random, n: int) -> int:
    """`rand.randrange(n)`, the very same draw (CPython's `_randbelow_with_getrandbits`, which
    `randrange` and `choice` use), without the interpreted frames around it: a sample draws a
    few hundred times."""
    if n <= 0:
        raise ValueError("nothing to draw from")
    bits = n.bit_length()
    drawn = rand.getrandbits(bits)
    while drawn >= n:
        drawn = rand.getrandbits(bits)
    return drawn


def _cards_of(ranks: list[int]) -> HandCards:
    counts = [0] * NRANKS
    for rank in ranks:
        counts[rank] += 1
    return cards_of_counts(counts)


def cards_of_counts(counts: list[int]) -> HandCards:
    """A seat's cards from rank counts alone (suits are only for pictures: none here)."""
    cards = HandCards([])
    for rank, count in enumerate(counts):
        cards.counts[rank] = count
        cards.suits[rank].extend([None] * count)
    return cards
