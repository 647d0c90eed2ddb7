"""Tricks (§3 held back, §4 play, §7 pairs and colour_discard): which plays are legal, why a play
is not, and who wins a trick.

Hands are kept per seat and suit as lists of ranks, high to low; two decks simply repeat a rank.
An exposed card is *held back* (listed in `held[seat][suit]`) until the first trick led in its
suit is complete; held-back copies are played only when nothing else will do.
"""

from __future__ import annotations

from itertools import combinations

from mypy_extensions import trait

from engine.errors import IllegalMove
from engine.gongzhu.cards import CLUB_TWO, CLUBS, DIAMONDS, RED, Card, card
from engine.gongzhu.moves import SINGLES, Play, play
from engine.gongzhu.state import DealState

SUIT_NAMES = {0: "♠", 1: "♥", 2: "♦", 3: "♣"}


@trait
class TrickPlay(DealState):
    # -- legal plays -------------------------------------------------------------------------

    def _plays(self, seat: int) -> list[Play]:
        """Every legal play of the seat to play now."""
        if not self.trick:
            return self._leads(seat)
        lead = self.trick[0][1]
        if len(lead.cards) == 1:
            return self._follow_single(seat, lead.suit)
        return self._follow_pair(seat, lead)

    def _free(self, seat: int, suit: int) -> list[int]:
        """The seat's ranks of `suit` that are not held back."""
        ranks = self.hands[seat][suit]
        held = self.held[seat].get(suit)
        if not held:
            return ranks
        free = list(ranks)
        for rank in held:
            free.remove(rank)
        return free

    def _leads(self, seat: int) -> list[Play]:
        if self.must_lead_club_two:
            both = self.hands[seat][CLUBS].count(2) > 1
            return [play(CLUB_TWO), play(CLUB_TWO, CLUB_TWO)] if both else [play(CLUB_TWO)]
        if not self.held[seat]:
            return self._lead_from(self.hands[seat])
        moves = self._lead_from([self._free(seat, s) for s in range(4)])
        return moves or self._lead_from(self.hands[seat])  # every card held back: one must go

    def _lead_from(self, suits: list[list[int]]) -> list[Play]:
        if self.rules.decks == 1:
            return [row[rank] for row, ranks in zip(SINGLES, suits, strict=True) for rank in ranks]
        moves: list[Play] = []
        for suit, ranks in enumerate(suits):
            last = 0
            for rank in ranks:
                if rank == last:
                    moves.append(play(card(suit, rank), card(suit, rank)))
                else:
                    moves.append(SINGLES[suit][rank])
                    last = rank
        return moves

    def _follow_single(self, seat: int, suit: int) -> list[Play]:
        ranks = self.hands[seat][suit]
        if ranks:  # only held-back cards of the suit: then they may go
            pool = (self._free(seat, suit) or ranks) if self.held[seat] else ranks
            row = SINGLES[suit]
            return [row[r] for r in (pool if self.rules.decks == 1 else _distinct(pool))]
        plays = [SINGLES[c.suit][c.rank] for c in self._discards(seat, suit, 1)[0]]
        return plays if self.rules.decks == 1 else _unique(plays)

    def _follow_pair(self, seat: int, lead: Play) -> list[Play]:
        """Two decks: a pair of the suit if held, else two cards of it, else fill with others."""
        suit = lead.suit
        ranks, free = self.hands[seat][suit], self._free(seat, suit)
        if len(ranks) >= 2:
            if len(free) >= 2:
                options = _two_of(free)
            else:  # held-back copies only as many as needed
                extra = list(ranks)
                for rank in free:
                    extra.remove(rank)
                options = [(a, b) for a in free for b in _distinct(extra)] if free else _two_of(ranks)
            pairs = [o for o in options if o[0] == o[1]] if lead.is_pair else []
            return [play(card(suit, a), card(suit, b)) for a, b in pairs or options]
        if len(ranks) == 1:
            return _unique([play(card(suit, ranks[0]), c) for c in self._discards(seat, suit, 1)[0]])
        first, second = self._discards(seat, suit, 2)
        if second is None:
            return _unique([play(a, b) for a, b in combinations(first, 2)])
        return _unique([play(a, b) for a in first for b in second])

    def _discards(self, seat: int, led: int, count: int) -> tuple[list[Card], list[Card] | None]:
        """Cards a seat void in `led` may discard (垫牌): not held-back exposed cards under
        `expose_discard=forbid` unless nothing else is left; under colour_discard the led suit's
        colour when possible. For two discards: (first choices, second choices) when they differ
        (a single right-coloured card must be one of them), else (cards, None)."""
        cards = [card(s, r) for s, ranks in enumerate(self.hands[seat]) if s != led for r in ranks]
        if self.rules.expose_discard == "forbid" and self.held[seat]:
            held = [card(s, r) for s, ranks in self.held[seat].items() if s != led for r in ranks]
            allowed = list(cards)
            for c in held:
                allowed.remove(c)
            cards = allowed or cards
        if not self.rules.colour_discard:
            return cards, None
        right = [c for c in cards if RED[c.suit] == RED[led]]
        if count == 1 or len(right) != 1:
            return right or cards, None
        return right, [c for c in cards if c is not right[0]]

    # -- explaining a refusal ----------------------------------------------------------------

    def _refusal(self, seat: int, move: Play) -> IllegalMove:
        """Why a play that is not among the legal ones is refused, in the most useful words."""
        held = [card(s, r) for s, ranks in enumerate(self.hands[seat]) for r in ranks]
        for c in move.cards:
            if c not in held:
                return IllegalMove("not_in_hand", cards=move.text)
            held.remove(c)
        if not self.trick:
            if self.must_lead_club_two:
                return IllegalMove("lead_club_two")
            if len(move.cards) == 2 and not move.is_pair:
                return IllegalMove("lead_one_or_pair")
            return self._held_back_refusal(seat, move)
        lead = self.trick[0][1]
        if len(move.cards) != len(lead.cards):
            return IllegalMove("play_size", size=len(lead.cards))
        in_suit = sum(1 for c in move.cards if c.suit == lead.suit)
        if in_suit < min(len(lead.cards), len(self.hands[seat][lead.suit])):
            return IllegalMove("must_follow", suit=SUIT_NAMES[lead.suit])
        if lead.is_pair and not move.is_pair and in_suit == 2 and not self._holds_back(seat, move):
            return IllegalMove("pair_required", suit=SUIT_NAMES[lead.suit])
        if self._holds_back(seat, move):
            return self._held_back_refusal(seat, move)
        return IllegalMove("colour_discard", colour="red" if RED[lead.suit] else "black")

    def _holds_back(self, seat: int, move: Play) -> bool:
        return any(c.rank in self.held[seat].get(c.suit, ()) for c in move.cards)

    def _held_back_refusal(self, seat: int, move: Play) -> IllegalMove:
        held = next((c for c in move.cards if c.rank in self.held[seat].get(c.suit, ())), move.cards[0])
        return IllegalMove("held_back", card=held.text, suit=SUIT_NAMES[held.suit])

    # -- winning -----------------------------------------------------------------------------

    def _winner(self) -> int:
        """The highest play of the led suit; a discard never wins; equal plays: the first."""
        lead = self.trick[0][1]
        suit = lead.suit
        if len(lead.cards) == 1:
            best_seat, best = self.trick[0][0], lead.high
            for seat, move in self.trick[1:]:
                if move.suit == suit and move.high > best:
                    best_seat, best = seat, move.high
            return best_seat
        best_seat, best_key = self.trick[0][0], _strength(lead)
        for seat, move in self.trick[1:]:
            if all(c.suit == suit for c in move.cards):
                key = _strength(move)
                if key > best_key:
                    best_seat, best_key = seat, key
        return best_seat

    def _wrong_discarder(self) -> int | None:
        """colour_discard: the first seat whose discard is not the led suit's colour (it was
        allowed only because that seat had no card of the colour)."""
        red = RED[self.trick[0][1].suit]
        for seat, move in self.trick[1:]:
            if any(RED[c.suit] != red for c in move.cards):
                return seat
        return None


def _strength(move: Play) -> tuple[int, int, int]:
    """Order of plays of the led suit. Two cards (§7): in ♦ a pair beats two different cards,
    in ♠ ♥ ♣ two different cards beat a pair; then the higher card, then the lower."""
    if len(move.cards) == 1:
        return (0, move.high, 0)
    pair_first = move.is_pair == (move.suit == DIAMONDS)
    return (1 if pair_first else 0, move.high, move.low)


def _distinct(ranks: list[int]) -> list[int]:
    return list(dict.fromkeys(ranks))


def _two_of(ranks: list[int]) -> list[tuple[int, int]]:
    """Every different pair of copies from a multiset of ranks (high to low)."""
    return list(dict.fromkeys(combinations(ranks, 2)))


def _unique(plays: list[Play]) -> list[Play]:
    """Two decks offer the same play through either copy of a card: list it once."""
    return list(dict.fromkeys(plays))
