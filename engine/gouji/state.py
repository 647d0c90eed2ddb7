"""Every field of a 够级 hand in one place, and the methods the phases call on one another.

The phases (`play`, `preplay`, `declarations`, `claims`) are traits over this state, and `Hand`
is the one concrete class: mypyc compiles traits into a single native class, and a trait's
methods can only call what the trait declares, hence the stubs at the end (`Hand` overrides all).
"""

from __future__ import annotations

from typing import NamedTuple

from mypy_extensions import trait

from engine.gouji import events as ev
from engine.gouji.cards import Deck, HandCards
from engine.gouji.phase import Phase
from engine.gouji.rules import Rules
from engine.gouji.scoring import Debt
from engine.gouji.sets import CardSet, Move, SetTable
from engine.gouji.turns import Turn


class Declaration(NamedTuple):
    """A declaration a seat made before play (A.6, B.6)."""

    name: str  # yudian (预点), taikong (太空), mingdian (明点)
    stake: int  # 点贡 the declarer receives if it stands


@trait
class HandState:
    """Every field of a hand in one place (the phases are mixins that work on it)."""

    rules: Rules
    deck: Deck
    sets: SetTable  # the enumeration within the deck's bounds
    low: int
    gouji_sets: int  # GOUJI_STANDARD, GOUJI_BY_RANK or GOUJI_OUTLINE (rules.gouji_sets)
    point_kind: int  # POINT_STANDARD, POINT_OUTLINE or POINT_HOUSHUIWAN (rules.point_rule)
    rank_compare: bool  # rules.comparison == "by_rank" (A.1)
    hand_no: int
    seed: str
    phase: Phase
    to_act: list[int]
    decided: dict[int, Move]
    cards: list[HandCards]
    left: list[int]
    own: list[list[int]]  # per rank, how many held cards were dealt to the seat (§8.4)
    leader: int
    out: set[int]  # seats sitting the hand out (革命)
    revolutionary: int | None
    point_fixed: set[int]  # seats whose 开点 status 冲点 decided
    declared: list[Declaration | None]  # 预点 / 太空 / 明点 per seat (A.6, B.6)
    given_hands: list[HandCards] | None  # a position's cards, seated once the blind phase is over
    undealt: int  # cards not yet dealt (before the deal's blind declarations)
    slow_opener: int | None  # the outline's revolutionary's opposite: opens after 3 够级 wins (A.4)
    returns: list[tuple[int, int, str]]  # 还贡 still owed (A.11): (receiver, payer, tribute kind) a card
    last_gouji_seat: int | None  # B.12: 头科's opposite while it keeps its 够死级 chance
    last_gouji_played: bool  # … and once that chance's 够级 set is on the table
    gouji_wins: int  # rounds it has won with 够级 sets
    charge: CardSet | None
    charge_beaten: bool
    charge_credit: list[int]
    owed: list[Debt]  # tributes from the last hand, paid in this one
    tributes: list[Debt]  # those still to pay
    dead_seat: int | None
    dead_left: int
    # play
    table: CardSet | None
    owner: int
    protected: bool
    passed: list[bool]
    queue: list[int]
    qi: int
    yielder: int | None  # 让牌: the seat that let the next two answer first, this set
    claimant: int | None  # 挑牌: whose shown hand the others are answering (A.9)
    claim_refused: int | None  # a claim rejected this lead: not offered again until the next
    cursor: int
    last_answerer: int | None
    last_chance_done: bool
    melee_passes: int
    burn: tuple[int, int] | None
    smother_risk: int | None
    obligated: list[bool]
    headless: list[bool]
    melee: bool
    pending: list[int]
    finished: list[int]
    forced: list[int]
    fallen: list[int]  # 大小王不出手: placed 大落 (docs/rules/gouji-variants.md B.7)
    opened: list[bool]
    first_point: list[str | None]
    played_four: list[bool]
    jokers_played: list[list[int]]
    dealt_point_set: list[bool]
    specials: list[Debt]
    played: int
    sweep: int | None
    scores: tuple[int, ...] | None
    debts: list[Debt]  # what this hand leaves owing for the next
    turns: Turn | None  # the record of play, newest first (a reader's)
    keeps_turns: bool  # False in a search's samples: nobody reads their record
    # -- provided by the phases and by Hand itself --------------------------------------------

    def _start_play(self, leader: int, out: list[ev.Event]) -> None:
        raise NotImplementedError

    def _end_hand(self, sweep: int | None, out: list[ev.Event]) -> None:
        raise NotImplementedError

    def _deal(self, out: list[ev.Event]) -> None:
        raise NotImplementedError

    def _run_preplay(self, out: list[ev.Event]) -> None:
        raise NotImplementedError

    def _begin(self, out: list[ev.Event]) -> None:
        raise NotImplementedError

    def _declare(self, seat: int, move: Move, out: list[ev.Event]) -> None:
        raise NotImplementedError

    def _declare_or_play(self, out: list[ev.Event]) -> None:
        raise NotImplementedError

    def _merge_or_play(self, out: list[ev.Event]) -> None:
        raise NotImplementedError

    def _holder_from(self, seat: int) -> int:
        raise NotImplementedError

    def _holders(self) -> list[int]:
        raise NotImplementedError

    def _finish(self, seat: int, out: list[ev.Event]) -> bool:
        raise NotImplementedError

    def _close_round(self, winner: int, out: list[ev.Event]) -> None:
        raise NotImplementedError

    def _claim(self, seat: int, out: list[ev.Event]) -> None:
        raise NotImplementedError

    def _may_claim(self, seat: int) -> bool:
        raise NotImplementedError

    def _claim_answers(self, seat: int) -> list[Move]:
        raise NotImplementedError

    def _answer_claim(self, seat: int, move: Move, out: list[ev.Event]) -> None:
        raise NotImplementedError

    def _declared_against(self, seat: int) -> bool:
        raise NotImplementedError

    def _declaration_debts(self, scored: bool, out: list[ev.Event]) -> None:
        raise NotImplementedError

    def _add_special(self, kind: str, payer: int, receiver: int, scored: bool = True, count: int = 1) -> None:
        raise NotImplementedError

    def _remove(self, seat: int, move: CardSet) -> None:
        raise NotImplementedError

    def is_gouji(self, move: CardSet) -> bool:
        raise NotImplementedError

    def opens_point(self, move: CardSet) -> bool:
        raise NotImplementedError

    @property
    def finish_order(self) -> list[int]:
        raise NotImplementedError

    @property
    def placed_last(self) -> list[int]:
        raise NotImplementedError
