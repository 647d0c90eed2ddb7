"""§6–§7 and §9–§10 during play: rounds, answers, 够级, burns, 无头, 接风, 四人乱缠, 开点, 闷, ends.

A mixin of `Hand`: it reads and writes the hand's state and never touches the outside world.
"""

from __future__ import annotations

from mypy_extensions import trait

from engine.errors import IllegalMove
from engine.gouji import events as ev
from engine.gouji.cards import BIG_JOKER, FOUR, SEATS, SMALL_JOKER, THREE, TWO
from engine.gouji.claims import CLAIM
from engine.gouji.phase import Phase
from engine.gouji.scoring import Debt, opposite, team
from engine.gouji.sets import (
    PASS,
    WILD_ONLY,
    YIELD,
    CardSet,
    Move,
    Spend,
    beats_by_rank,
    beats_over_big,
    can_answer,
    can_answer_by_rank,
    can_answer_over_big,
    can_finish_with_jokers,
    holds,
    within,
)
from engine.gouji.state import HandState
from engine.gouji.turns import Turn


@trait
class PlayPhase(HandState):
    # -- start and rounds ---------------------------------------------------------------------

    def _start_play(self, leader: int, out: list[ev.Event]) -> None:
        self.phase = Phase.PLAY
        leader = self._holder_from(leader)
        out.append(ev.PlayStarted(leader))
        self._new_round(leader)

    def _new_round(self, leader: int) -> None:
        self.table = None
        self.owner = leader
        self.protected = False
        self.passed = [False] * SEATS
        self.burn = None
        self.smother_risk = None
        self.yielder = None
        self.claim_refused = None
        self.to_act = [leader]

    def _holder_from(self, seat: int) -> int:
        """`seat` if it still plays this hand, else the next seat that does (play order)."""
        for step in range(SEATS):
            candidate = (seat + step) % SEATS
            if self.left[candidate] and candidate not in self.out:
                return candidate
        return seat

    def _holders(self) -> list[int]:
        return [s for s in range(SEATS) if self.left[s] and s not in self.out]

    # -- what a seat may do --------------------------------------------------------------------

    def _is_burn(self, seat: int) -> bool:
        """§7: beating a protected 够级 set as neither its opposite nor 无头 is a burn."""
        return self.protected and seat != opposite(self.owner) and not self.headless[seat]

    def _play_moves(self, seat: int) -> list[Move]:
        counts = self.cards[seat].counts
        if self.table is None:
            leads = self.sets.leads(counts)
            if self.obligated[seat]:
                leads = [m for m in leads if self._keeps_obligation(counts, m)]
            return [*leads, CLAIM] if self._may_claim(seat) else [*leads]
        found = self.answers_of(counts, self.table)
        if self.obligated[seat]:
            found = [m for m in found if self._keeps_obligation(counts, m)]
        elif self._is_burn(seat):
            found = [m for m in found if can_finish_with_jokers(counts, m, self.low)]
        return [*found, PASS, YIELD] if self._may_yield(seat) else [*found, PASS]

    def answers_of(self, counts: list[int], table: CardSet, spend: Spend | None = None) -> list[CardSet]:
        """Every set of these cards that beats `table` (§4, and B.3 where it applies): a seat's
        own, or those a reader of the play supposes another seat held; with `spend`,
        only those whose wildcards cost no more than its budget (`SetTable.answers`)."""
        if self.rank_compare:  # the outline's (A.1): by rank, the wildcards ordinary members
            return [m for m in self.sets.answers_by_rank(counts, table) if within(m, spend)]
        found = self.sets.answers(counts, table, spend)
        if table.big and self.rules.bj_over_bj:
            found += [m for m in self.sets.answers_over_big(counts, table) if within(m, spend)]
        return found

    def _beats(self, move: CardSet, table: CardSet) -> bool:
        if self.rank_compare:
            return beats_by_rank(move, table)
        return move.beats(table) or (self.rules.bj_over_bj and beats_over_big(move, table))

    def _may_yield(self, seat: int) -> bool:
        """让牌 (docs/rules/gouji-variants.md A.10): answering the opposite's set while the two seats after
        this one are still to answer it (not passed this round), the seat may let them go first."""
        if not self.rules.yielding or self.table is None or self.melee or self.yielder is not None:
            return False
        if self.owner != opposite(seat):
            return False
        # (on the yielder's own set the opposite is the only seat asked: no two seats follow)
        after = [(seat + 1) % SEATS, (seat + 2) % SEATS]
        return self.queue[self.qi : self.qi + 2] == after

    def warnings(self, seat: int) -> dict[str, str]:
        """The seat's legal plays that carry a consequence worth a second look: `burn` (§7: if it
        stands, every later set must hold a joker) and `gives_up_point` (§9: a 4 played before
        开点 gives up the seat's point)."""
        if self.phase != "play" or seat not in self.to_act:
            return {}
        burning = self.table is not None and self._is_burn(seat)
        point_open = self._may_open_point(seat) and self.rules.point_rule != "outline"  # no 4-rule (A.5)
        found: dict[str, str] = {}
        for move in self._play_moves(seat):
            if move is CLAIM:
                found[move.text] = "shows_hand"
            if not isinstance(move, CardSet):  # pass, 让牌, 挑牌
                continue
            if self._falls_with(move) and self._leaves_final_threes(seat, move.size):
                found[move.text] = "jokers_fall"
            elif burning:
                found[move.text] = "burn"
            elif point_open and move.rank == FOUR:
                found[move.text] = "gives_up_point"
        return found

    def _leaves_final_threes(self, seat: int, size: int) -> bool:
        """With 憋3, playing `size` cards leaves the seat its final 3s and nothing else."""
        left = self.left[seat] - size
        return self.rules.bie3 and left > 0 and left == self.cards[seat].counts[THREE]

    def _falls_with(self, move: CardSet) -> bool:
        """大小王不出手 (B.7): a set of jokers alone, where the option is on."""
        return self.rules.bare_jokers_fall and move.size == move.jokers

    def _may_open_point(self, seat: int) -> bool:
        """§9 开点 is still open to the seat: the option on, not opened yet, not fixed by a
        revolution, not 无头 (its opposite finished), before 四人乱缠 (二科 finished), no 4 played.
        The outline (A.5) drops the 4; 后水湾 (B.5) keeps it and closes 开点 once 头科 is out."""
        if not self.rules.kaidian or self.opened[seat] or seat in self.point_fixed:
            return False
        rule = self.rules.point_rule
        if rule == "houshuiwan":  # a 头科 finishing with this very round still counts (pending)
            return not self.played_four[seat] and all(s in self.pending for s in self.finished)
        headless = self.headless[seat] or seat == self.last_gouji_seat  # B.12's chance opens nothing
        return not headless and not self.melee and (rule == "outline" or not self.played_four[seat])

    def _opens_now(self, winner: int, move: CardSet) -> bool:
        """Whether this round's winning set opens the winner's point (if still open to it)."""
        if winner != self.slow_opener:
            return self.opens_point(move)
        if self.is_gouji(move) and not self.melee:  # A.4 够死级三把: the third 够级 round won
            self.gouji_wins += 1
        return self.gouji_wins >= 3

    def _can_beat(self, seat: int) -> bool:
        counts = self.cards[seat].counts
        assert self.table is not None
        strict = self.obligated[seat]
        burning = self._is_burn(seat)
        if not (strict or burning):
            table = self.table
            if self.rank_compare:
                return can_answer_by_rank(counts, table, self.low)
            if table.big and self.rules.bj_over_bj:  # only B.3 answers a big joker
                return can_answer_over_big(counts, table, self.low)
            return can_answer(counts, table, self.low)
        for move in self.answers_of(counts, self.table):
            if strict:
                if self._keeps_obligation(counts, move):
                    return True
            elif not burning or can_finish_with_jokers(counts, move, self.low):
                return True
        return False

    def _keeps_obligation(self, counts: list[int], move: CardSet) -> bool:
        """After a successful burn: a joker in every set (the final 3s of 憋3 apart), still
        feasible."""
        if move.is_threes and self.rules.bie3:
            return True
        return move.jokers > 0 and can_finish_with_jokers(counts, move, self.low)

    def _check_play(self, seat: int, move: Move) -> None:
        """Why `move` is illegal for the seat to act, in words a player understands."""
        if not isinstance(move, CardSet):
            if move is PASS:
                if self.table is None:
                    raise IllegalMove("must_lead")
                return
            if move is YIELD:
                if not self._may_yield(seat):
                    raise IllegalMove("no_yield")
                return
            if move is CLAIM:
                if not self._may_claim(seat):
                    raise IllegalMove("no_claim")
                return
            raise IllegalMove("play_a_set", text=str(move))  # a pre-play word (take, revolt…) in play
        counts = self.cards[seat].counts
        bie3 = move.is_threes and self.rules.bie3  # 憋3: 3s alone, all together, last (§3)
        if bie3 and move.size != move.naturals:
            raise IllegalMove("threes_no_wild")
        if not holds(counts, move):
            raise IllegalMove("not_in_hand", cards=str(move))
        if bie3 and (move.naturals != counts[THREE] or sum(counts) != counts[THREE]):
            raise IllegalMove("threes_last")
        table = self.table
        if table is not None and not self._beats(move, table):
            if move.size != table.size:
                raise IllegalMove("wrong_size", size=table.size, table=str(table))
            raise IllegalMove("too_small", move=str(move), table=str(table))
        if self.obligated[seat]:
            if not self._keeps_obligation(counts, move):
                raise IllegalMove("burn_obligation")
        elif table is not None and self._is_burn(seat) and not can_finish_with_jokers(counts, move, self.low):
            raise IllegalMove("burn_infeasible", move=str(move))

    # -- doing it ------------------------------------------------------------------------------

    def _apply_play(self, seat: int, move: Move, out: list[ev.Event]) -> None:
        if move is not PASS and move is not CLAIM:  # a pass is recorded with the auto-passes
            self._record_turn(seat, move)
        if move is PASS:
            self._record_pass(seat, False, out)
            self._advance(out)
            return
        if move is CLAIM:  # 挑牌: the others accept or reject (A.9)
            self._claim(seat, out)
            return
        if move is YIELD:  # the next two answer first; then the yielder, if both passed
            self.yielder = seat
            self.queue.insert(self.qi + 2, seat)
            out.append(ev.Yielded(seat, (self.queue[self.qi], self.queue[self.qi + 1])))
            self._advance(out)
            return
        assert isinstance(move, CardSet)
        yielded = self.yielder
        if yielded is not None and yielded != seat:
            self.passed[yielded] = True  # one of the two beat it: the yielder has passed
        lead = self.table is None
        burn = not lead and self._is_burn(seat)
        beaten_owner = self.owner
        if not lead:
            self._on_beaten(seat, out)
        self._remove(seat, move)
        self.table, self.owner = move, seat
        gouji = self.is_gouji(move)
        self.protected = gouji and not self.melee and not self.headless[seat]
        if gouji and seat == self.last_gouji_seat:  # B.12: its 够死级 set, answered only by a burn
            self.last_gouji_played = True
        self.burn = (seat, beaten_owner) if burn else None
        out.append(ev.Played(seat, move.text, lead, gouji, burn, self.left[seat]))
        if seat == self.dead_seat and gouji and self.dead_left:
            self._use_dead_level(seat, out)
        # 闷 risk: this set leaves only 3s; if it is beaten, its player is smothered.
        self.smother_risk = seat if self._leaves_final_threes(seat, 0) else None
        if self.smother_risk is not None and self._falls_with(move) and seat not in self.fallen:
            self.fallen.append(seat)
            out.append(ev.JokersFell(seat))
        if not self.left[seat] and self._finish(seat, out):
            return
        self._start_answers(seat, only_opposite=yielded == seat)
        self._advance(out)

    def _remove(self, seat: int, move: CardSet) -> None:
        hand = self.cards[seat]
        if move.rank != WILD_ONLY:
            hand.drop(move.rank, move.naturals)
            if move.rank == FOUR:
                self.played_four[seat] = True
        if move.twos:
            hand.drop(TWO, move.twos)
        if move.jokers:
            hand.drop(SMALL_JOKER, move.small)
            hand.drop(BIG_JOKER, move.big)
            self.jokers_played[seat][0] += move.small
            self.jokers_played[seat][1] += move.big
        self.left[seat] -= move.size
        self.played += move.size

    def _use_dead_level(self, seat: int, out: list[ev.Event]) -> None:
        self.dead_left -= 1
        if not self.dead_left:
            self.headless[seat] = True
            out.append(ev.BecameHeadless(seat))

    def _on_beaten(self, by: int, out: list[ev.Event]) -> None:
        if self.smother_risk is not None:
            victim = self.smother_risk
            out.append(ev.Smothered(victim, by))
            self._add_special("smother", victim, by)
        if self.burn is not None:
            burner, burned = self.burn
            out.append(ev.BurnFailed(burner, burned, by, by == burned))

    def _add_special(self, kind: str, payer: int, receiver: int, scored: bool = True, count: int = 1) -> None:
        if team(payer) != team(receiver):  # §9: special tributes between teammates are void
            self.specials.append(Debt(kind, payer, receiver, count, scored, len(self.specials)))

    def _record_turn(self, seat: int, move: Move) -> None:
        """Adds the turn to the public record (`turns`), before the move changes the table."""
        if not self.keeps_turns:
            return
        table, owner = self.table, self.owner
        self.turns = Turn(
            seat,
            move,
            table,
            owner,
            self.left[owner],
            table is not None and self.is_gouji(table),
            table is not None and self.opens_point(table) and self._may_open_point(owner),
            not self.obligated[seat] and not (table is not None and self._is_burn(seat)),
            self.rules.kaidian and not self.opened[seat] and not self.played_four[seat],
            isinstance(move, CardSet) and self.opens_point(move),
            self.turns,
        )

    def _record_pass(self, seat: int, auto: bool, out: list[ev.Event]) -> None:
        self._record_turn(seat, PASS)
        self.passed[seat] = True
        self.last_answerer = seat
        self.melee_passes += 1
        out.append(ev.Passed(seat, auto))

    def _start_answers(self, owner: int, only_opposite: bool = False) -> None:
        """The seats to ask about the set just played, in order (§6, §7 priority); a set the
        yielder plays after 让牌 only its opposite may answer (docs/rules/gouji-variants.md A.10)."""
        order = [(owner + i) % SEATS for i in range(1, SEATS)]
        holders = [s for s in order if self.left[s] and s not in self.out]
        self.last_answerer = None
        self.last_chance_done = False
        self.melee_passes = 0
        self.cursor = owner
        self.yielder = None
        if only_opposite:
            self.queue = [s for s in holders if s == opposite(owner)]
        elif self.melee:
            self.queue = []
        else:
            outline = self.rules.burn_priority == "outline"
            self.queue = answer_queue(owner, holders, self.protected, self.headless, self.passed, outline)
        self.qi = 0

    def _advance(self, out: list[ev.Event]) -> None:
        """Finds the next seat that has a real decision; passes the rest (§6 auto-pass)."""
        auto = self.rules.auto_pass
        if self.melee:
            self._advance_melee(out)
            return
        while self.qi < len(self.queue):
            seat = self.queue[self.qi]
            self.qi += 1
            if auto and not self._can_beat(seat):
                self._record_pass(seat, True, out)
                continue
            self.to_act = [seat]
            return
        opp = opposite(self.owner)
        if not self.last_chance_done and self.left[opp] and opp not in self.out and self.last_answerer != opp:
            # §6 the opposite's last chance: once, even after passing earlier this round.
            self.last_chance_done = True
            if not auto or self._can_beat(opp):
                self.to_act = [opp]
                return
        self._win_round(out)

    def _advance_melee(self, out: list[ev.Event]) -> None:
        """§6 四人乱缠: anyone may answer; a set wins when all others with cards pass in a row."""
        auto = self.rules.auto_pass
        while True:
            others = sum(1 for s in self._holders() if s != self.owner)
            if self.melee_passes >= others:
                self._win_round(out)
                return
            seat = self._holder_from((self.cursor + 1) % SEATS)
            self.cursor = seat
            if auto and not self._can_beat(seat):
                self._record_pass(seat, True, out)
                continue
            self.to_act = [seat]
            return

    def _become_headless(self, seat: int | None, out: list[ev.Event]) -> None:
        if seat is not None and self.left[seat] and seat not in self.out and not self.headless[seat]:
            self.headless[seat] = True
            out.append(ev.BecameHeadless(seat))

    def _win_round(self, out: list[ev.Event]) -> None:
        winner, move = self.owner, self.table
        assert move is not None
        if self.burn is not None:
            burner, burned = self.burn
            out.append(ev.BurnSucceeded(burner, burned))
            self._add_special("burn", burned, burner)
            if self.left[burner]:
                self.obligated[burner] = True
        if self._opens_now(winner, move) and self._may_open_point(winner):
            self.opened[winner] = True
            self.first_point[winner] = move.text
            out.append(ev.PointOpened(winner, move.text))
        self._close_round(winner, out)

    def _close_round(self, winner: int, out: list[ev.Event]) -> None:
        """The round is the winner's: 无头 and 四人乱缠 begin only now (§6, the last set counts),
        and the winner leads the next one (接风: the next seat with cards, if it finished)."""
        if self.last_gouji_played:  # B.12: the 够死级 set's round is over: 无头 as usual
            self._become_headless(self.last_gouji_seat, out)
            self.last_gouji_seat, self.last_gouji_played = None, False
        for finisher in self.pending:
            opp = opposite(finisher)
            first = finisher == self.finished[0]
            if self.rules.last_gouji and first and self.left[opp] and opp not in self.out:
                self.last_gouji_seat = opp  # 头科's opposite keeps one 够级 chance first
                out.append(ev.LastGoujiChance(opp))
                continue
            self._become_headless(opp, out)
        self.pending = []
        if len(self.finished) >= 2 and not self.melee:
            self.melee = True
            out.append(ev.MeleeBegan())
        leader = winner if self.left[winner] else self._holder_from((winner + 1) % SEATS)
        out.append(ev.RoundWon(winner, leader, leader != winner))
        self._new_round(leader)

    # -- finishing ---------------------------------------------------------------------------

    def _finish(self, seat: int, out: list[ev.Event]) -> bool:
        """Records a finish; returns True when the hand ended with it (§10)."""
        self.finished.append(seat)
        self.pending.append(seat)
        self.obligated[seat] = False
        order = self.finish_order
        # A forfeited seat plays on (by bot) but its place is fixed: last (§12).
        out.append(ev.Finished(seat, order.index(seat) + 1 if seat in order else SEATS))
        last, holders = self.placed_last, self._holders()
        sweep = swept(self.finished, last, self.revolutionary)
        if sweep is None and len(holders) <= 1:
            sweep = swept_with_leavers_last(self.finished, holders, last, self.revolutionary)
        if sweep is not None or len(holders) <= 1:
            self._end_hand(sweep, out)
            return True
        return False

    def _point_debts(self, out: list[ev.Event]) -> None:
        """§9 开点: in each opposite pair where exactly one opened, the other owes a 点贡. The
        variants (A.5, B.5): every seat that did not open owes its opposite one, both of a pair
        when both failed (互进点贡); the outline's are never scored."""
        if not self.rules.kaidian:
            return
        rule = self.rules.point_rule
        if rule != "standard":
            scored = rule != "outline"
            for seat in range(SEATS):
                if not self.opened[seat] and not self._declared_against(seat):
                    self._add_special("point", seat, opposite(seat), scored)
            self._declaration_debts(scored, out)
            return
        for seat in range(SEATS // 2):
            pair = (seat, opposite(seat))
            if self.opened[pair[0]] != self.opened[pair[1]]:
                opener, other = pair if self.opened[pair[0]] else pair[::-1]
                self._add_special("point", other, opener, self.dealt_point_set[other])


def answer_queue(
    owner: int, holders: list[int], protected: bool, headless: list[bool], passed: list[bool], outline: bool
) -> list[int]:
    """The seats asked about the set just played, in order, outside 四人乱缠: those that have not
    passed this round; a protected 够级 set is answered first by the burners (neither its
    opposite nor 无头; under the outline's priority its own team first), then by its opposite
    and the 无头 seats (§7). `Hand` and the playout kernel ask here."""
    if not protected:
        return [s for s in holders if not passed[s]]
    opp = opposite(owner)
    burners = [s for s in holders if s != opp and not headless[s] and not passed[s]]
    if outline:  # the 够级 player's own team burns first
        burners.sort(key=lambda s: team(s) != team(owner))
    return burners + [s for s in holders if s == opp or (headless[s] and not passed[s])]


def last_places(fallen: list[int], forced: list[int]) -> list[int]:
    """Seats whose place is fixed at the bottom whatever they do: 大小王不出手 (B.7), then the
    leavers (§12), last of all."""
    return [*(s for s in fallen if s not in forced), *forced]


def swept(finished: list[int], last: list[int], revolutionary: int | None) -> int | None:
    """The team of a 烩四 (§10) by these finishes, seats placed `last` apart (and §8.2: a
    revolutionary's two teammates taking 头科 and 二科); None if there is none yet."""
    order = [s for s in finished if s not in last]
    if revolutionary is not None and len(order) >= 2:
        side = team(revolutionary)
        if team(order[0]) == side and team(order[1]) == side:
            return side
    if len(order) >= 3 and team(order[0]) == team(order[1]) == team(order[2]):
        return team(order[0])
    return None


def swept_with_leavers_last(
    finished: list[int], holders: list[int], last: list[int], revolutionary: int | None
) -> int | None:
    """At the hand's end the leavers are placed last (§12), so the first three places may be one
    team's after all (three leavers of the other team): that is a 烩四 (§10)."""
    order = [s for s in [*finished, *holders] if s not in last]
    if revolutionary is not None:
        order.insert(min(3, len(order)), revolutionary)
    first = [*order, *last][:3]  # the leavers too, when fewer than three played on
    return team(first[0]) if len(first) == 3 and len({team(s) for s in first}) == 1 else None
