"""The public record of play: every set, pass and 让牌 as the table saw it, newest
first, with the facts a reader of the other seats infers from: a seat that led or passed tells
something of its hand to whoever knows how it plays. Only what every player at the table saw is
recorded: a pass made for a seat that cannot beat (要不起, §6) looks like any other pass, as it
does on the table picture.

The record is a chain (each turn points at the one before) so that a copy of a hand shares it:
a search copies hands by the thousand and never reads their record.
"""

from __future__ import annotations

from engine.gouji.sets import CardSet, Move

Facts = tuple[int, Move, CardSet | None, int, int, bool, bool, bool, bool, bool]  # a turn's, in order


class Turn:
    """One turn of the record (its facts in the order of `Facts`). A plain class, not a frozen
    dataclass: compiled, a frozen dataclass's constructor takes the interpreter's slow path, and
    a turn is recorded at every move of every hand (it cost random play a third)."""

    __slots__ = (
        "before", "free", "gouji", "move", "opens_point", "owner", "owner_left", "point_threat",
        "seat", "table", "wants_point",
    )  # fmt: skip

    def __init__(
        self, seat: int, move: Move, table: CardSet | None, owner: int, owner_left: int, gouji: bool,
        point_threat: bool, free: bool, wants_point: bool, opens_point: bool, before: Turn | None,
    ) -> None:  # fmt: skip
        self.seat = seat
        self.move = move  # a set, PASS or YIELD
        self.table = table  # the set it answered; None for a lead
        self.owner = owner  # whose set that was
        self.owner_left = owner_left  # the cards its owner held then
        self.gouji = gouji  # the set on the table was a 够级 set
        self.point_threat = point_threat  # that set would open its owner's point if it won the round
        self.free = free  # neither bound by a burn nor burning: the seat could play any legal set
        self.wants_point = wants_point  # the seat had not opened point and could still
        self.opens_point = opens_point  # the set played opens point if it wins its round
        self.before = before

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
