"""One hand (盘) of 够级: the public API of docs/architecture.md, the views (§11a) and the copies a search
plays on (`clone`); the fields are declared in `state.HandState`."""

from __future__ import annotations

from collections.abc import Sequence

from engine.errors import IllegalMove
from engine.fields import field_values, set_fields
from engine.gouji import events as ev
from engine.gouji.cards import (
    DECKS,
    NRANKS,
    RANKS,
    SEATS,
    THREE,
    Card,
    Deck,
    HandCards,
    parse_counts,
    shuffled_deck,
)
from engine.gouji.claims import Claims
from engine.gouji.declarations import Declarations, declared_names
from engine.gouji.phase import Phase
from engine.gouji.play import PlayPhase, last_places
from engine.gouji.preplay import PrePlay
from engine.gouji.rules import Rules
from engine.gouji.scoring import Debt, fall_debts, hand_scores, paying_order, sweep_debts, team
from engine.gouji.sets import (
    GOUJI_SETS,
    POINT_RULES,
    SET_TABLES,
    CardSet,
    Decision,
    Move,
    is_gouji_as,
    opens_point_as,
    parse_move,
    point_sets,
)
from engine.gouji.state import HandState
from engine.gouji.views import ClaimShown, HandView, SeatHandView
from engine.seeding import rng
from engine.views import SeatRoundView


class Hand(Claims, Declarations, PrePlay, PlayPhase, HandState):
    """A hand of 够级. Build it with `new_game`, `from_hands` or through a `Match`."""

    def __init__(
        self,
        rules: Rules,
        seed: str,
        hand_no: int = 1,
        leader: int | None = None,
        owed: Sequence[Debt] = (),
        hands: Sequence[str] | None = None,
        preplay: bool = False,
        blank: bool = False,
    ) -> None:
        self.rules, self.seed, self.hand_no = rules, seed, hand_no
        self.deck, self.sets = DECKS[rules.deck], SET_TABLES[(rules.deck, rules.bie3)]
        if blank:  # for `clone` and unpickling, which set every field next
            return
        self.low = self.sets.low  # the lowest rank of a set with wildcards: 4, or 3 without 憋3
        self.gouji_sets = GOUJI_SETS[rules.gouji_sets]
        self.point_kind = POINT_RULES[rules.point_rule]
        self.rank_compare = rules.comparison == "by_rank"
        self.owed = list(owed)
        self.redeals = 0
        self.keeps_turns = True
        self.leader = 0  # until the deal or the position picks the first leader
        self.given_leader = leader
        self.declared = [None] * SEATS  # a blind declaration stands through a redeal
        self._reset()
        out: list[ev.Event] = [ev.HandStarted(hand_no, seed)]
        self.given_hands = None if hands is None else [HandCards.from_text(h) for h in hands]
        self._seat_hands([HandCards([]) for _ in range(SEATS)])  # nothing dealt yet
        self.undealt = self.deck.total
        if self.given_hands is not None and not preplay:  # a position in play
            self.leader = leader or 0
            self._seat_given(self.given_hands)
            self.undealt = 0
            self._start_play(self.leader, out)
        elif not self._blind_or_deal(out):
            self._begin(out)
        self.opening_events = out

    def _seat_given(self, hands: list[HandCards]) -> None:
        self._seat_hands(hands)
        self.played = self.deck.total - sum(self.left)  # positions hold fewer cards than a deal

    def _begin(self, out: list[ev.Event]) -> None:
        """The deal (or a position's cards) and the pre-play sequence (§8)."""
        if self.given_hands is None:
            self._deal(out)
        else:
            self.leader = self.given_leader or 0
            self._seat_given(self.given_hands)
        self.undealt = 0
        self._run_preplay(out)

    def _reset(self) -> None:
        self.phase, self.to_act, self.decided = Phase.SETUP, [], {}
        self.out, self.revolutionary, self.point_fixed = set(), None, set()
        self.slow_opener, self.gouji_wins = None, 0
        self.last_gouji_seat, self.last_gouji_played = None, False
        self.charge, self.charge_beaten, self.charge_credit = None, False, [0] * SEATS
        self.tributes, self.dead_seat, self.dead_left = [], None, 0
        self.returns = []
        self.table, self.owner, self.protected = None, 0, False
        self.passed, self.queue, self.qi, self.cursor = [False] * SEATS, [], 0, 0
        self.yielder, self.claimant, self.claim_refused = None, None, None
        self.last_answerer, self.last_chance_done, self.melee_passes = None, False, 0
        self.burn, self.smother_risk = None, None
        self.obligated, self.headless, self.melee = [False] * SEATS, [False] * SEATS, False
        self.pending, self.finished, self.forced, self.fallen = [], [], [], []
        self.opened, self.first_point = [False] * SEATS, [None] * SEATS
        self.played_four = [False] * SEATS
        self.jokers_played = [[0, 0] for _ in range(SEATS)]
        self.specials, self.played, self.sweep, self.scores, self.debts = [], 0, None, None, []
        self.dealt_point_set = [True] * SEATS
        self.turns = None

    def _seat_hands(self, hands: list[HandCards]) -> None:
        self.cards = hands
        self.left = [len(h) for h in hands]
        self.own = [list(h.counts) for h in hands]

    def _deal(self, out: list[ev.Event]) -> None:
        """Shuffles from the hand's seed (and the redeal number) and deals 36 each (§2; 48 of
        后水湾's 288, B.1)."""
        if self.redeals or self.phase != "setup":
            self.redeals += 1
            self._reset()
        rand = rng(self.seed, "deal", self.redeals)
        deck, size = shuffled_deck(rand, self.deck), self.deck.hand_size
        self._seat_hands([HandCards(deck[i * size : (i + 1) * size]) for i in range(SEATS)])
        if not self.rules.bie3:  # A.9 亮3上班: the most 3s of one suit lead, every hand
            self.leader, suit = self._shown_threes(self.given_leader or 0)
            out.append(ev.LeaderChosen(self.leader, "threes_shown", suit + RANKS[THREE]))
        elif self.given_leader is None:  # §8.6: the holder of a randomly turned card leads
            turned = rand.randrange(len(deck))
            self.leader = turned // size
            card = deck[turned]
            out.append(ev.LeaderChosen(self.leader, "turned_card", (card.suit or "") + str(card)))
        else:
            self.leader = self.given_leader
            reason = "rotation" if self.rules.leader_rule == "rotate" else "last_place"
            out.append(ev.LeaderChosen(self.leader, reason))

    def _shown_threes(self, start: int) -> tuple[int, str]:
        """The seat showing the most 3s of one suit (ties: the first in play order from
        `start`, the last hand's leader), and that suit."""
        best, best_count, best_suit = start, -1, ""
        for step in range(SEATS):
            seat = (start + step) % SEATS
            suits = self.cards[seat].suits[THREE]
            for suit in dict.fromkeys(suits):  # each suit once, in the order held
                if suit is not None and suits.count(suit) > best_count:
                    best, best_count, best_suit = seat, suits.count(suit), suit
        return best, best_suit

    # -- the public API (docs/architecture.md) ----------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    def hand(self, seat: int) -> list[Card]:
        return self.cards[seat].cards()

    def legal_moves(self, seat: int) -> list[Move]:
        if seat not in self.to_act:
            return []
        if self.phase == "play":
            return self._play_moves(seat)
        return self._preplay_moves(seat)

    def apply(self, seat: int, move: Move | str) -> list[ev.Event]:
        if isinstance(move, str):
            move = parse_move(move)
        if self.phase == "over":
            raise IllegalMove("game_over")
        if seat not in self.to_act:
            raise IllegalMove("not_your_turn" if self.to_act else "no_decision")
        out: list[ev.Event] = []
        if self.phase == "play":
            self._check_play(seat, move)
            self._apply_play(seat, move, out)
        else:
            choices = self._preplay_moves(seat)
            if move not in choices:
                raise IllegalMove("bad_decision", text=str(move), choices=", ".join(str(m) for m in choices))
            self._apply_preplay(seat, move, out)
        return out

    @property
    def finish_order(self) -> list[int]:
        """Seats in finishing order (§10); the revolutionary takes 四科, or 三科 in a 烩."""
        last = self.placed_last
        order = [s for s in self.finished if s not in last]
        over = self.phase == "over" and self.sweep is None
        if over:
            order += [s for s in self._holders() if s not in last]
        rebel = self.revolutionary
        if rebel is not None:
            if self.sweep is not None and self.sweep == team(rebel):
                order.insert(2, rebel)
            elif self.sweep is None and (over or len(order) >= 3):
                # 四科; ahead of the forfeited seats, which are fixed last (§12), however few finished
                order.insert(min(3, len(order)), rebel)
        return order + last if over else order

    @property
    def placed_last(self) -> list[int]:
        """Seats whose place is fixed at the bottom whatever they do (`play.last_places`)."""
        return last_places(self.fallen, self.forced)

    def default_move(self, seat: int) -> Move:
        """The referee's move for a seat that ran out of time and has no bot (docs/architecture.md):
        pass where passing is allowed, else the smallest legal lead; for pre-play choices the
        rules' defaults (抗贡 is refused by default, a teammate's tribute is taken)."""
        moves = self.legal_moves(seat)
        if not moves:
            raise IllegalMove("no_decision")
        if self.phase == Phase.RETURN:
            return self.default_return(seat)
        by_text = {str(m): m for m in moves}
        for preferred in ("pass", "resist", "take", "reject"):
            if preferred in by_text:
                return by_text[preferred]
        takes = [m for m in moves if isinstance(m, Decision) and m.name == "take"]
        if takes:
            return max(takes, key=lambda m: m.count or 1)
        return min((m for m in moves if isinstance(m, CardSet)), key=lambda m: (m.size, m.value, m.jokers))

    def forfeit(self, seat: int) -> list[ev.Event]:
        """§12: a player who leaves a running hand is 罚为大落; a bot plays on for the seat."""
        if self.phase == "over" or seat in self.forced:
            return []
        self.forced.append(seat)
        return [ev.Forfeited(seat)]

    # -- ending ------------------------------------------------------------------------------

    def _end_hand(self, sweep: int | None, out: list[ev.Event]) -> None:
        self.phase, self.to_act, self.sweep = Phase.OVER, [], sweep
        order = self.finish_order
        if sweep is None:
            self._point_debts(out)
            if self.rules.fall_tribute:
                self.debts = [*self.specials, *fall_debts(order)]
            else:  # A.12: under points only 点贡 and the declarations' are owed
                self.debts = [d for d in self.specials if d.kind not in ("smother", "burn")]
        elif self.rules.sweep == "next_hand_tribute":  # 挑三家 (B.8): the swept owe their opposites
            self.debts = sweep_debts(sweep)
        # after 烩四 the match is over and after 串三户 (A.7) nothing is owed
        self.scores = hand_scores(self.rules, order, sweep, self.hand_no, self.specials)
        out.append(ev.HandEnded(self.hand_no, tuple(order), self.scores, sweep))

    def _start_play(self, leader: int, out: list[ev.Event]) -> None:
        if self.rules.point_rule == "standard":  # §9: whether an unopened seat's 点贡 is scored
            self.dealt_point_set = [bool(point_sets(h.counts)) for h in self.cards]
        super()._start_play(leader, out)

    # -- views (§11a) ------------------------------------------------------------------------

    def public_view(self) -> HandView:
        """What everyone at the table may know. Never a card of anyone's hand."""
        return HandView(
            number=self.hand_no,
            phase=str(self.phase),
            to_act=() if self._simultaneous() else tuple(self.to_act),  # decided at once, unseen
            cards_left=tuple(0 if s in self.out else n for s, n in enumerate(self.left)),
            forfeited=tuple(self.forced),
            scores=self.scores,
            table=None if self.table is None else self.table.text,
            table_owner=None if self.table is None else self.owner,
            finish_order=tuple(self.finish_order),
            passed=tuple(self.passed),
            headless=tuple(self.headless),
            melee=self.melee,
            burn_pending=self.burn,
            obligated=tuple(self.obligated),
            opened=tuple(self.opened),
            first_point=tuple(self.first_point),
            jokers_played=tuple(tuple(j) for j in self.jokers_played),
            revolutionary=self.revolutionary,
            charge=None if self.charge is None else self.charge.text,
            dead_levels_left=self.dead_left,
            declarations=declared_names(self.declared),
            asked_declaration=self._asked_declaration(),
            claim=None
            if self.claimant is None
            else ClaimShown(self.claimant, str(self.cards[self.claimant])),
        )

    def seat_view(self, seat: int) -> SeatHandView:
        legal = tuple(str(m) for m in self.legal_moves(seat))
        return SeatRoundView(self.public_view(), seat, str(self.cards[seat]), legal, self.warnings(seat))

    def _shown_claim(self) -> ClaimShown | None:
        seat = self.claimant
        return None if seat is None else ClaimShown(seat, str(self.cards[seat]))

    def point_open_to(self, seat: int) -> bool:
        """Whether the seat may still open point this hand (its deadline, its 4, its status)."""
        return self._may_open_point(seat)

    def _simultaneous(self) -> bool:
        """A decision all asked seats take at once: who is asked stays hidden (being asked to
        revolt tells a hand holds no 2 and no joker; to resist, that it holds four jokers)."""
        return self.phase in (
            Phase.BLIND_DECLARE,
            Phase.DECLARE,
            Phase.CLAIM_ANSWER,
            Phase.REVOLUTION,
            Phase.RESIST,
        )

    def is_gouji(self, move: CardSet) -> bool:
        """§5 够级, or by rank and size alone: 后水湾's (B.4) or the outline's (A.1)."""
        return is_gouji_as(move, self.gouji_sets)

    def opens_point(self, move: CardSet) -> bool:
        """Whether a set that wins its round opens point: a pure 够级 set (§9), a 够级 set without
        a big joker (outline, A.5) or any 够级 set (后水湾, B.5)."""
        return opens_point_as(move, self.point_kind, self.gouji_sets)

    def clone(self) -> Hand:
        """An independent copy to play on (a search's position): every list, set and dict of the
        state is copied one level down, the seats' cards two; values (rules, sets, debts) are
        shared. About 30 times cheaper than `copy.deepcopy`."""
        twin = Hand(self.rules, self.seed, blank=True)
        values = list(field_values(self, FIELDS))
        for i, value in enumerate(values):
            if isinstance(value, list):
                if value and isinstance(value[0], HandCards):
                    values[i] = [cards.copy() for cards in value]
                elif value and isinstance(value[0], list):
                    values[i] = [list(inner) for inner in value]
                else:
                    values[i] = list(value)
            elif isinstance(value, set | dict):
                values[i] = value.copy()
        set_fields(twin, FIELDS, values)
        return twin

    def __reduce__(self) -> tuple[object, ...]:
        """For a worker process (a searching bot): the deck's shared enumeration stays behind."""
        return _unpickled_hand, (self.rules, self.seed, field_values(self, FIELDS))

    def total_cards(self) -> int:
        """Cards in hands plus cards played: the whole deck at every step of a dealt hand."""
        return sum(self.left) + self.played + self.undealt


# Every attribute of a hand but those its blank constructor sets (rules, seed, deck, sets).
FIELDS = (
    "burn", "cards", "charge", "charge_beaten", "charge_credit", "claim_refused", "claimant",
    "cursor", "dead_left", "dead_seat", "dealt_point_set", "debts", "decided", "declared", "fallen",
    "finished", "first_point", "forced", "given_hands", "given_leader", "gouji_sets", "gouji_wins",
    "hand_no", "headless", "jokers_played", "keeps_turns", "last_answerer", "last_chance_done",
    "last_gouji_played", "last_gouji_seat",
    "leader", "left",
    "low", "melee", "melee_passes", "obligated", "opened", "opening_events", "out", "owed", "own",
    "owner", "passed", "pending", "phase", "played", "played_four", "point_fixed", "point_kind", "protected",
    "qi", "queue", "rank_compare", "redeals", "returns", "revolutionary", "scores", "slow_opener",
    "smother_risk", "specials", "sweep", "table", "to_act", "tributes", "turns", "undealt", "yielder",
)  # fmt: skip


def _unpickled_hand(rules: Rules, seed: str, values: tuple[object, ...]) -> Hand:
    hand = Hand(rules, seed, blank=True)
    set_fields(hand, FIELDS, values)
    return hand


def from_hands(hands: Sequence[str], leader: int = 0, rules: Rules | None = None) -> Hand:
    """A position in play (no pre-play phase), hands of any sizes, as hand 1 of a match."""
    rules = rules or Rules()
    _check_six(hands, DECKS[rules.deck])
    return Hand(rules, seed="position", hands=hands, leader=leader)


def deal_from(
    hands: Sequence[str],
    leader: int = 0,
    owed: Sequence[Debt] = (),
    rules: Rules | None = None,
    hand_no: int = 2,
) -> Hand:
    """A hand dealt exactly these cards that runs the pre-play sequence (§8): 买3, 革命, 抗贡 and
    the tributes `owed` from a previous hand. For tests and for teaching positions."""
    rules = rules or Rules()
    _check_six(hands, DECKS[rules.deck])
    owed = paying_order(owed, rules.tribute_order)
    return Hand(rules, "position", hand_no, leader, owed, hands, preplay=True)


def _check_six(hands: Sequence[str], deck: Deck) -> None:
    """Six hands that the table's deck can deal (§2): never more of a rank than it holds."""
    if len(hands) != SEATS:
        raise ValueError("够级 needs six hands")
    total = [0] * NRANKS
    for hand in hands:
        for rank, count in enumerate(parse_counts(hand)):
            total[rank] += count
    over = [RANKS[r] for r in range(NRANKS) if total[r] > deck.copies[r]]
    if over:
        raise ValueError(f"the deck holds fewer of: {', '.join(over)}")
