"""拱猪 moves and their notation.

- a play: one card `SQ`, or two cards `SQ SQ` (a pair, two decks) / `H5 D3` (following a pair);
- `expose SQ DJ` / `pass` in the exposure phase (明牌);
- `claim` (声称: every remaining scoring card is mine) or `claim SQ=2 HA=1` (those cards go to
  those seats, the rest to the claimer); `accept` / `reject` answer a claim.

Plays are interned (one object per card combination), so legality is an identity test.
"""

from __future__ import annotations

from engine.errors import IllegalMove
from engine.gongzhu.cards import DECK, SEATS, Card, parse_card, parse_cards
from engine.move import Move as Move  # re-exported: the game's moves in one namespace
from engine.move import checked_notation, quoted


class Play(Move):
    """One or two cards put on the trick. `suit` is the first card's; `is_pair` two identical.
    Interned by `play()`: one object per combination, so equality is identity."""

    def __init__(self, cards: tuple[Card, ...]) -> None:
        ordered = tuple(sorted(cards))
        super().__init__(" ".join(c.text for c in ordered))
        self.cards = ordered
        self.suit = ordered[0].suit
        self.is_pair = len(ordered) == 2 and ordered[0] is ordered[1]
        self.high = ordered[0].rank
        self.low = ordered[-1].rank

    def __reduce__(self) -> tuple[object, ...]:  # plays are interned: `is` compares them
        return play, self.cards


class Decision(Move):
    """A choice that is not a play: `pass`, `expose …`, `claim …`, `accept`, `reject`."""

    def __init__(
        self, name: str, cards: tuple[Card, ...] = (), assignment: tuple[tuple[Card, int], ...] = ()
    ) -> None:
        self.name, self.cards, self.assignment = name, tuple(sorted(cards)), assignment
        words = [name, *(c.text for c in self.cards), *(f"{c.text}={s}" for c, s in assignment)]
        super().__init__(" ".join(words))

    def __eq__(self, other: object) -> bool:
        return self is other or (isinstance(other, Decision) and other.text == self.text)

    def __hash__(self) -> int:
        return hash(self.text)

    def __reduce__(self) -> tuple[object, ...]:  # compiled, it has no __dict__ for pickle to copy
        return Decision, (self.name, self.cards, self.assignment)


_PLAYS: dict[tuple[int, ...], Play] = {}


def play(*cards: Card) -> Play:
    """The interned play of these cards (in any order)."""
    key = tuple(sorted(c.index for c in cards))
    found = _PLAYS.get(key)
    if found is None:
        found = _PLAYS[key] = Play(cards)
    return found


# SINGLES[suit][rank]: the interned one-card plays, for the hot path
SINGLES: tuple[tuple[Play, ...], ...] = tuple(
    tuple(play(DECK[suit * 13 + max(rank, 2) - 2]) for rank in range(15)) for suit in range(4)
)

PASS = Decision("pass")
ACCEPT = Decision("accept")
REJECT = Decision("reject")
CLAIM_ALL = Decision("claim")
SWAP = Decision("swap")  # 猪羊变色, chosen by the 全红 taker (§5)
KEEP = Decision("keep")

WORDS = {  # the words a typed decision may start with, in any case
    "pass": "pass", "过": "pass", "不明": "pass", "no": "pass", "不要": "pass", "不亮": "pass",
    "expose": "expose", "明": "expose", "亮": "expose", "明牌": "expose",
    "claim": "claim", "声称": "claim",
    "accept": "accept", "承认": "accept", "同意": "accept",
    "reject": "reject", "反对": "reject", "不同意": "reject",
    "swap": "swap", "变色": "swap", "keep": "keep", "不变": "keep",
}  # fmt: skip


def expose(cards: list[Card] | tuple[Card, ...]) -> Decision:
    return Decision("expose", tuple(cards))


def claim(assignment: dict[Card, int] | list[tuple[Card, int]]) -> Decision:
    pairs = assignment.items() if isinstance(assignment, dict) else assignment
    return Decision("claim", (), tuple(sorted(pairs, key=lambda p: (p[0], p[1])))) if pairs else CLAIM_ALL


def parse_move(text: str) -> Move:
    words = checked_notation(text).strip().split()
    if not words:
        raise IllegalMove("unknown_move", text=quoted(text))
    name = WORDS.get(words[0].lower())
    if name is None:
        cards = parse_cards(text)
        if not cards:  # separators alone (`,`): no card named
            raise IllegalMove("unknown_move", text=quoted(text))
        if len(cards) > 2:
            raise IllegalMove("one_or_two", text=quoted(text))
        return play(*cards)
    rest = words[1:]
    if name == "expose":
        shown = parse_cards(" ".join(rest))
        if not shown:
            raise IllegalMove("unknown_move", text=quoted(text))
        return expose(shown)
    if name == "claim":
        return claim([_claimed(word) for word in rest])
    if rest:
        raise IllegalMove("unknown_move", text=quoted(text))
    return {"pass": PASS, "accept": ACCEPT, "reject": REJECT, "swap": SWAP, "keep": KEEP}[name]


def _claimed(word: str) -> tuple[Card, int]:
    token, _, seat = word.partition("=")
    if not seat.isdigit() or not 0 <= int(seat) < SEATS:
        raise IllegalMove("unknown_move", text=quoted(word))
    return parse_card(token), int(seat)
