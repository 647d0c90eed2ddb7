"""The exposure phase (明牌, §3): who is asked, what they may expose, the automatic modes, 逼明,
and what an exposure does to play (held-back cards) and to scoring (exposed copies)."""

from __future__ import annotations

from functools import cache
from itertools import product

from mypy_extensions import trait

from engine.errors import IllegalMove
from engine.gongzhu import events as ev
from engine.gongzhu.cards import EXPOSABLE, SEATS, SHEEP, Card
from engine.gongzhu.moves import PASS, Decision, Move, expose
from engine.gongzhu.rules import CHOSEN_EXPOSURE
from engine.gongzhu.state import DealState


@trait
class Exposure(DealState):
    def _open_exposure(self, out: list[ev.Event]) -> None:
        mode = self.rules.exposing
        if mode in ("all", "all_but_sheep"):
            for seat in range(SEATS):
                cards = [c for c in self._exposable(seat) if mode == "all" or c is not SHEEP]
                if cards:
                    self._expose(seat, cards, out, automatic=mode)
        elif mode in CHOSEN_EXPOSURE:
            holdings = [tuple(self._exposable(seat)) for seat in range(SEATS)]
            asked = [seat for seat in range(SEATS) if holdings[seat]]
            self.exposure_choices = {seat: exposure_choices(holdings[seat]) for seat in asked}
            if asked:
                self.phase, self.to_act = "expose", asked
                out.append(ev.ExposureOpened(self.rules.expose_seconds))
                return
        self._start_play(out)

    def _exposable(self, seat: int) -> list[Card]:
        """Every copy of ♠Q ♦J ♣10 ♥A the seat holds."""
        suits = self.hands[seat]
        return [c for c in EXPOSABLE for r in suits[c.suit] if r == c.rank]

    def _apply_exposure(self, seat: int, move: Move, out: list[ev.Event]) -> None:
        choices = self.exposure_choices[seat]
        if move not in choices:
            raise IllegalMove("bad_decision", text=str(move), choices=", ".join(str(m) for m in choices))
        if isinstance(move, Decision) and move.name == "expose":
            self._expose(seat, list(move.cards), out)
        self.to_act.remove(seat)
        if not self.to_act:
            self._close_exposure(out)

    def _close_exposure(self, out: list[ev.Event]) -> None:
        """逼明: once three of the four scoring cards are exposed the fourth must be too."""
        if self.rules.exposing == "forced_three":
            shown = [c for c in EXPOSABLE if self.exposed_copies.get(c)]
            if len(shown) == 3:
                missing = next(c for c in EXPOSABLE if c not in shown)
                for seat in range(SEATS):
                    copies = [c for c in self._exposable(seat) if c is missing]
                    if copies:
                        self._expose(seat, copies, out, automatic="forced_three")
        blind = self.rules.exposing == "blind"
        out.append(
            ev.ExposureClosed(
                tuple(() if blind else tuple(c.text for c in cards) for cards in self.exposed),
                tuple(len(cards) for cards in self.exposed),
            )
        )
        self._start_play(out)

    def _expose(
        self, seat: int, cards: list[Card], out: list[ev.Event], automatic: str | None = None
    ) -> None:
        for c in cards:
            self.exposed[seat].append(c)
            self.exposed_copies[c] = self.exposed_copies.get(c, 0) + 1
            self.held[seat].setdefault(c.suit, []).append(c.rank)
        shown = () if self.rules.exposing == "blind" else tuple(c.text for c in cards)
        out.append(ev.Exposed(seat, shown, len(cards), automatic))


@cache
def exposure_choices(held: tuple[Card, ...]) -> list[Move]:
    """`pass`, and every non-empty choice among these exposable copies (shared, never mutated)."""
    kinds = list(dict.fromkeys(held))
    choices: list[Move] = [PASS]
    for counts in product(*(range(held.count(c) + 1) for c in kinds)):
        cards = [c for c, n in zip(kinds, counts, strict=True) for _ in range(n)]
        if cards:
            choices.append(expose(cards))
    return choices
