"""The 拱猪 playout kernel: the play of a one-deck deal in machine integers, for the
searching bot, which copies a position and plays it out thousands of times a decision.

A hand is a 52-bit mask (bit `Card.index`: suit-major, rank 2 lowest), so a legal play is a mask
operation and a copy is four integers. The kernel plays by exactly the rules of `Deal` for one
deck — held-back exposed cards (§3), following suit, ♣2's first lead, `expose_discard`,
`colour_discard`, 自得 and every scoring option (the score is the engine's own `score_deal`) —
and its `heuristic_play` is the heuristic bot's play (`engine.gongzhu.bot`), card for card:
tests/gongzhu/test_kernel.py plays random positions of every one-deck option family through
both. `Deal` stays the one referee; two decks (pairs) are played out by `Deal` itself.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Final

from engine.gongzhu.bot import HIGH_SPADES, RISK_PER_PLAYER, card_value
from engine.gongzhu.cards import DECK, HEARTS, PIG, RED, SEATS, SHEEP, SPADES, TRANSFORMER, Card
from engine.gongzhu.deal import Deal
from engine.gongzhu.rules import Rules
from engine.gongzhu.scoring import HEART_VALUES, PIG_VALUE, SHEEP_VALUE, DealScore, score_deal

SUIT_MASK: Final = 0x1FFF  # a suit's 13 bits, shifted by 13 × suit
ALL_CARDS: Final = (1 << 52) - 1
HEART_CARDS: Final = SUIT_MASK << 13 * HEARTS
RED_CARDS: Final = (SUIT_MASK << 13) | (SUIT_MASK << 26)  # ♥ ♦
BLACK_CARDS: Final = ALL_CARDS ^ RED_CARDS
PIG_BIT: Final = 1 << PIG.index
SHEEP_BIT: Final = 1 << SHEEP.index
TRANSFORMER_BIT: Final = 1 << TRANSFORMER.index
CLUB_TWO_BIT: Final = 1 << 39
SCORING_CARDS: Final = HEART_CARDS | PIG_BIT | SHEEP_BIT | TRANSFORMER_BIT


# per heart_values, each card's worth to whoever takes it, as the heuristic counts it
VALUES: Final = {name: [card_value(name, c) for c in DECK] for name in HEART_VALUES}


class Kernel:
    """A one-deck deal in play. Built from a `Deal` (`from_deal`: a search's sampled world)."""

    __slots__ = (
        "club_two",
        "colour_discard",
        "exposed_copies",
        "forbid_held_discard",
        "forfeited",
        "hands",
        "held",
        "in_hands",
        "opened",
        "pig_sheep_seats",
        "played_by",
        "rules",
        "taken",
        "trick_cards",
        "trick_seats",
        "turn",
        "values",
    )  # fmt: skip
    hands: list[int]  # per seat, its cards
    held: list[int]  # per seat, its exposed cards held back until their suit is led (§3)
    taken: list[int]  # per seat, the scoring cards it has taken
    played_by: list[int]  # per card, the seat that played it (自得)
    trick_seats: list[int]
    trick_cards: list[int]
    opened: int  # a bit per suit whose first trick is complete
    turn: int
    club_two: bool  # the first lead must be ♣2
    in_hands: int  # every card still in a hand

    def __init__(self, rules: Rules, twin: Kernel | None = None) -> None:
        """An empty table under these rules; with `twin`, a copy of that position to play on."""
        self.rules = rules
        self.values: list[int] = VALUES[rules.heart_values]
        self.forbid_held_discard = rules.expose_discard == "forbid"
        self.colour_discard = rules.colour_discard
        self.exposed_copies: dict[Card, int] = {} if twin is None else twin.exposed_copies
        self.forfeited: list[int] = [] if twin is None else twin.forfeited
        self.pig_sheep_seats: tuple[int, ...] = () if twin is None else twin.pig_sheep_seats
        if twin is not None:
            self.hands, self.held, self.taken = list(twin.hands), list(twin.held), list(twin.taken)
            self.opened, self.turn, self.club_two = twin.opened, twin.turn, twin.club_two
            self.trick_seats, self.trick_cards = list(twin.trick_seats), list(twin.trick_cards)
            self.played_by, self.in_hands = list(twin.played_by), twin.in_hands
            return
        self.hands, self.held, self.taken = [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]
        self.opened, self.turn, self.club_two = 0, 0, False
        self.trick_seats, self.trick_cards = [], []
        self.played_by, self.in_hands = [0] * 52, 0

    @staticmethod
    def from_deal(deal: Deal) -> Kernel:
        """The deal's play as a kernel: a one-deck deal in its play phase."""
        assert deal.rules.decks == 1 and deal.phase == "play", "the kernel plays one deck's tricks"
        kernel = Kernel(deal.rules)
        for seat in range(SEATS):
            kernel.hands[seat] = _mask(deal.hands[seat])
            kernel.held[seat] = _mask([deal.held[seat].get(suit, []) for suit in range(4)])
            for c, by in deal.taken[seat]:
                kernel.taken[seat] |= 1 << c.index
                kernel.played_by[c.index] = by
        kernel.opened = sum(1 << suit for suit in range(4) if deal.suit_opened[suit])
        kernel.turn, kernel.club_two = deal.turn, deal.must_lead_club_two
        for seat, move in deal.trick:
            kernel.trick_seats.append(seat)
            kernel.trick_cards.append(move.cards[0].index)
            kernel.played_by[move.cards[0].index] = seat
        kernel.in_hands = kernel.hands[0] | kernel.hands[1] | kernel.hands[2] | kernel.hands[3]
        kernel.exposed_copies = deal.exposed_copies
        kernel.forfeited, kernel.pig_sheep_seats = deal.forfeited, deal.pig_sheep_seats
        return kernel

    def copy(self) -> Kernel:
        return Kernel(self.rules, self)

    # -- the rules ------------------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        """Nothing can change the score any more: the hands are empty, or no scoring card is left
        in them between tricks (where the engine's auto_claim ends the deal)."""
        return not self.trick_cards and not self.in_hands & SCORING_CARDS

    def legal(self) -> int:
        """The legal plays of the seat to play, as a mask of cards (Deal._plays for one deck)."""
        seat = self.turn
        hand, held = self.hands[seat], self.held[seat]
        if not self.trick_cards:
            if self.club_two:
                return CLUB_TWO_BIT
            return (hand & ~held) or hand if held else hand
        led = self.trick_cards[0] // 13
        suited = hand & (SUIT_MASK << 13 * led)
        if suited:  # only held-back cards of the suit: then they may go
            return (suited & ~held) or suited if held else suited
        cards = hand
        if held and self.forbid_held_discard:
            cards = (hand & ~held) or hand
        if self.colour_discard:
            right = cards & (RED_CARDS if RED[led] else BLACK_CARDS)
            return right or cards
        return cards

    def play(self, index: int) -> None:
        """Puts a legal card (its index) on the trick, and completes the trick if it is full."""
        seat, bit = self.turn, 1 << index
        self.hands[seat] ^= bit
        self.held[seat] &= ~bit
        self.in_hands ^= bit
        self.played_by[index] = seat
        self.trick_seats.append(seat)
        self.trick_cards.append(index)
        if len(self.trick_cards) < SEATS:
            self.turn = (seat + 1) & 3
        else:
            self._complete_trick()

    def _complete_trick(self) -> None:
        cards, seats = self.trick_cards, self.trick_seats
        led = cards[0] // 13
        winner, best = 0, cards[0]
        for i in range(1, SEATS):
            if cards[i] // 13 == led and cards[i] > best:
                winner, best = i, cards[i]
        taker = winner
        if self.colour_discard:  # the first discarder of the wrong colour takes it (§7)
            for i in range(1, SEATS):
                if RED[cards[i] // 13] != RED[led]:
                    taker = i
                    break
        scoring = 0
        for index in cards:
            scoring |= 1 << index
        self.taken[seats[taker]] |= scoring & SCORING_CARDS
        if not self.opened >> led & 1:  # the first trick led in the suit frees its exposed cards
            self.opened |= 1 << led
            free = ~(SUIT_MASK << 13 * led)
            for s in range(SEATS):
                self.held[s] &= free
        self.turn = seats[winner]
        self.club_two = False
        self.trick_cards, self.trick_seats = [], []

    def scores(self) -> tuple[int, ...]:
        """The deal's scores, by the engine's own scoring; 猪羊变色 chosen as its taker would."""
        taken = [[(DECK[i], self.played_by[i]) for i in _indices(self.taken[s])] for s in range(SEATS)]
        result = self._scored(taken, None)
        taker = result.all_hearts
        if self.rules.pig_sheep_swap != "chosen" or taker is None or result.grand_slam:
            return result.scores
        keep, swap = self._scored(taken, False), self._scored(taken, True)
        return swap.scores if swap.scores[taker] > keep.scores[taker] else keep.scores

    def _scored(self, taken: list[list[tuple[Card, int]]], swap: bool | None) -> DealScore:
        return score_deal(self.rules, taken, self.exposed_copies, self.forfeited, swap, self.pig_sheep_seats)

    # -- the heuristic bot's play, card for card (engine.gongzhu.bot) -----------------------------

    def pig_out(self, seat: int) -> bool:
        """The pig is still in someone else's hand (one deck)."""
        return bool(self.in_hands & PIG_BIT) and not self.hands[seat] & PIG_BIT

    def heuristic_play(self) -> int:
        """The card the heuristic bot plays: the cheapest by bot._cost, the first on a tie, in
        the engine's order of legal plays (suit by suit, high rank first)."""
        legal = self.legal()
        if not legal & (legal - 1):
            return legal.bit_length() - 1
        seat = self.turn
        pig_out = self.pig_out(seat)
        led, high, on_table = self._trick_so_far()
        best, best_cost = -1, 0.0
        for index in engine_order(legal):
            if not self.trick_cards:
                cost = self._lead_cost(index, pig_out)
            else:
                cost = self._follow_cost(seat, index, led, high, on_table, pig_out)
            if best < 0 or cost < best_cost:
                best, best_cost = index, cost
        return best

    def cost(self, index: int) -> float:
        """What the heuristic bot counts playing this card costs the seat to play (bot._cost)."""
        pig_out = self.pig_out(self.turn)
        if not self.trick_cards:
            return self._lead_cost(index, pig_out)
        led, high, on_table = self._trick_so_far()
        return self._follow_cost(self.turn, index, led, high, on_table, pig_out)

    def _trick_so_far(self) -> tuple[int, int, int]:
        """The suit led, the highest rank of it played, and what the cards on the trick are worth."""
        if not self.trick_cards:
            return 0, 0, 0
        led = self.trick_cards[0] // 13
        high, on_table = 0, 0
        for index in self.trick_cards:
            on_table += self.values[index]
            if index // 13 == led and index % 13 > high:
                high = index % 13
        return led, high + 2, on_table

    def _lead_cost(self, index: int, pig_out: bool) -> float:
        suit, rank = index // 13, index % 13 + 2
        cost = 0.0
        cost += rank
        if suit == SPADES:
            if index == PIG.index or (rank in HIGH_SPADES and pig_out):
                cost += 80  # leading these hands the pig its way home
            elif pig_out and rank < PIG.rank:
                cost -= 6  # low spades flush the pig out
        elif suit == HEARTS:
            cost -= self.values[index] / 2
        elif index == SHEEP.index:
            cost += 40
        elif index == TRANSFORMER.index:
            cost += 15
        return cost / 1

    def _follow_cost(self, seat: int, index: int, led: int, high: int, on_table: int, pig_out: bool) -> float:
        suit, rank = index // 13, index % 13 + 2
        mine = self.values[index]
        still_to_play = SEATS - 1 - len(self.trick_cards)
        if suit != led:  # a discard: rid the hand of its worst card
            return -self._danger(seat, index, pig_out) + (SHEEP_VALUE * 2 if index == SHEEP.index else 0)
        if rank <= high:  # ducking: a card dumped under someone else's win is a gift to them
            return mine - rank / 100
        risk = still_to_play * RISK_PER_PLAYER
        if still_to_play and pig_out and led != SPADES:
            risk += 10 * still_to_play
        if led == SPADES and still_to_play and pig_out and rank > PIG.rank:
            risk += -PIG_VALUE  # winning over the queen when it may still be dropped on us
        top = rank / 100
        return -(on_table + mine) + risk + (top if still_to_play else -top)

    def _danger(self, seat: int, index: int, pig_out: bool) -> float:
        suit, rank = index // 13, index % 13 + 2
        total = 0.0
        if index == PIG.index:
            total += 200
        elif suit == SPADES and rank in HIGH_SPADES and pig_out:
            total += 60 + rank
        elif suit == HEARTS:
            total += -self.values[index] + rank
        else:
            total += rank - (self.hands[seat] >> 13 * suit & SUIT_MASK).bit_count() * 2
        return total

    # -- racing for the hearts (engine.gongzhu.search's run_play and block_play) ------------------

    def heart_takers(self) -> int:
        """A bit per seat that has taken a heart."""
        return sum(1 << s for s in range(SEATS) if self.taken[s] & HEART_CARDS)

    def racing_play(self, seat: int) -> int:
        """The racing seat's card (search.playout): it runs for 全红 while no other seat has a
        heart, blocks another's run while that seat alone has hearts; -1: play as the heuristic."""
        takers = self.heart_takers()
        if not takers & ~(1 << seat):
            return self._run_play()
        if takers & (takers - 1) == 0 and takers != 1 << seat:
            return self._block_play()
        return -1

    def _run_play(self) -> int:
        legal = self.legal()
        if not self.trick_cards:  # lead the highest card, a heart on a tie
            return _first_best(legal, lambda index: 2 * (index % 13) + (index // 13 == HEARTS))
        led = self.trick_cards[0] // 13
        following = legal & (SUIT_MASK << 13 * led)
        if not following:  # a discard: the lowest card that is not a heart
            return _first_best(legal, lambda index: -(index % 13) - 100 * (index // 13 == HEARTS))
        winning = self._winning(following, led)
        return winning if winning >= 0 else _lowest(following)

    def _block_play(self) -> int:
        if not self.trick_cards or not any(index // 13 == HEARTS for index in self.trick_cards):
            return -1
        led = self.trick_cards[0] // 13
        return self._winning(self.legal() & (SUIT_MASK << 13 * led), led)

    def _winning(self, following: int, led: int) -> int:
        """The highest following card if it wins the trick so far, else -1 (search._winning)."""
        if not following:
            return -1
        highest = following.bit_length() - 1
        top = max(index for index in self.trick_cards if index // 13 == led)
        return highest if highest > top else -1

    # -- playing out -----------------------------------------------------------------------------

    def playout(self, racing: int = -1) -> tuple[int, ...]:
        """Plays the deal out as the heuristic bot would in every seat (search.playout); its
        scores. The seat `racing` races for the hearts."""
        while not self.is_over:
            chosen = self.racing_play(self.turn) if self.turn == racing else -1
            self.play(chosen if chosen >= 0 else self.heuristic_play())
        return self.scores()

    def random_playout(self, rand: random.Random) -> tuple[int, ...]:
        """Plays the deal out with a uniformly random legal card at every turn; its scores."""
        pick = rand.random
        while not self.is_over:
            legal = self.legal()
            self.play(_nth_bit(legal, int(pick() * legal.bit_count())))
        return self.scores()


def _mask(suits: list[list[int]]) -> int:
    mask = 0
    for suit, ranks in enumerate(suits):
        for rank in ranks:
            mask |= 1 << 13 * suit + rank - 2
    return mask


def _indices(mask: int) -> list[int]:
    found: list[int] = []
    while mask:
        low = mask & -mask
        found.append(low.bit_length() - 1)
        mask ^= low
    return found


def _nth_bit(mask: int, n: int) -> int:
    """The index of the mask's n-th set bit, counting from the lowest."""
    for _ in range(n):
        mask &= mask - 1
    return (mask & -mask).bit_length() - 1


def _lowest(cards: int) -> int:
    return (cards & -cards).bit_length() - 1


def engine_order(cards: int) -> list[int]:
    """The cards' indices in the engine's order of legal plays: suit by suit, high rank first."""
    out: list[int] = []
    for suit in range(4):
        row = cards >> 13 * suit & SUIT_MASK
        while row:
            rank_bit = row.bit_length() - 1
            row ^= 1 << rank_bit
            out.append(13 * suit + rank_bit)
    return out


def _first_best(cards: int, key: Callable[[int], int]) -> int:
    """The first card, in the engine's order, with the highest key: what `max(plays, key=…)`
    picks."""
    best, best_key = -1, 0
    for index in engine_order(cards):
        value = key(index)
        if best < 0 or value > best_key:
            best, best_key = index, value
    return best
