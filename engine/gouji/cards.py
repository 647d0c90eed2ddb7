"""够级 cards: ranks, the decks (216 cards, or 后水湾's 288) and the rank-token notation.

The rules only ever look at ranks, so a hand is a list of 15 counts indexed by rank. Suits are
kept beside it (per rank, a stack of suits) only so pictures show real-looking cards.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from typing import Final

from engine.errors import IllegalMove
from engine.fields import frozen_reduce
from engine.move import checked_notation, quoted

RANKS: tuple[str, ...] = ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2", "SJ", "BJ")
# Final: the compiled rules read them as constants, not as module lookups
THREE: Final = 0
FOUR: Final = 1
TEN: Final = 7
JACK: Final = 8
QUEEN: Final = 9
KING: Final = 10
ACE: Final = 11
TWO: Final = 12
SMALL_JOKER: Final = 13
BIG_JOKER: Final = 14
NATURALS = range(FOUR, ACE + 1)  # ranks that can be the base of an ordinary set
WILDCARDS = (TWO, SMALL_JOKER, BIG_JOKER)  # 配牌: attached to a set of any natural rank (§3)
NRANKS: Final = 15  # len(RANKS)
SUITS: tuple[str, ...] = ("S", "H", "D", "C")
SEATS: Final = 6


@dataclass(frozen=True, slots=True)
class Deck:
    """What a table plays with (option `deck`): how many cards of each rank, and a seat's share."""

    name: str
    copies: tuple[int, ...]  # of each rank, indexed like RANKS
    hand_size: int

    def __reduce__(self) -> tuple[object, ...]:
        return frozen_reduce(self)

    @property
    def total(self) -> int:
        return sum(self.copies)


FOUR_DECKS = Deck("four_decks", (16,) * (TWO + 1) + (4, 4), 36)  # §2: 216 cards
# 后水湾 (docs/rules/gouji-variants.md B.1): six decks keeping only six 3s and six 4s, 288 cards, 48 a seat.
SIX_DECKS = Deck("six_decks", (6, 6) + (24,) * (TWO - 1) + (6, 6), 48)
DECKS: dict[str, Deck] = {deck.name: deck for deck in (FOUR_DECKS, SIX_DECKS)}
# The most of each rank any deck holds: what notation may name at all.
COPIES: tuple[int, ...] = tuple(max(d.copies[r] for d in DECKS.values()) for r in range(len(RANKS)))

_ALIASES: dict[str, int] = {tok: i for i, tok in enumerate(RANKS)}
_ALIASES.update({"T": TEN, "小王": SMALL_JOKER, "大王": BIG_JOKER, "小": SMALL_JOKER, "大": BIG_JOKER})
_REPEAT = re.compile(r"^(.+?)[x×*](\d{1,3})$")  # `9x3`: no deck holds a thousand of a rank


@dataclass(frozen=True, slots=True)
class Card:
    """One physical card. `str(card)` is its rank token; the suit is for pictures only."""

    rank: int
    suit: str | None  # None for jokers

    def __reduce__(self) -> tuple[object, ...]:
        return frozen_reduce(self)

    def __str__(self) -> str:
        return RANKS[self.rank]


def rank_of(token: str) -> int:
    rank = _ALIASES.get(token.upper()) if token.isascii() else _ALIASES.get(token)
    if rank is None:
        raise IllegalMove("unknown_move", text=quoted(token))
    return rank


def parse_counts(text: str) -> list[int]:
    """`"9 9 9 2 2"`, `"9x3+2x2"` or `"4 4 大王"` → 15 rank counts; never more of a rank than
    the decks hold (so `9x999` is refused, not built)."""
    counts = [0] * NRANKS
    for part in re.split(r"[\s,+，]+", checked_notation(text).strip()):
        if not part:
            continue
        match = _REPEAT.match(part)
        token, times = (match.group(1), int(match.group(2))) if match else (part, 1)
        rank = rank_of(token)
        counts[rank] += times
        if counts[rank] > COPIES[rank]:
            raise IllegalMove("too_many", rank=RANKS[rank], count=COPIES[rank])
    return counts


def cards_but_threes(counts: list[int]) -> int:
    """How many cards a hand of these counts holds besides its 3s: what it must still play before
    its 3s may go (憋3), so 0 means it has gone out or been smothered."""
    total = 0
    for count in counts:  # (compiled, a loop of native ints: `sum` boxes each)
        total += count
    return total - counts[THREE]


def counts_text(counts: list[int]) -> str:
    """Canonical notation: naturals low to high, then 2s, then SJ, then BJ."""
    return " ".join(RANKS[r] for r in range(NRANKS) for _ in range(counts[r]))


def _full_deck(deck: Deck) -> tuple[Card, ...]:
    return tuple(
        Card(r, None if r >= SMALL_JOKER else SUITS[i * len(SUITS) // deck.copies[r]])
        for r in range(NRANKS)
        for i in range(deck.copies[r])
    )


_CARDS = {name: _full_deck(deck) for name, deck in DECKS.items()}  # cards are immutable: shared


def shuffled_deck(rand: random.Random, deck: Deck = FOUR_DECKS) -> list[Card]:
    cards = list(_CARDS[deck.name])
    rand.shuffle(cards)
    return cards


class HandCards:
    """One seat's cards: rank counts for the rules, suit stacks for the pictures."""

    def __init__(self, cards: list[Card]) -> None:
        self.counts = [0] * NRANKS
        self.suits: list[list[str | None]] = [[] for _ in range(NRANKS)]
        for card in cards:
            self.add(card)

    @classmethod
    def from_text(cls, text: str) -> HandCards:
        counts = parse_counts(text)
        # Positions built by tests get suits in a fixed rotation so pictures still vary.
        return cls(
            [
                Card(r, None if r >= SMALL_JOKER else SUITS[i % 4])
                for r in range(NRANKS)
                for i in range(counts[r])
            ]
        )

    def copy(self) -> HandCards:
        twin = HandCards([])
        twin.counts, twin.suits = list(self.counts), [list(stack) for stack in self.suits]
        return twin

    def __reduce__(self) -> tuple[object, ...]:  # compiled, it has no __dict__ for pickle to copy
        return HandCards, (self.cards(),)

    def add(self, card: Card) -> None:
        self.counts[card.rank] += 1
        self.suits[card.rank].append(card.suit)

    def take(self, rank: int, count: int = 1) -> list[Card]:
        """Removes `count` cards of `rank` (the caller has checked they are there)."""
        self.counts[rank] -= count
        stack = self.suits[rank]
        taken = stack[len(stack) - count :]
        del stack[len(stack) - count :]
        return [Card(rank, s) for s in taken]

    def move_to(self, other: HandCards, rank: int) -> None:
        """Moves one card of `rank` (the caller has checked there is one) to `other`'s cards: as
        `other.add(self.take(rank)[0])`, without building the card."""
        self.counts[rank] -= 1
        other.counts[rank] += 1
        other.suits[rank].append(self.suits[rank].pop())

    def drop(self, rank: int, count: int) -> None:
        """Removes cards that leave the game (played); like `take` without building them."""
        self.counts[rank] -= count
        del self.suits[rank][len(self.suits[rank]) - count :]

    def cards(self) -> list[Card]:
        return [Card(r, s) for r in range(NRANKS) for s in self.suits[r]]

    def __len__(self) -> int:
        return sum(self.counts)

    def __str__(self) -> str:
        return counts_text(self.counts)
