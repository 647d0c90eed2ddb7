"""The 够级 playout kernel: the play of a hand (§6–§7, §9–§10 and every variant's rules
of play) in machine integers, for random playouts and the searches that play thousands of them.

`Hand` is the referee: it checks every move, reports events, keeps the public record of play and
the cards' suits for the pictures. None of that is needed to play a position out, so the kernel
keeps only rank counts, flags and seat numbers (-1 for none), plays the interned sets the
enumeration already holds (`SetTable`), and picks a random lead by its index in the list `leads`
would build (`SetTable.lead_at`) instead of building it. It starts from a `Hand` in play and ends
there too: the hand's scores and debts are the engine's own (`ended`). tests/gouji/test_kernel.py
plays random hands of every variant and option family through both, move for move.
"""

from __future__ import annotations

import random
from typing import Final

from engine.gouji.bot import TEAMMATES, answer_budget, answer_within, lead_choice, plain_lead, quick_answer
from engine.gouji.cards import ACE, BIG_JOKER, FOUR, SEATS, SMALL_JOKER, THREE, TWO
from engine.gouji.claims import ACCEPT, CLAIM, REJECT
from engine.gouji.hand import Hand
from engine.gouji.phase import Phase
from engine.gouji.play import answer_queue, last_places, swept, swept_with_leavers_last
from engine.gouji.scoring import Debt, opposite, team
from engine.gouji.sets import (
    PASS,
    POINT_HOUSHUIWAN,
    POINT_OUTLINE,
    YIELD,
    CardSet,
    Move,
    SetTable,
    can_answer,
    can_answer_by_rank,
    can_answer_over_big,
    can_finish_with_jokers,
    is_gouji_as,
    natural_set,
    opens_point_as,
)

NONE: Final = -1  # no seat
PLAYING: Final = 0
CLAIMED: Final = 1  # 挑牌: the others accept or reject (A.9)
OVER: Final = 2


def _seat(value: int | None) -> int:
    return NONE if value is None else value


def _optional(seat: int) -> int | None:
    return None if seat == NONE else seat


class Kernel:
    """A hand in play (or in a claim's answers), as `Hand` plays it, without its referee's work."""

    def __init__(self, hand: Hand) -> None:
        if hand.phase not in (Phase.PLAY, Phase.CLAIM_ANSWER):
            raise ValueError("the kernel plays a hand in play")
        rules = hand.rules
        self.origin = hand  # what `ended` completes a copy of (the kernel never changes it)
        self.sets: SetTable = hand.sets
        self.low, self.gouji_sets, self.rank_compare = hand.low, hand.gouji_sets, hand.rank_compare
        self.auto_pass, self.bie3, self.kaidian = rules.auto_pass, rules.bie3, rules.kaidian
        self.bj_over_bj, self.yielding, self.last_gouji = rules.bj_over_bj, rules.yielding, rules.last_gouji
        self.burn_outline = rules.burn_priority == "outline"
        self.point_kind = hand.point_kind
        self.bare_jokers_fall = rules.bare_jokers_fall
        self.counts = [list(cards.counts) for cards in hand.cards]
        self.left, self.played = list(hand.left), hand.played
        self.out = [seat in hand.out for seat in range(SEATS)]
        self.point_fixed = [seat in hand.point_fixed for seat in range(SEATS)]
        self.revolutionary, self.slow_opener = _seat(hand.revolutionary), _seat(hand.slow_opener)
        self.gouji_wins, self.dead_left = hand.gouji_wins, hand.dead_left
        self.dead_seat = _seat(hand.dead_seat)
        self.last_gouji_seat, self.last_gouji_played = _seat(hand.last_gouji_seat), hand.last_gouji_played
        self.table: CardSet | None = hand.table
        self.owner, self.protected = hand.owner, hand.protected
        self.passed, self.queue = list(hand.passed), list(hand.queue)
        self.qi, self.cursor = hand.qi, hand.cursor
        self.yielder, self.claimant = _seat(hand.yielder), _seat(hand.claimant)
        self.claim_refused, self.last_answerer = _seat(hand.claim_refused), _seat(hand.last_answerer)
        self.last_chance_done, self.melee_passes = hand.last_chance_done, hand.melee_passes
        self.burner, self.burned = (NONE, NONE) if hand.burn is None else hand.burn
        self.smother_risk = _seat(hand.smother_risk)
        self.obligated, self.headless, self.melee = list(hand.obligated), list(hand.headless), hand.melee
        self.pending, self.finished = list(hand.pending), list(hand.finished)
        self.forced, self.fallen = list(hand.forced), list(hand.fallen)
        self.opened, self.first_point = list(hand.opened), list(hand.first_point)
        self.played_four = list(hand.played_four)
        self.jokers_played = [list(pair) for pair in hand.jokers_played]
        self.specials = list(hand.specials)
        self.to_act = list(hand.to_act)
        self.phase = CLAIMED if hand.phase == Phase.CLAIM_ANSWER else PLAYING
        self.sweep = NONE

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    # -- what a seat may do (Hand.legal_moves) ----------------------------------------------------

    def legal_moves(self, seat: int) -> list[Move]:
        if seat not in self.to_act:
            return []
        if self.phase == CLAIMED:
            return [ACCEPT, REJECT]
        counts = self.counts[seat]
        table = self.table
        if table is None:
            leads: list[Move] = [*self._bound(seat, counts, self.sets.leads(counts))]
            if self._may_claim(seat):
                leads.append(CLAIM)
            return leads
        found: list[Move] = [*self._bound(seat, counts, self._answers(counts, table))]
        found.append(PASS)
        if self._may_yield(seat):
            found.append(YIELD)
        return found

    def _allowed(self, seat: int, counts: list[int], move: CardSet) -> bool:
        """A burn's obligation (§7) on a bound seat, and on a burning answer its feasibility."""
        if self.obligated[seat]:
            return self._keeps_obligation(counts, move)
        return self.table is None or not self._is_burn(seat) or can_finish_with_jokers(counts, move, self.low)

    def _answers(self, counts: list[int], table: CardSet) -> list[CardSet]:
        if self.rank_compare:
            return self.sets.answers_by_rank(counts, table)
        found = self.sets.answers(counts, table)
        if table.big and self.bj_over_bj:
            found += self.sets.answers_over_big(counts, table)
        return found

    def _keeps_obligation(self, counts: list[int], move: CardSet) -> bool:
        if move.is_threes and self.bie3:
            return True
        return move.jokers > 0 and can_finish_with_jokers(counts, move, self.low)

    def _is_burn(self, seat: int) -> bool:
        return self.protected and seat != opposite(self.owner) and not self.headless[seat]

    def _may_claim(self, seat: int) -> bool:
        return (
            not self.bie3
            and self.table is None
            and not self.obligated[seat]
            and self.claim_refused != seat
            and self.left[seat] > 0
        )

    def _may_yield(self, seat: int) -> bool:
        if not self.yielding or self.table is None or self.melee or self.yielder != NONE:
            return False
        if self.owner != opposite(seat) or self.qi + 2 > len(self.queue):
            return False
        return self.queue[self.qi] == (seat + 1) % SEATS and self.queue[self.qi + 1] == (seat + 2) % SEATS

    def _can_beat(self, seat: int) -> bool:
        counts, table = self.counts[seat], self.table
        assert table is not None
        if not self.obligated[seat] and not self._is_burn(seat):
            if self.rank_compare:
                return can_answer_by_rank(counts, table, self.low)
            if table.big and self.bj_over_bj:
                return can_answer_over_big(counts, table, self.low)
            return can_answer(counts, table, self.low)
        return bool(self._bound(seat, counts, self._answers(counts, table)))

    def random_move(self, rand: random.Random) -> Move:
        """A uniformly random legal move of the first seat to act (as `random.choice` of
        `legal_moves` would pick), a free lead taken by its index without building the list."""
        seat = self.to_act[0]
        if self.phase == CLAIMED:
            return ACCEPT if rand.random() < 0.5 else REJECT
        if self.table is None and not self.obligated[seat]:
            counts = self.counts[seat]
            count = self.sets.lead_count(counts)
            claim = self._may_claim(seat)
            pick = int(rand.random() * (count + 1 if claim else count))
            return CLAIM if pick == count else self.sets.lead_at(counts, pick)
        moves = self.legal_moves(seat)
        return moves[int(rand.random() * len(moves))]

    def random_playout(self, rand: random.Random, log: list[tuple[int, Move]] | None = None) -> None:
        """Plays the hand to its end by uniformly random legal moves (`log`: each seat and move)."""
        while self.phase != OVER:
            seat = self.to_act[0]
            move = self.random_move(rand)
            if log is not None:
                log.append((seat, move))
            self.apply(seat, move)

    def heuristic_move(self) -> Move:
        """The heuristic bot's move for the first seat to act (`engine.gouji.bot.choose`, whose
        leads and answers it asks of the same functions)."""
        seat = self.to_act[0]
        if self.phase == CLAIMED:  # a teammate's claim helps the team, an enemy's not
            return ACCEPT if team(self.claimant) == team(seat) else REJECT
        counts, table = self.counts[seat], self.table
        free = not self.obligated[seat]
        if table is None:
            wants_point = self.kaidian and not self.opened[seat] and not self.played_four[seat]
            if free and self.bie3:
                plain = self._whole_ranks(counts)
                if len(plain) > 1:  # no set holds the whole hand: the lead is a whole rank
                    return plain_lead(plain, wants_point, self._opens_point)
            sets = self.sets.leads(counts) if free else self._bound(seat, counts, self.sets.leads(counts))
            return lead_choice(sets, counts, wants_point, self._opens_point)
        owner = self.owner
        budget = TEAMMATES  # a teammate's set stands
        if team(owner) != team(seat):
            gouji = self._is_gouji(table)
            threat = gouji and self._opens_point(table) and self._may_open_point(owner)
            budget = answer_budget(seat, owner, self.left[owner], gouji, threat)
        bound = not free or self._is_burn(seat)
        chosen = None if bound else quick_answer(counts, table, budget, self.low, self.rank_compare)
        if chosen is None:
            sets = self._answers(counts, table)
            chosen = answer_within(self._bound(seat, counts, sets) if bound else sets, counts, budget)
        return YIELD if chosen is PASS and self._may_yield(seat) else chosen

    def _bound(self, seat: int, counts: list[int], sets: list[CardSet]) -> list[CardSet]:
        """The sets a seat bound by a burn, or burning, may play (`_allowed`)."""
        return [m for m in sets if self._allowed(seat, counts, m)]

    def _whole_ranks(self, counts: list[int]) -> list[CardSet]:
        """Each natural rank the hand holds, whole and without wildcards, lowest first: with 憋3
        and two ranks or more, these are the leads `bot.lead_choice` picks among (no one set
        holds the whole hand), found without listing the hundreds of others."""
        return [natural_set(rank, counts[rank]) for rank in range(FOUR, ACE + 1) if counts[rank]]

    def heuristic_playout(self) -> None:
        """Plays the hand to its end as the heuristic would, in every seat."""
        while self.phase != OVER:
            seat = self.to_act[0]
            self.apply(seat, self.heuristic_move())

    # -- doing it (Hand.apply, for moves from legal_moves: unchecked) ----------------------------

    def apply(self, seat: int, move: Move) -> None:
        if self.phase == CLAIMED:
            self._answer_claim(seat, move)
        elif move is PASS:
            self._pass(seat)
            self._advance()
        elif move is CLAIM:
            self.claimant, self.phase = seat, CLAIMED
            self.to_act = [s for s in self._holders() if s != seat]
        elif move is YIELD:
            self.yielder = seat
            self.queue.insert(self.qi + 2, seat)
            self._advance()
        else:
            assert isinstance(move, CardSet)
            self._play(seat, move)

    def _play(self, seat: int, move: CardSet) -> None:
        yielded = self.yielder
        if yielded != NONE and yielded != seat:
            self.passed[yielded] = True  # one of the two beat it: the yielder has passed
        lead = self.table is None
        burn = not lead and self._is_burn(seat)
        beaten = self.owner
        if not lead and self.smother_risk != NONE:
            self._add_special("smother", self.smother_risk, seat)
        self._remove(seat, move)
        self.table, self.owner = move, seat
        gouji = self._is_gouji(move)
        self.protected = gouji and not self.melee and not self.headless[seat]
        if gouji and seat == self.last_gouji_seat:
            self.last_gouji_played = True
        self.burner, self.burned = (seat, beaten) if burn else (NONE, NONE)
        if seat == self.dead_seat and gouji and self.dead_left:
            self.dead_left -= 1
            if not self.dead_left:
                self.headless[seat] = True
        self.smother_risk = seat if self._leaves_final_threes(seat, 0) else NONE
        falls = self.bare_jokers_fall and move.size == move.jokers
        if self.smother_risk != NONE and falls and seat not in self.fallen:
            self.fallen.append(seat)
        if not self.left[seat] and self._finish(seat):
            return
        self._start_answers(seat, yielded == seat)
        self._advance()

    def _remove(self, seat: int, move: CardSet) -> None:
        counts = self.counts[seat]
        if move.rank >= 0:
            counts[move.rank] -= move.naturals
            if move.rank == FOUR:
                self.played_four[seat] = True
        counts[TWO] -= move.twos
        if move.jokers:
            counts[SMALL_JOKER] -= move.small
            counts[BIG_JOKER] -= move.big
            jokers = self.jokers_played[seat]
            jokers[0] += move.small
            jokers[1] += move.big
        self.left[seat] -= move.size
        self.played += move.size

    def _leaves_final_threes(self, seat: int, size: int) -> bool:
        left = self.left[seat] - size
        return self.bie3 and left > 0 and left == self.counts[seat][THREE]

    def _add_special(self, kind: str, payer: int, receiver: int) -> None:
        if team(payer) != team(receiver):  # §9: void between teammates
            self.specials.append(Debt(kind, payer, receiver, 1, True, len(self.specials)))

    def _pass(self, seat: int) -> None:
        self.passed[seat] = True
        self.last_answerer = seat
        self.melee_passes += 1

    def _holders(self) -> list[int]:
        return [s for s in range(SEATS) if self.left[s] and not self.out[s]]

    def _holder_from(self, seat: int) -> int:
        for step in range(SEATS):
            candidate = (seat + step) % SEATS
            if self.left[candidate] and not self.out[candidate]:
                return candidate
        return seat

    def _start_answers(self, owner: int, only_opposite: bool) -> None:
        holders = []  # in play order after the owner
        for step in range(1, SEATS):
            seat = (owner + step) % SEATS
            if self.left[seat] and not self.out[seat]:
                holders.append(seat)
        self.last_answerer, self.last_chance_done, self.melee_passes = NONE, False, 0
        self.cursor, self.yielder, self.qi = owner, NONE, 0
        if only_opposite:
            self.queue = [s for s in holders if s == opposite(owner)]
        elif self.melee:
            self.queue = []
        else:
            self.queue = answer_queue(
                owner, holders, self.protected, self.headless, self.passed, self.burn_outline
            )

    def _advance(self) -> None:
        if self.melee:
            self._advance_melee()
            return
        auto = self.auto_pass
        while self.qi < len(self.queue):
            seat = self.queue[self.qi]
            self.qi += 1
            if auto and not self._can_beat(seat):
                self._pass(seat)
                continue
            self.to_act = [seat]
            return
        opp = opposite(self.owner)
        if not self.last_chance_done and self.left[opp] and not self.out[opp] and self.last_answerer != opp:
            self.last_chance_done = True  # §6 the opposite's last chance
            if not auto or self._can_beat(opp):
                self.to_act = [opp]
                return
        self._win_round()

    def _advance_melee(self) -> None:
        auto = self.auto_pass
        while True:
            others = 0
            for s in range(SEATS):
                if s != self.owner and self.left[s] and not self.out[s]:
                    others += 1
            if self.melee_passes >= others:
                self._win_round()
                return
            seat = self._holder_from((self.cursor + 1) % SEATS)
            self.cursor = seat
            if auto and not self._can_beat(seat):
                self._pass(seat)
                continue
            self.to_act = [seat]
            return

    # -- rounds, point, finishing ------------------------------------------------------------

    def _is_gouji(self, move: CardSet) -> bool:
        return is_gouji_as(move, self.gouji_sets)

    def _opens_point(self, move: CardSet) -> bool:
        return opens_point_as(move, self.point_kind, self.gouji_sets)

    def _may_open_point(self, seat: int) -> bool:
        if not self.kaidian or self.opened[seat] or self.point_fixed[seat]:
            return False
        if self.point_kind == POINT_HOUSHUIWAN:
            return not self.played_four[seat] and all(s in self.pending for s in self.finished)
        if self.headless[seat] or seat == self.last_gouji_seat or self.melee:
            return False
        return self.point_kind == POINT_OUTLINE or not self.played_four[seat]

    def _opens_now(self, winner: int, move: CardSet) -> bool:
        if winner != self.slow_opener:
            return self._opens_point(move)
        if self._is_gouji(move) and not self.melee:  # A.4 够死级三把
            self.gouji_wins += 1
        return self.gouji_wins >= 3

    def _win_round(self) -> None:
        winner, move = self.owner, self.table
        assert move is not None
        if self.burner != NONE:  # the burn stands (§7)
            self._add_special("burn", self.burned, self.burner)
            if self.left[self.burner]:
                self.obligated[self.burner] = True
        if self._opens_now(winner, move) and self._may_open_point(winner):
            self.opened[winner] = True
            self.first_point[winner] = move.text
        self._close_round(winner)

    def _become_headless(self, seat: int) -> None:
        if seat != NONE and self.left[seat] and not self.out[seat]:
            self.headless[seat] = True

    def _close_round(self, winner: int) -> None:
        if self.last_gouji_played:  # B.12: the 够死级 set's round is over
            self._become_headless(self.last_gouji_seat)
            self.last_gouji_seat, self.last_gouji_played = NONE, False
        for finisher in self.pending:
            opp = opposite(finisher)
            if self.last_gouji and finisher == self.finished[0] and self.left[opp] and not self.out[opp]:
                self.last_gouji_seat = opp
                continue
            self._become_headless(opp)
        self.pending = []
        if len(self.finished) >= 2:
            self.melee = True
        leader = winner if self.left[winner] else self._holder_from((winner + 1) % SEATS)
        self.table, self.owner, self.protected = None, leader, False
        self.passed = [False] * SEATS
        self.burner = self.burned = self.smother_risk = self.yielder = self.claim_refused = NONE
        self.to_act = [leader]

    def _answer_claim(self, seat: int, move: Move) -> None:
        claimant = self.claimant
        if move is REJECT:  # play goes on, the claimant leads, and claims no more this lead
            self.phase, self.to_act, self.claimant = PLAYING, [claimant], NONE
            self.claim_refused = claimant
            return
        self.to_act = [s for s in self.to_act if s != seat]
        if self.to_act:
            return
        self.phase, self.claimant = PLAYING, NONE
        self.counts[claimant] = [0] * len(self.counts[claimant])
        self.played += self.left[claimant]
        self.left[claimant] = 0
        if not self._finish(claimant):
            self._close_round(claimant)

    def _finish(self, seat: int) -> bool:
        self.finished.append(seat)
        self.pending.append(seat)
        self.obligated[seat] = False
        last, holders, rebel = (
            last_places(self.fallen, self.forced),
            self._holders(),
            _optional(self.revolutionary),
        )
        sweep = swept(self.finished, last, rebel)
        if sweep is None and len(holders) <= 1:
            sweep = swept_with_leavers_last(self.finished, holders, last, rebel)
        if sweep is not None or len(holders) <= 1:
            self.phase, self.to_act, self.sweep = OVER, [], _seat(sweep)
            return True
        return False

    # -- the end, as the engine scores it ----------------------------------------------------

    def ended(self) -> Hand:
        """The hand the kernel began from, played to its end by the kernel and ended by the
        engine itself (`finish`, on a copy: the hand the kernel began from is left alone)."""
        return self.finish(self.origin.clone())

    def finish(self, hand: Hand, cards: bool = True) -> Hand:
        """`hand` (the one the kernel began from, or a copy of it) given the kernel's end and
        ended by the engine itself (`Hand._end_hand`: order, 点贡, declarations, scores, debts);
        its cards carry counts only (no suits: nothing is drawn from a playout), or are left as
        they were (`cards` False: a search reads only the scores and debts)."""
        from engine.gouji.simulation import cards_of_counts  # (simulation imports the bots' world)

        if self.phase != OVER:
            raise ValueError("the kernel's hand is not over")
        if cards:
            hand.cards = [cards_of_counts(counts) for counts in self.counts]
        hand.left, hand.played = list(self.left), self.played
        hand.finished, hand.pending, hand.fallen = list(self.finished), list(self.pending), list(self.fallen)
        hand.opened, hand.first_point = list(self.opened), list(self.first_point)
        hand.obligated, hand.headless, hand.melee = list(self.obligated), list(self.headless), self.melee
        hand.played_four, hand.jokers_played = list(self.played_four), [list(p) for p in self.jokers_played]
        hand.specials, hand.gouji_wins, hand.dead_left = list(self.specials), self.gouji_wins, self.dead_left
        hand.last_gouji_seat, hand.last_gouji_played = _optional(self.last_gouji_seat), self.last_gouji_played
        hand.table, hand.owner, hand.protected = self.table, self.owner, self.protected
        hand.debts, hand.scores = [], None  # what the end decides (a search's sample ends once a playout)
        hand._end_hand(_optional(self.sweep), [])
        return hand
