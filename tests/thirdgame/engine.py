"""吃墩's rules (tests/thirdgame/rules.md) as a pure library, the engine's part of its pack."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from engine.errors import IllegalMove
from engine.events import CardsPlayed, Event, Forfeited, MatchOver
from engine.matchplay import MatchPlay
from engine.move import Move, checked_notation, quoted
from engine.options import OptionError, TableOptions, with_presets
from engine.pack import Game, RoundStart
from engine.seeding import rng
from engine.views import RoundView, SeatRoundView

SEATS = 3
SUITS = ("S", "H", "C")
RANKS = ("9", "10", "J", "Q", "K", "A")
DECK = tuple(suit + rank for suit in SUITS for rank in RANKS)
SIGNS = {"S": "♠", "H": "♥", "C": "♣"}
NAME = "chidun"


@with_presets
@dataclass(frozen=True, slots=True, kw_only=True)
class Rules(TableOptions):
    choices: ClassVar[Mapping[str, tuple[object, ...]]] = {"rounds": (1, 2, 3, 5), "bots": ("easy", "normal")}
    rounds: int = 3
    must_follow: bool = True
    strikes: int = 3
    penalty_points: int = 1
    bots: str = "normal"

    def __post_init__(self) -> None:
        for name, allowed in self.choices.items():
            if getattr(self, name) not in allowed:
                raise OptionError("option_choice", option=name, allowed=", ".join(map(str, allowed)))


# -- events ----------------------------------------------------------------------------------


@dataclass(slots=True)
class RoundDealt(Event):
    round_no: int
    seed: str
    leader: int


@dataclass(slots=True)
class CardLaid(CardsPlayed):  # seat, cards: one card
    pass


@dataclass(slots=True)
class TrickTaken(Event):
    trick_no: int
    taker: int


@dataclass(slots=True)
class RoundScored(Event):
    round_no: int
    scores: tuple[int, ...]


@dataclass(slots=True)
class MatchEnded(MatchOver):  # totals, reason: rounds | stopped
    winners: tuple[int, ...]


# -- a round ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TricksView(RoundView):
    leader: int
    trick_no: int
    trick: tuple[tuple[int, str], ...]  # (seat, card) in play order
    last_trick: tuple[tuple[int, str], ...]
    tricks_won: tuple[int, ...]


def card(text: str) -> str:
    """A card's notation: `s10` → `S10`, `♥A` → `HA`; IllegalMove for anything else."""
    token = text.strip().upper()
    for suit, sign in SIGNS.items():
        token = token.replace(sign, suit)
    if token not in DECK:
        raise IllegalMove("unknown_move", text=quoted(text))
    return token


def parse_move(text: str) -> Move:
    return Move(card(checked_notation(text)))


class Round:
    """One round: six cards each, six tricks."""

    def __init__(self, rules: Rules, seed: str, number: int) -> None:
        self.rules, self.seed, self.number = rules, seed, number
        deck = list(DECK)
        rng(seed, "deal").shuffle(deck)
        self.hands = [sorted(deck[s * 6 : s * 6 + 6], key=DECK.index) for s in range(SEATS)]
        self.leader = (number - 1) % SEATS
        self.to_act = [self.leader]
        self.trick: list[tuple[int, str]] = []
        self.last_trick: list[tuple[int, str]] = []
        self.tricks_won = [0] * SEATS
        self.trick_no = 1
        self.forfeited: list[int] = []
        self.scores: tuple[int, ...] | None = None
        self.opening_events: list[Event] = [RoundDealt(number, seed, self.leader)]

    @property
    def is_over(self) -> bool:
        return self.scores is not None

    def hand(self, seat: int) -> list[str]:
        return list(self.hands[seat])

    def total_cards(self) -> int:
        return len(DECK)

    def legal_moves(self, seat: int) -> list[Move]:
        if seat not in self.to_act:
            return []
        held = self.hands[seat]
        if self.trick and self.rules.must_follow:
            led = self.trick[0][1][0]
            following = [c for c in held if c[0] == led]
            held = following or held
        return [Move(c) for c in held]

    def apply(self, seat: int, move: Move | str) -> list[Event]:
        if self.is_over:
            raise IllegalMove("game_over")
        if seat not in self.to_act:
            raise IllegalMove("not_your_turn")
        played = card(str(move))
        if played not in self.hands[seat]:
            raise IllegalMove("not_in_hand", cards=played)
        if played not in {str(m) for m in self.legal_moves(seat)}:
            raise IllegalMove("must_follow", suit=SIGNS[self.trick[0][1][0]])
        self.hands[seat].remove(played)
        self.trick.append((seat, played))
        out: list[Event] = [CardLaid(seat, played)]
        if len(self.trick) < SEATS:
            self.to_act = [(seat + 1) % SEATS]
            return out
        led = self.trick[0][1][0]
        taker = max(
            (s for s, c in self.trick if c[0] == led), key=lambda s: RANKS.index(dict(self.trick)[s][1:])
        )
        self.tricks_won[taker] += 1
        out.append(TrickTaken(self.trick_no, taker))
        self.last_trick, self.trick = self.trick, []
        if not self.hands[taker]:
            self.to_act = []
            self.scores = tuple(0 if s in self.forfeited else won for s, won in enumerate(self.tricks_won))
            out.append(RoundScored(self.number, self.scores))
        else:
            self.trick_no += 1
            self.to_act = [taker]
        return out

    def forfeit(self, seat: int) -> list[Event]:
        if self.is_over or seat in self.forfeited:
            return []
        self.forfeited.append(seat)
        return [Forfeited(seat)]

    def public_view(self) -> TricksView:
        return TricksView(
            number=self.number,
            phase="over" if self.is_over else "play",
            to_act=tuple(self.to_act),
            cards_left=tuple(len(h) for h in self.hands),
            forfeited=tuple(self.forfeited),
            scores=self.scores,
            leader=self.leader,
            trick_no=self.trick_no,
            trick=tuple(self.trick),
            last_trick=tuple(self.last_trick),
            tricks_won=tuple(self.tricks_won),
        )

    def seat_view(self, seat: int) -> SeatRoundView[TricksView]:
        legal = tuple(str(m) for m in self.legal_moves(seat))
        return SeatRoundView(self.public_view(), seat, " ".join(self.hands[seat]), legal)


class Match(MatchPlay):
    rules: Rules
    rounds: list[Round]
    seats = SEATS

    def __init__(self, seed: int | str = 0, rules: Rules | None = None) -> None:
        super().__init__(seed, rules or Rules())

    def _start_first_round(self) -> None:
        self.rounds.append(Round(self.rules, self.round_seed(1), 1))

    def _round_over(self) -> list[Any]:
        done = self.rounds[-1]
        assert done.scores is not None
        for seat, points in enumerate(done.scores):
            self.totals[seat] += points
        if done.number >= self.rules.rounds:
            return [self._end("rounds")]
        self.rounds.append(Round(self.rules, self.round_seed(done.number + 1), done.number + 1))
        return list(self.rounds[-1].opening_events)

    def _end(self, reason: str) -> MatchEnded:
        self.is_over, self.end_reason = True, reason
        return MatchEnded(tuple(self.totals), reason, self.winners())

    def winners(self) -> tuple[int, ...]:
        high = max(self.totals)
        return tuple(s for s in range(SEATS) if self.totals[s] == high)

    def forfeit(self, seat: int) -> list[Any]:
        return self.rounds[-1].forfeit(seat)

    def stop(self) -> MatchEnded:
        if self.is_over:
            raise ValueError("the match is already over")
        return self._end("stopped")


# -- its bot ---------------------------------------------------------------------------------


def choose(round_: Round, seat: int, rand: random.Random) -> Move:
    """The lowest card that takes the trick, else the lowest card (a leader leads its highest)."""
    moves: Sequence[Move] = round_.legal_moves(seat)
    rank = lambda move: RANKS.index(str(move)[1:])  # noqa: E731
    if not round_.trick:
        return max(moves, key=rank)
    led = round_.trick[0][1][0]
    best = max(RANKS.index(c[1:]) for _, c in round_.trick if c[0] == led)
    winning = [m for m in moves if str(m)[0] == led and rank(m) > best]
    return min(winning or moves, key=rank)


GAME = Game(
    NAME,
    SEATS,
    Rules,
    Match,
    lambda event: RoundStart(event.round_no, event.seed) if isinstance(event, RoundDealt) else None,
    lambda event: (event.round_no, event.scores) if isinstance(event, RoundScored) else None,
    lambda rules, seat: None,
    parse_move,
    {"rounds": "2"},
    {"normal": choose},
    tallies=lambda event: ((event.taker, "tricks_taken", 1),) if isinstance(event, TrickTaken) else (),
)
