"""Declarations that a seat's opposite will not open point (docs/rules/gouji-variants.md A.6,
B.6): 预点 / 太空
before the deal (cards unseen), 明点 after the tributes and before the first lead. All asked seats
decide at once; at the hand's end each is won (the opposite did not open) or lost (翻车).

A mixin of `Hand`: it reads and writes the hand's state and never touches the outside world.
"""

from __future__ import annotations

from mypy_extensions import trait

from engine.gouji import events as ev
from engine.gouji.cards import SEATS
from engine.gouji.phase import Phase
from engine.gouji.scoring import opposite
from engine.gouji.sets import Move, decision
from engine.gouji.state import Declaration, HandState

DECLARE = decision("declare")


# `declarations` option → (the blind one before the deal, the open one before the first lead)
DECLARATIONS: dict[str, tuple[Declaration, Declaration]] = {
    "outline": (Declaration("yudian", 4), Declaration("mingdian", 2)),
    "houshuiwan": (Declaration("taikong", 8), Declaration("mingdian", 2)),
}


@trait
class Declarations(HandState):
    def _blind_or_deal(self, out: list[ev.Event]) -> bool:
        """Asks every seat for the blind declaration before any card is seen; False when the
        table has none and the deal goes on at once."""
        if self.rules.declarations not in DECLARATIONS:
            return False
        self.phase, self.to_act, self.decided = Phase.BLIND_DECLARE, list(range(SEATS)), {}
        return True

    def _declare_or_play(self, out: list[ev.Event]) -> None:
        """After the tributes: the open declaration (明点) from each seat still playing that made
        no blind one and whose opposite plays (one against the revolutionary would be void)."""
        asked = self._declaration_asked()
        if asked:
            self.phase, self.to_act, self.decided = Phase.DECLARE, asked, {}
            return
        self._merge_or_play(out)

    def _declaration_asked(self) -> list[int]:
        return [
            s
            for s in range(SEATS)
            if self.rules.declarations in DECLARATIONS
            and self.declared[s] is None
            and s not in self.out
            and opposite(s) not in self.out
        ]

    def _declare(self, seat: int, move: Move, out: list[ev.Event]) -> None:
        """One seat's choice, kept secret until every asked seat has chosen (then all are told
        at once, in seat order), so that nobody decides knowing another's declaration."""
        blind = self.phase == Phase.BLIND_DECLARE
        self.to_act = [s for s in self.to_act if s != seat]
        self.decided[seat] = move
        if self.to_act:
            return
        kind = self._asked_declaration()
        assert kind is not None
        for declarer in sorted(s for s, m in self.decided.items() if m is DECLARE):
            self.declared[declarer] = kind
            out.append(ev.Declared(declarer, kind.name, kind.stake, opposite(declarer)))
        self.decided = {}
        if blind:
            self._begin(out)
        else:
            self._merge_or_play(out)

    def _declared_against(self, seat: int) -> bool:
        """The seat's opposite declared it would not open point (void against the revolutionary)."""
        return self.declared[opposite(seat)] is not None and seat != self.revolutionary

    def _declaration_debts(self, scored: bool, out: list[ev.Event]) -> None:
        """Each declaration at the hand's end: won, the opposite pays the stake (instead of its
        ordinary 点贡); lost (翻车), the declarer pays it (twice under `flip_double`)."""
        for seat in range(SEATS):
            kind, opp = self.declared[seat], opposite(seat)
            if kind is None or not self._declared_against(opp):
                continue
            won = not self.opened[opp]
            count = kind.stake if won else kind.stake * (2 if self.rules.flip_double else 1)
            payer, receiver = (opp, seat) if won else (seat, opp)
            self._add_special("point", payer, receiver, scored, count)
            out.append(ev.DeclarationSettled(seat, kind.name, won, count, opp))

    def _asked_declaration(self) -> Declaration | None:
        if self.phase not in (Phase.BLIND_DECLARE, Phase.DECLARE):
            return None
        return DECLARATIONS[self.rules.declarations][0 if self.phase == Phase.BLIND_DECLARE else 1]


def declared_names(declared: list[Declaration | None]) -> tuple[str | None, ...]:
    return tuple(None if d is None else d.name for d in declared)
