"""§8 before play, in the order of seed 001: 买3/要3, 革命 with 冲点, 抗贡, 进贡, 死级.

A mixin of `Hand`. Automatic steps run at once; decisions put seats in `to_act`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from mypy_extensions import trait

from engine.gouji import events as ev
from engine.gouji.cards import BIG_JOKER, FOUR, RANKS, SEATS, SMALL_JOKER, THREE, TWO, WILDCARDS, Card
from engine.gouji.declarations import DECLARE
from engine.gouji.phase import Phase
from engine.gouji.scoring import Debt, opposite, team
from engine.gouji.sets import (
    MERGES,
    PASS,
    RETURNS,
    CardSet,
    Decision,
    Merge,
    Move,
    Return,
    answers,
    decision,
    point_sets,
)
from engine.gouji.state import HandState

REVOLT, PAY, RESIST, DEAD_LEVELS = (decision(n) for n in ("revolt", "pay", "resist", "deadlevels"))
TRIBUTE_RANKS = (BIG_JOKER, SMALL_JOKER, TWO)  # a tribute is the payer's highest of these
FALL_KINDS = ("last", "second_last")


@trait
class PrePlay(HandState):
    def _run_preplay(self, out: list[ev.Event]) -> None:
        if self.rules.revolution_rule == "standard":  # the outline buys after 革命 (A.4)
            self._buy_threes(out)
        eligible = self._revolution_asked()
        if self.rules.revolution and eligible:
            self.phase, self.to_act, self.decided = Phase.REVOLUTION, eligible, {}
            return
        self._after_revolution(out)

    def _revolution_asked(self) -> list[int]:
        return [s for s in self._play_order(self.leader) if self._may_revolt(s)]

    def _may_revolt(self, seat: int) -> bool:
        """§8.2: no 2 and no joker after 买3; the outline (A.4): dealt no 3 either."""
        if self._wild_count(seat):
            return False
        outline = self.rules.revolution_rule == "outline" and self.rules.bie3  # A.9: 3s do not count
        return not outline or not self.cards[seat].counts[THREE]

    def _play_order(self, start: int) -> list[int]:
        return [(start + i) % SEATS for i in range(SEATS)]

    def _wild_count(self, seat: int) -> int:
        counts = self.cards[seat].counts
        return counts[TWO] + counts[SMALL_JOKER] + counts[BIG_JOKER]

    def _give(self, giver: int, receiver: int, rank: int, own: bool) -> Card:
        """Moves one card; `own` cards (dealt to the giver) are what tributes must be."""
        card = self.cards[giver].take(rank)[0]
        self.cards[receiver].add(card)
        self.left[giver] -= 1
        self.left[receiver] += 1
        mine = self.own[giver]
        mine[rank] = mine[rank] - 1 if own else min(mine[rank], self.cards[giver].counts[rank])
        return card

    # -- 买3 / 要3 ------------------------------------------------------------------------------

    def _buy_threes(self, out: list[ev.Event]) -> None:
        """§8.1 买3 / 要3; the outline sells only between enemies and never free (A.3); 后水湾's
        马牌 then buys a 4 the same way (B.2), so every seat holds a 3 and a 4."""
        if not self.rules.bie3:  # A.9: no 买3 without 憋3
            return
        enemies_only = self.rules.buying == "enemies"
        self._buy(THREE, enemies_only, out)
        if self.rules.buying == "horse":
            self._buy(FOUR, False, out)

    def _buy(self, rank: int, enemies_only: bool, out: list[ev.Event]) -> None:
        name = RANKS[rank]
        for buyer in self._play_order(self.leader):
            if self.cards[buyer].counts[rank] or buyer in self.out:
                continue
            # The opposite, then the other two enemies, then teammates, each in play order.
            sellers = [opposite(buyer), (buyer + 1) % SEATS, (buyer + 5) % SEATS]
            if not enemies_only:
                sellers += [(buyer + 2) % SEATS, (buyer + 4) % SEATS]
            seller = next((s for s in sellers if self.cards[s].counts[rank] >= 2), None)
            can_pay = any(self.cards[buyer].counts[r] for r in WILDCARDS)
            if seller is None or (enemies_only and not can_pay):  # A.3: no free 要3
                out.append(ev.ThreeUnavailable(buyer, name))
                continue
            self._give(seller, buyer, rank, own=False)
            # 要3 from a teammate is free (§8.1): the buyer keeps its 2 or joker
            paid = (
                None
                if team(seller) == team(buyer)
                else next((r for r in WILDCARDS if self.cards[buyer].counts[r]), None)
            )
            if paid is None:
                out.append(ev.ThreeGiven(buyer, seller, name))
            else:
                card = self._give(buyer, seller, paid, own=True)
                out.append(ev.ThreeBought(buyer, seller, str(card), name))

    # -- 革命, 冲点 -----------------------------------------------------------------------------

    def _decide_revolution(self, seat: int, move: Move, out: list[ev.Event]) -> None:
        self.decided[seat] = move
        self.to_act = [s for s in self.to_act if s != seat]
        if self.to_act:
            return
        rebels = [s for s, m in self.decided.items() if m is REVOLT]
        if len(rebels) >= 2:
            out.append(ev.Redealt(tuple(sorted(rebels))))
            self._deal(out)
            self._run_preplay(out)
            return
        if rebels and self.rules.revolution_rule == "outline":
            # A.4: no 冲点; the revolutionary counts as opened, the opposite must win three
            # rounds with 够级 sets (够死级三把)
            rebel = rebels[0]
            self.revolutionary = rebel
            self.out.add(rebel)
            self.opened[rebel] = True
            self.slow_opener = opposite(rebel)
            out.append(ev.RevolutionDeclared(rebel))
        elif rebels:
            rebel = rebels[0]
            self.revolutionary = rebel
            self.out.add(rebel)
            self.point_fixed = {rebel, opposite(rebel)}
            out.append(ev.RevolutionDeclared(rebel))
            self.phase, self.to_act = Phase.CHARGE, [rebel]
            if not point_sets(self.cards[rebel].counts):
                self._charge(rebel, PASS, out)
            return
        self._after_revolution(out)

    def _charge(self, seat: int, move: Move, out: list[ev.Event]) -> None:
        """冲点: the revolutionary leads one 开点 set against the opposite alone, or not."""
        opp = opposite(seat)
        if isinstance(move, CardSet):
            self._remove(seat, move)
            self.charge = move
            out.append(ev.ChargeMade(seat, move.text, True))
            self.phase, self.to_act = Phase.CHARGE_ANSWER, [opp]
            if self.rules.auto_pass and not answers(self.cards[opp].counts, move):
                self._answer_charge(opp, PASS, out)
        else:
            self.phase, self.to_act = Phase.UNCONTESTED, [opp]
            if not point_sets(self.cards[opp].counts):
                self._answer_charge(opp, PASS, out)

    def _answer_charge(self, seat: int, move: Move, out: list[ev.Event]) -> None:
        rebel = opposite(seat)
        charge = self.charge
        if isinstance(move, CardSet):
            self._credit_charge_tribute(seat, move)
            self._remove(seat, move)
        if charge is None:  # no 冲点: the opposite may lead a 开点 set unanswered
            if isinstance(move, CardSet):
                out.append(ev.ChargeMade(seat, move.text, False))
                self._open_point(seat, move, out)
        elif isinstance(move, CardSet):
            self.charge_beaten = True
            outcome = "opposite_opened" if move.is_point else "neither"
            out.append(ev.ChargeAnswered(seat, move.text, outcome))
            if move.is_point:
                self._open_point(seat, move, out)
        else:
            out.append(ev.ChargeAnswered(seat, None, "charger_opened"))
            self._open_point(rebel, charge, out)
        self._after_revolution(out)

    def _open_point(self, seat: int, move: CardSet, out: list[ev.Event]) -> None:
        if self.rules.kaidian:
            self.opened[seat] = True
            self.first_point[seat] = move.text
            out.append(ev.PointOpened(seat, move.text))

    def _credit_charge_tribute(self, seat: int, move: CardSet) -> None:
        """§8.2: tribute cards spent in 冲点 are tributes no longer owed."""
        spent = 0
        for rank, count in zip(WILDCARDS, (move.twos, move.small, move.big), strict=True):
            used = min(count, self.own[seat][rank])
            self.own[seat][rank] -= used
            spent += used
        self.charge_credit[seat] += spent

    # -- 抗贡, 进贡 -----------------------------------------------------------------------------

    def _after_revolution(self, out: list[ev.Event]) -> None:
        if self.rules.revolution_rule == "outline":  # A.4: 买3 comes after 革命
            self._buy_threes(out)
        self.tributes = list(self.owed)
        resisters = self._resist_asked()
        if resisters:
            self.phase, self.to_act, self.decided = Phase.RESIST, resisters, {}
            return
        self._pay_tributes(out)

    def _resist_asked(self) -> list[int]:
        """The fall tribute's payers holding four identical jokers (§8.3)."""
        payers = {d.payer for d in self.tributes if d.kind in FALL_KINDS}
        return [
            s
            for s in self._play_order(self.leader)
            if s in payers and any(self.cards[s].counts[r] >= 4 for r in (SMALL_JOKER, BIG_JOKER))
        ]

    def _decide_resist(self, seat: int, move: Move, out: list[ev.Event]) -> None:
        self.to_act = [s for s in self.to_act if s != seat]
        if move is RESIST:
            out.append(ev.TributeResisted(seat))
            self.tributes = [d for d in self.tributes if not (d.payer == seat and d.kind in FALL_KINDS)]
        if not self.to_act:
            self._pay_tributes(out)

    def _tribute_cards(self, debt: Debt) -> list[int]:
        """The payer's highest own cards among BJ SJ 2, as many as owed and held (§8.4)."""
        return self._own_tributes(debt.payer, debt.count)

    def _own_tributes(self, seat: int, count: int) -> list[int]:
        """Up to `count` of the seat's highest cards among BJ SJ 2 that it was dealt and still
        holds (a card spent in 冲点 is no longer held; one received is not its own)."""
        own, held = self.own[seat], self.cards[seat].counts
        ranks: list[int] = []
        for rank in TRIBUTE_RANKS:
            ranks += [rank] * min(own[rank], held[rank], count - len(ranks))
        return ranks

    def _pay_tributes(self, out: list[ev.Event]) -> None:
        self.phase = Phase.TRIBUTE
        while self.tributes:
            debt = self.tributes[0]
            credit = min(self.charge_credit[debt.payer], debt.count)
            if credit:
                self.charge_credit[debt.payer] -= credit
                out.append(ev.TributeForgiven(debt.payer, debt.receiver, debt.kind, credit, "charged"))
                debt = self.tributes[0] = Debt(
                    debt.kind, debt.payer, debt.receiver, debt.count - credit, debt.scored, debt.seq
                )
            ranks = self._tribute_cards(debt) if debt.count else []
            if len(ranks) < debt.count:
                out.append(
                    ev.TributeForgiven(debt.payer, debt.receiver, debt.kind, debt.count - len(ranks), "short")
                )
            if ranks and team(debt.payer) == team(debt.receiver):
                self.to_act = [debt.receiver]  # 吃 / 不吃 / 反抽 is the teammate's choice
                return
            self.tributes.pop(0)
            if ranks:
                cards = tuple(str(self._give(debt.payer, debt.receiver, r, own=True)) for r in ranks)
                out.append(ev.TributePaid(debt.payer, debt.receiver, debt.kind, cards))
                self._owe_returns(debt.receiver, debt.payer, debt.kind, len(cards))
        self._return_or_on(out)

    # -- 还贡 (A.11) ---------------------------------------------------------------------------

    def _owe_returns(self, receiver: int, payer: int, kind: str, count: int) -> None:
        """Each tribute card received but a 点贡 is answered by one, after all tributes are paid."""
        if self.rules.return_tribute and kind != "point":
            self.returns += [(receiver, payer, kind)] * count

    def _return_or_on(self, out: list[ev.Event]) -> None:
        """The next card to give back, in the order the tributes were paid; then on to play. A
        receiver holding nothing it may give (only 3s under 憋3) gives nothing."""
        while self.returns and not self._return_moves(self.returns[0][0]):
            self.returns.pop(0)
        if self.returns:
            self.phase, self.to_act = Phase.RETURN, [self.returns[0][0]]
            return
        self._dead_levels_or_play(out)

    def _return_moves(self, seat: int) -> list[Move]:
        """Any card of the seat's but a 3 under 憋3 (the 3s wait for the last set)."""
        counts = self.cards[seat].counts
        return [RETURNS[r] for r in range(len(counts)) if counts[r] and not (r == THREE and self.rules.bie3)]

    def _give_back(self, seat: int, move: Move, out: list[ev.Event]) -> None:
        assert isinstance(move, Return)
        _, payer, kind = self.returns.pop(0)
        card = self._give(seat, payer, move.rank, own=False)
        out.append(ev.TributeReturned(seat, payer, kind, str(card)))
        self._return_or_on(out)

    def default_return(self, seat: int) -> Return:
        """The referee's 还贡 for a seat out of time: its lowest card that keeps its sets whole (a
        rank it holds once), else its lowest card; never a wildcard while it holds another."""
        counts = self.cards[seat].counts
        offered = [move.rank for move in self._return_moves(seat) if isinstance(move, Return)]
        plain = [r for r in offered if r not in WILDCARDS] or offered
        single = [r for r in plain if counts[r] == 1]
        return RETURNS[min(single or plain)]

    def _tribute_choices(self) -> list[Move]:
        """吃 / 不吃 / 反抽 (§8.4): 反抽 only with tribute cards of the receiver's own to give."""
        debt = self.tributes[0]
        owed = len(self._tribute_cards(debt))
        can_counter = len(self._own_tributes(debt.receiver, owed))
        if owed == 1:
            return [decision("take"), decision("decline"), *([decision("counter")] if can_counter else [])]
        return [
            *(decision("take", n) for n in range(1, owed + 1)),
            *(decision("counter", n) for n in range(1, can_counter + 1)),
            decision("decline"),
        ]

    def _choose_tribute(self, seat: int, move: Decision, out: list[ev.Event]) -> None:
        debt = self.tributes.pop(0)
        count = move.count or 1
        cards: tuple[str, ...] = ()
        if move.name == "take":
            ranks = self._tribute_cards(debt)[:count]
            cards = tuple(str(self._give(debt.payer, seat, r, own=True)) for r in ranks)
        elif move.name == "counter":  # 反抽: the receiver gives its own highest tribute cards
            ranks = self._own_tributes(seat, count)
            cards = tuple(str(self._give(seat, debt.payer, r, own=True)) for r in ranks)
        out.append(ev.TributeChoice(seat, debt.payer, debt.kind, move.name, cards))
        if move.name == "take":
            self._owe_returns(seat, debt.payer, debt.kind, len(cards))
        self._pay_tributes(out)

    # -- 死级, then play ------------------------------------------------------------------------

    def _dead_levels_or_play(self, out: list[ev.Event]) -> None:
        if self.revolutionary is not None and self.rules.revolution_rule == "standard":
            self.phase, self.to_act = Phase.DEAD_LEVELS, [opposite(self.revolutionary)]
            return
        self._declare_or_play(out)

    # -- 会3 / 会4 (A.9), then play -------------------------------------------------------------

    def _merge_or_play(self, out: list[ev.Event]) -> None:
        """Without 憋3 the first leader may take every 3 and / or 4 out of the hand (A.9)."""
        if self.rules.bie3:
            self._start_play(self.leader, out)
            return
        self.phase, self.to_act = Phase.MERGE, [self._holder_from(self.leader)]

    def _merge(self, seat: int, move: Move, out: list[ev.Event]) -> None:
        if isinstance(move, Merge):
            for rank in move.ranks:
                for holder in range(SEATS):
                    count = self.cards[holder].counts[rank]
                    if count:  # out of the game: counted with the cards played
                        self.cards[holder].drop(rank, count)
                        self.left[holder] -= count
                        self.played += count
            out.append(ev.Merged(seat, tuple(RANKS[r] for r in move.ranks)))
        self._start_play(self.leader, out)

    def _decide_dead_levels(self, seat: int, move: Move, out: list[ev.Event]) -> None:
        chosen = move is DEAD_LEVELS
        out.append(ev.DeadLevelsChosen(seat, chosen))
        if chosen:  # three more 够级 sets with a head (§8.2)
            self.dead_seat, self.dead_left = seat, 3
        else:
            self.headless[seat] = True
            out.append(ev.BecameHeadless(seat))
        self._declare_or_play(out)

    def _preplay_moves(self, seat: int) -> list[Move]:
        step = STEPS.get(Phase(self.phase))
        return [] if step is None else step.moves(self, seat)

    def _apply_preplay(self, seat: int, move: Move, out: list[ev.Event]) -> None:
        STEPS[Phase(self.phase)].apply(self, seat, move, out)

    # what each decision offers, for the dispatch table below
    def _charge_moves(self, seat: int) -> list[Move]:
        return [*point_sets(self.cards[seat].counts), PASS]

    def _answer_moves(self, seat: int) -> list[Move]:
        assert self.charge is not None
        return [*answers(self.cards[seat].counts, self.charge), PASS]

    def _tribute_move(self, seat: int, move: Move, out: list[ev.Event]) -> None:
        assert isinstance(move, Decision)
        self._choose_tribute(seat, move, out)


class Step(NamedTuple):
    """A pre-play decision: the moves it offers a seat, and what a chosen move does."""

    moves: Callable[[PrePlay, int], list[Move]]
    apply: Callable[[PrePlay, int, Move, list[ev.Event]], None]


STEPS: dict[Phase, Step] = {
    Phase.REVOLUTION: Step(lambda hand, seat: [REVOLT, PASS], PrePlay._decide_revolution),
    Phase.CHARGE: Step(PrePlay._charge_moves, PrePlay._charge),
    Phase.CHARGE_ANSWER: Step(PrePlay._answer_moves, PrePlay._answer_charge),
    Phase.UNCONTESTED: Step(PrePlay._charge_moves, PrePlay._answer_charge),
    Phase.RESIST: Step(lambda hand, seat: [RESIST, PAY], PrePlay._decide_resist),
    Phase.TRIBUTE: Step(lambda hand, seat: hand._tribute_choices(), PrePlay._tribute_move),
    Phase.RETURN: Step(PrePlay._return_moves, PrePlay._give_back),
    Phase.DEAD_LEVELS: Step(lambda hand, seat: [DEAD_LEVELS, PASS], PrePlay._decide_dead_levels),
    Phase.BLIND_DECLARE: Step(lambda hand, seat: [DECLARE, PASS], lambda h, s, m, o: h._declare(s, m, o)),
    Phase.DECLARE: Step(lambda hand, seat: [DECLARE, PASS], lambda h, s, m, o: h._declare(s, m, o)),
    Phase.MERGE: Step(lambda hand, seat: [*MERGES.values(), PASS], PrePlay._merge),
    Phase.CLAIM_ANSWER: Step(lambda h, s: h._claim_answers(s), lambda h, s, m, o: h._answer_claim(s, m, o)),
}
