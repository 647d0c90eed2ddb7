"""Every field of a 拱猪 deal that its phases share, and the methods they call on one another.

The phases (`tricks`, `exposure`, `claims`) are traits over this state and `Deal` is the one
concrete class: mypyc compiles traits into a single native class, and a trait's methods can only
call what the trait declares, hence the stubs at the end (`TrickPlay` or `Deal` overrides each).
"""

from __future__ import annotations

from mypy_extensions import trait

from engine.gongzhu import events as ev
from engine.gongzhu.cards import Card
from engine.gongzhu.moves import Move, Play
from engine.gongzhu.rules import Rules


@trait
class DealState:
    rules: Rules
    phase: str
    to_act: list[int]
    turn: int
    hands: list[list[list[int]]]  # seat → suit → ranks, high to low
    held: list[dict[int, list[int]]]  # seat → suit → ranks of held-back exposed copies
    exposed: list[list[Card]]  # per seat, every copy it exposed (public, except in blind mode)
    exposed_copies: dict[Card, int]
    exposure_choices: dict[int, list[Move]]
    trick: list[tuple[int, Play]]
    must_lead_club_two: bool
    taken: list[list[tuple[Card, int]]]
    left: list[int]
    scoring_in_hands: int
    pig_taker: int | None
    claimer: int | None
    claim_assignment: tuple[tuple[Card, int, int], ...]  # card, its holder, who gets it
    claimed_this_trick: set[int]

    # -- provided by TrickPlay and by Deal itself -------------------------------------------------

    def _plays(self, seat: int) -> list[Play]:
        raise NotImplementedError

    def _put(self, seat: int, move: Play, out: list[ev.Event]) -> None:
        raise NotImplementedError

    def _start_play(self, out: list[ev.Event]) -> None:
        raise NotImplementedError

    def _end_deal(self, out: list[ev.Event]) -> None:
        raise NotImplementedError

    def _take(self, seat: int, cards: list[tuple[Card, int]]) -> None:
        raise NotImplementedError

    def hand(self, seat: int) -> list[Card]:
        raise NotImplementedError
