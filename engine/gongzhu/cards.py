"""拱猪 cards: 52 (or 104) suited cards, their notation, and the 16 scoring cards (§1–§2).

A card is one of 52 interned `Card` objects, so identity is equality and the hot path compares
nothing but pointers. Two decks simply hold each card twice.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Final

from engine.errors import IllegalMove
from engine.move import quoted

SEATS: Final = 4
SUITS: tuple[str, ...] = ("S", "H", "D", "C")
# Final: the compiled rules read them as constants, not as module lookups
SPADES: Final = 0
HEARTS: Final = 1
DIAMONDS: Final = 2
CLUBS: Final = 3
RED = (False, True, True, False)  # per suit, for colour_discard
RANK_NAMES = {11: "J", 12: "Q", 13: "K", 14: "A"}
RANKS = range(2, 15)  # 2..10, J=11, Q=12, K=13, A=14
CARDS_PER_DECK: Final = 52

_SUIT_ALIASES = {"S": 0, "H": 1, "D": 2, "C": 3, "♠": 0, "♥": 1, "♦": 2, "♣": 3}
_SUIT_ALIASES.update({"♤": 0, "♡": 1, "♢": 2, "♧": 3, "黑桃": 0, "红桃": 1, "方片": 2, "梅花": 3})
_RANK_ALIASES = {str(r): r for r in range(2, 11)} | {"T": 10, "J": 11, "Q": 12, "K": 13, "A": 14}


@dataclass(frozen=True, slots=True, eq=False)
class Card:
    """`str(card)` is its notation: suit letter and rank, `SQ`, `H10`, `C2`."""

    suit: int
    rank: int
    index: int  # 0..51, suit-major
    text: str
    scoring: bool  # one of the 16 scoring cards (分牌)

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Card({self.text})"

    def __hash__(self) -> int:  # compiled, an eq=False dataclass has none; one object per card
        return self.index

    def __lt__(self, other: Card) -> bool:  # sorted(hand): by suit, high rank first
        return (self.suit, -self.rank) < (other.suit, -other.rank)

    def __reduce__(self) -> tuple[object, ...]:  # a copy in another process is the one card
        return card, (self.suit, self.rank)


def _is_scoring(suit: int, rank: int) -> bool:
    return suit == HEARTS or (suit, rank) in ((SPADES, 12), (DIAMONDS, 11), (CLUBS, 10))


DECK: tuple[Card, ...] = tuple(
    Card(
        suit,
        rank,
        suit * 13 + rank - 2,
        SUITS[suit] + RANK_NAMES.get(rank, str(rank)),
        _is_scoring(suit, rank),
    )
    for suit in range(4)
    for rank in RANKS
)
BY_TEXT: dict[str, Card] = {c.text: c for c in DECK}


def card(suit: int, rank: int) -> Card:
    return DECK[suit * 13 + rank - 2]


PIG, SHEEP, TRANSFORMER, HEART_ACE = card(SPADES, 12), card(DIAMONDS, 11), card(CLUBS, 10), card(HEARTS, 14)
CLUB_TWO = card(CLUBS, 2)
EXPOSABLE: tuple[Card, ...] = (PIG, SHEEP, TRANSFORMER, HEART_ACE)  # §3, in notation order


def parse_card(token: str) -> Card:
    """`SQ`, `sq`, `♠Q`, `H10`, `红桃A` → the card; IllegalMove for anything else."""
    text = token.strip()
    found = BY_TEXT.get(text.upper())
    if found is not None:
        return found
    for alias, suit in _SUIT_ALIASES.items():
        if text.startswith(alias):
            rank = _RANK_ALIASES.get(text[len(alias) :].upper())
            if rank is not None:
                return card(suit, rank)
    raise IllegalMove("unknown_card", text=quoted(token))


def parse_cards(text: str) -> list[Card]:
    return [parse_card(t) for t in text.replace(",", " ").split()]


def cards_text(cards: list[Card] | tuple[Card, ...]) -> str:
    return " ".join(c.text for c in sorted(cards))


def shuffled_deck(rand: random.Random, decks: int = 1) -> list[Card]:
    """A uniform shuffle: sorting by random keys is twice as fast here as `Random.shuffle`."""
    key = rand.random
    return sorted(DECK * decks, key=lambda _: key())
