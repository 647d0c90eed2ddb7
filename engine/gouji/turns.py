"""The public record of play (issue 33): every set, pass and 让牌 as the table saw it, newest
first, with the facts a reader of the other seats infers from: a seat that led or passed tells
something of its hand to whoever knows how it plays. Only what every player at the table saw is
recorded: a pass made for a seat that cannot beat (要不起, §6) looks like any other pass, as it
does on the table picture.

The record is a chain (each turn points at the one before) so that a copy of a hand shares it:
a search copies hands by the thousand and never reads their record.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.gouji.sets import CardSet, Move

Facts = tuple[int, Move, CardSet | None, int, int, bool, bool, bool, bool, bool]  # a turn's, in order


@dataclass(frozen=True, slots=True)
class Turn:
    seat: int
    move: Move  # a set, PASS or YIELD
    table: CardSet | None  # the set it answered; None for a lead
    owner: int  # whose set that was
    owner_left: int  # the cards its owner held then
    gouji: bool  # the set on the table was a 够级 set
    point_threat: bool  # that set would open its owner's point if it won the round
    free: bool  # neither bound by a burn nor burning: the seat could play any legal set
    wants_point: bool  # the seat had not opened point and could still (开点 on, no 4 played)
    opens_point: bool  # the set played opens point if it wins its round
    before: Turn | None

    def __reduce__(self) -> tuple[object, ...]:
        """Flat, oldest first: a chain of hundreds pickled link by link would exhaust the stack."""
        return _chain, (tuple(turn.facts() for turn in reversed(self.history())),)

    def facts(self) -> Facts:
        return (
            self.seat, self.move, self.table, self.owner, self.owner_left, self.gouji,
            self.point_threat, self.free, self.wants_point, self.opens_point,
        )  # fmt: skip

    def history(self) -> list[Turn]:
        """This turn and every one before it, newest first."""
        found: list[Turn] = []
        turn: Turn | None = self
        while turn is not None:
            found.append(turn)
            turn = turn.before
        return found


def _chain(turns: tuple[Facts, ...]) -> Turn | None:
    last: Turn | None = None
    for seat, move, table, owner, owner_left, gouji, threat, free, wants, opens in turns:
        last = Turn(seat, move, table, owner, owner_left, gouji, threat, free, wants, opens, last)
    return last
