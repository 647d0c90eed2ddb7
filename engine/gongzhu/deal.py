"""One deal (一副) of 拱猪: the state, the public API of docs/architecture.md, and the views."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from engine.errors import IllegalMove
from engine.fields import field_values, set_fields
from engine.gongzhu import events as ev
from engine.gongzhu.cards import (
    CARDS_PER_DECK,
    CLUB_TWO,
    PIG,
    SEATS,
    SHEEP,
    SUITS,
    Card,
    card,
    cards_text,
    parse_cards,
    shuffled_deck,
)
from engine.gongzhu.claims import Claims
from engine.gongzhu.exposure import Exposure
from engine.gongzhu.moves import ACCEPT, CLAIM_ALL, KEEP, PASS, REJECT, SWAP, Decision, Move, Play, parse_move
from engine.gongzhu.rules import Rules
from engine.gongzhu.scoring import DealScore, deal_pigs, score_deal
from engine.gongzhu.tricks import TrickPlay
from engine.gongzhu.views import ClaimView, DealView, SeatDealView
from engine.seeding import rng
from engine.views import SeatRoundView


class Deal(Exposure, Claims, TrickPlay):
    """A deal of 拱猪. Build it with `new_game`, `from_hands`, `deal_from` or through a `Match`."""

    def __init__(
        self,
        rules: Rules,
        seed: str,
        deal_no: int = 1,
        leader: int | None = None,
        hands: Sequence[str] | None = None,
        exposed: Iterable[str] = (),
        exposure: bool = True,
        lead_reason: str = "pig_taker",
        blank: bool = False,
    ) -> None:
        self.rules, self.seed, self.deal_no = rules, seed, deal_no
        if blank:  # for `clone` and unpickling, which set every field next
            return
        self._reset()
        out: list[ev.Event] = [ev.DealStarted(deal_no, seed)]
        if hands is None:
            deck = shuffled_deck(rng(seed, "deal"), rules.decks)
            dealt = [deck[s::SEATS] for s in range(SEATS)]
            first_club_two: int | None = deck.index(CLUB_TWO) % SEATS  # dealt one by one from seat 0
        else:
            dealt = _checked_hands(hands, rules.decks)
            first_club_two = next((s for s in range(SEATS) if CLUB_TWO in dealt[s]), None)
        self._seat(dealt)
        if leader is not None:
            self.leader, self.lead_reason = leader, lead_reason
        elif rules.first_lead == "club2" and first_club_two is not None:
            self.leader, self.lead_reason, self.must_lead_club_two = first_club_two, "club2", True
        else:
            self.leader, self.lead_reason = 0, "seat0"
        for text in exposed:
            for c in parse_cards(text):
                self._expose(self._unexposed_holder(c), [c], out)
        if exposure:
            self._open_exposure(out)
        else:
            self._start_play(out)
        self.opening_events = out

    def clone(self) -> Deal:
        """An independent copy to play on (a search's position): what changes as cards are played
        is copied, the rest (rules, seed, interned cards and plays) is shared."""
        twin = Deal(self.rules, self.seed, blank=True)
        set_fields(twin, FIELDS, field_values(self, FIELDS))
        twin.hands = [[list(ranks) for ranks in suits] for suits in self.hands]
        twin.held = [{suit: list(ranks) for suit, ranks in held.items()} for held in self.held]
        twin.exposed = [list(cards) for cards in self.exposed]
        twin.exposed_copies = dict(self.exposed_copies)
        twin.trick, twin.last_trick = list(self.trick), list(self.last_trick)
        twin.suit_opened = list(self.suit_opened)
        twin.taken = [list(cards) for cards in self.taken]
        twin.tricks_won, twin.left, twin.voids = list(self.tricks_won), list(self.left), list(self.voids)
        twin.to_act, twin.forfeited = list(self.to_act), list(self.forfeited)
        twin.claimed_this_trick = set(self.claimed_this_trick)
        twin.exposure_choices = dict(self.exposure_choices)
        twin._legal_cache = None
        return twin

    def __reduce__(self) -> tuple[object, ...]:  # for a worker process (a searching bot)
        return _unpickled_deal, (self.rules, self.seed, field_values(self, FIELDS))

    def _reset(self) -> None:
        self.phase, self.to_act, self.turn = "setup", [], 0
        self.held = [{} for _ in range(SEATS)]
        self.exposed = [[] for _ in range(SEATS)]
        self.exposed_copies: dict[Card, int] = {}
        self.trick: list[tuple[int, Play]] = []
        self.last_trick: list[tuple[int, Play]] = []
        self.trick_no = 0
        self.suit_opened = [False] * 4
        self.taken: list[list[tuple[Card, int]]] = [[] for _ in range(SEATS)]
        self.tricks_won = [0] * SEATS
        self.voids = [0] * SEATS  # per seat, a bit per suit it was seen not to follow (public)
        self.pig_taker: int | None = None
        self.must_lead_club_two = False
        self.claimer: int | None = None
        self.claim_assignment: tuple[tuple[Card, int, int], ...] = ()
        self.claimed_this_trick: set[int] = set()
        self.forfeited: list[int] = []
        self.result: DealScore | None = None
        self._legal_cache: list[Move] | None = None
        # the running value and when it was made (trick number, leavers): what is taken only
        # changes as a trick is won, and every notice asks each seat's view for it
        self._running_cache: tuple[int, int, tuple[int, ...]] | None = None
        self.exposure_choices: dict[int, list[Move]] = {}

    def _seat(self, dealt: list[list[Card]]) -> None:
        self.hands = [[[] for _ in range(4)] for _ in range(SEATS)]
        for seat, cards in enumerate(dealt):
            suits = self.hands[seat]
            for c in cards:
                suits[c.suit].append(c.rank)
            for ranks in suits:
                ranks.sort(reverse=True)
        self.left = [len(cards) for cards in dealt]
        self.pig_sheep_seats = tuple(s for s, cards in enumerate(dealt) if PIG in cards or SHEEP in cards)
        self.scoring_in_hands = sum([c.scoring for cards in dealt for c in cards])
        self.played = CARDS_PER_DECK * self.rules.decks - sum(self.left)

    def _unexposed_holder(self, c: Card) -> int:
        for seat in range(SEATS):
            if self.hands[seat][c.suit].count(c.rank) > self.exposed[seat].count(c):
                return seat
        raise IllegalMove("not_in_hand", cards=c.text)

    def _start_play(self, out: list[ev.Event]) -> None:
        self.phase, self.turn, self.to_act = "play", self.leader, [self.leader]
        out.append(ev.PlayStarted(self.leader, self.lead_reason))

    # -- the public API (docs/architecture.md) ----------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    @property
    def scores(self) -> tuple[int, ...] | None:
        return None if self.result is None else self.result.scores

    def hand(self, seat: int) -> list[Card]:
        return [card(s, r) for s, ranks in enumerate(self.hands[seat]) for r in ranks]

    def legal_moves(self, seat: int) -> list[Move]:
        """Every legal move of the seat now (empty when it has nothing to decide). The list is
        shared with the engine until the next move: read it, do not change it."""
        if self.phase == "play":
            if seat != self.turn:
                return []
            return self._legal_cache or self._legal(seat)
        if seat not in self.to_act:
            return []
        if self.phase == "expose":
            return list(self.exposure_choices[seat])
        if self.phase == "swap":
            return [SWAP, KEEP]
        return [ACCEPT, REJECT]

    def _legal(self, seat: int) -> list[Move]:
        """The seat's legal moves in play, computed once per decision (the hot path)."""
        moves: list[Move] = self._plays(seat)  # type: ignore[assignment]  # a fresh list of plays
        if seat not in self.claimed_this_trick:
            moves.append(CLAIM_ALL)
        self._legal_cache = moves
        return moves

    def apply(self, seat: int, move: Move | str) -> list[ev.Event]:
        out: list[ev.Event] = []
        if move.__class__ is Play and self.phase == "play" and seat == self.turn:
            if move not in (self._legal_cache or self._legal(seat)):
                raise self._refusal(seat, move)
            self._put(seat, move, out)
            return out
        if isinstance(move, str):
            return self.apply(seat, parse_move(move))
        if self.phase == "over":
            raise IllegalMove("game_over")
        if seat not in self.to_act:
            raise IllegalMove("not_your_turn" if self.to_act else "no_decision")
        if self.phase == "expose":
            self._apply_exposure(seat, move, out)
        elif self.phase == "claim":
            self._apply_answer(seat, move, out)
        elif self.phase == "swap":
            self._apply_swap(seat, move, out)
        elif isinstance(move, Decision) and move.name == "claim":
            self._apply_claim(seat, move, out)
        else:
            raise IllegalMove("play_a_card")
        self._legal_cache = None
        return out

    def default_move(self, seat: int) -> Move:
        """The referee's move for a seat out of time with no bot: no exposure, a claim rejected
        (play goes on, nothing is lost), else the lowest legal card, scoring cards last."""
        if seat not in self.to_act:
            raise IllegalMove("no_decision")
        if self.phase == "expose":
            return PASS
        if self.phase == "claim":
            return REJECT
        if self.phase == "swap":  # whichever scores better for the chooser
            return max((KEEP, SWAP), key=lambda m: self.scores_if_swapped(m is SWAP)[seat])
        return min(
            (m for m in self._legal_cache or self._legal(seat) if isinstance(m, Play)),
            key=lambda m: (sum(c.scoring for c in m.cards), sum(c.rank for c in m.cards), m.suit),
        )

    def forfeit(self, seat: int) -> list[ev.Event]:
        """A player who leaves a running deal scores its worst (docs/architecture.md); a bot plays on."""
        if self.phase == "over" or seat in self.forfeited:
            return []
        self.forfeited.append(seat)
        return [ev.Forfeited(seat)]

    # -- tricks ------------------------------------------------------------------------------

    def _put(self, seat: int, move: Play, out: list[ev.Event]) -> None:
        """Puts an already checked play on the trick, and completes the trick if it is full."""
        cards, suits = move.cards, self.hands[seat]
        if self.held[seat]:
            self._release(seat, move)
        for c in cards:
            suits[c.suit].remove(c.rank)
            if c.scoring:
                self.scoring_in_hands -= 1
        size = len(cards)
        self.left[seat] -= size
        self.played += size
        self._legal_cache = None
        trick = self.trick
        if trick:
            led = trick[0][1].suit
            discard = move.suit != led if size == 1 else any(c.suit != led for c in cards)
            if discard:  # it had to follow with every card of the led suit it held: none is left
                self.voids[seat] |= 1 << led
        else:
            discard = False
        out.append(ev.CardPlayed(seat, move.text, discard))
        trick.append((seat, move))
        if len(trick) < SEATS:
            self.turn = turn = (seat + 1) % SEATS
            self.to_act = [turn]
        else:
            self.must_lead_club_two = False
            self._complete_trick(out)

    def _release(self, seat: int, move: Play) -> None:
        """A held-back copy leaves the hand only when no free copy of the card is left. Called
        before the move's cards leave the hand: a pair's second copy counts the first as gone (a
        held-back pair discarded together once kept one copy held back, a card no longer there)."""
        held, suits = self.held[seat], self.hands[seat]
        first = move.cards[0]
        for i, c in enumerate(move.cards):
            back = held.get(c.suit)
            left = suits[c.suit].count(c.rank) - (1 if i and c is first else 0)
            if back and c.rank in back and left <= back.count(c.rank):
                back.remove(c.rank)
                if not back:
                    del held[c.suit]

    def _complete_trick(self, out: list[ev.Event]) -> None:
        trick = self.trick
        winner = self._winner()
        wrong = self._wrong_discarder() if self.rules.colour_discard else None
        taker = winner if wrong is None else wrong
        scoring = [(c, by) for by, move in trick for c in move.cards if c.scoring]
        if scoring:
            self._take(taker, scoring)
        suit = trick[0][1].suit
        if not self.suit_opened[suit]:  # the first trick led in the suit frees its exposed cards
            self.suit_opened[suit] = True
            for held in self.held:
                held.pop(suit, None)
        self.tricks_won[winner] += 1
        self.trick_no += 1
        self.last_trick, self.trick = trick, []
        self.turn, self.to_act = winner, [winner]
        if self.claimed_this_trick:
            self.claimed_this_trick.clear()
        played = tuple([move.text for _, move in trick])
        out.append(ev.TrickWon(self.trick_no, winner, taker, played, tuple([c.text for c, _ in scoring])))
        left = self.left[winner]  # every hand holds as many cards between tricks
        if not left:
            self._end_deal(out)
        elif self.rules.auto_claim and (left == 1 or not self.scoring_in_hands):
            self._settle_if_forced(out)

    def _take(self, seat: int, cards: list[tuple[Card, int]]) -> None:
        self.taken[seat] += cards
        if self.pig_taker is None and any(c is PIG for c, _ in cards):
            self.pig_taker = seat

    def _score(self, swap: bool | None = None) -> DealScore:
        return score_deal(
            self.rules, self.taken, self.exposed_copies, self.forfeited, swap, self.pig_sheep_seats
        )

    def scores_if_swapped(self, swap: bool) -> tuple[int, ...]:
        """The deal's scores with 猪羊变色 or without (what the 全红 taker chooses between)."""
        return self._score(swap).scores

    def _end_deal(self, out: list[ev.Event]) -> None:
        result = self._score()
        if self.rules.pig_sheep_swap == "chosen" and result.all_hearts is not None and not result.grand_slam:
            self.phase, self.to_act = "swap", [result.all_hearts]  # §5: 由收全红者决定
            out.append(ev.SwapAsked(result.all_hearts))
            return
        self._close(result, out)

    def _apply_swap(self, seat: int, move: Move, out: list[ev.Event]) -> None:
        if move is not SWAP and move is not KEEP:
            raise IllegalMove("bad_decision", text=str(move), choices="swap, keep")
        out.append(ev.SwapChosen(seat, move is SWAP))
        self._close(self._score(move is SWAP), out)

    def _close(self, result: DealScore, out: list[ev.Event]) -> None:
        self.phase, self.to_act, self.result = "over", [], result
        if result.all_hearts is not None:
            out.append(ev.AllHearts(result.all_hearts, result.grand_slam, result.swapped))
        scores, sides = result.scores, result.sides
        pigs = deal_pigs(self.rules, scores)
        out.append(ev.DealEnded(self.deal_no, result.card_points, scores, sides, self.pig_taker, pigs))

    # -- views -------------------------------------------------------------------------------

    def public_view(self) -> DealView:
        """What everyone at the table may know. Never a card of anyone's hand (a claimer's hand
        is shown by the claim itself); who is asked to expose is not shown either."""
        blind = self.rules.exposing == "blind"
        result = self.result
        return DealView(
            number=self.deal_no,
            phase=self.phase,
            to_act=() if self.phase == "expose" else tuple(self.to_act),
            cards_left=tuple(self.left),
            forfeited=tuple(self.forfeited),
            scores=None if result is None else tuple(result.scores),
            leader=self.leader,
            trick_no=self.trick_no + (0 if self.phase == "over" else 1),
            trick=tuple((seat, move.text) for seat, move in self.trick),
            last_trick=tuple((seat, move.text) for seat, move in self.last_trick),
            exposed=tuple(() if blind else tuple(c.text for c in cards) for cards in self.exposed),
            exposed_counts=tuple(len(cards) for cards in self.exposed),
            taken=tuple(tuple(c.text for c, _ in cards) for cards in self.taken),
            tricks_won=tuple(self.tricks_won),
            suits_opened=tuple(SUITS[s] for s in range(4) if self.suit_opened[s]),
            claim=self._claim_view(),
            card_points=None if result is None else tuple(result.card_points),
            running=None if blind or result is not None else self._running(),
        )

    def _running(self) -> tuple[int, ...]:
        """`DealView.running`: nothing is scored until a scoring card is taken."""
        cached = self._running_cache
        if cached is not None and cached[0] == self.trick_no and cached[1] == len(self.forfeited):
            return cached[2]
        running = tuple(self._score().card_points) if any(self.taken) else (0,) * SEATS
        self._running_cache = (self.trick_no, len(self.forfeited), running)
        return running

    def _claim_view(self) -> ClaimView | None:
        if self.claimer is None:
            return None
        return ClaimView(
            self.claimer,
            cards_text(self.hand(self.claimer)),
            tuple((c.text, to) for c, _, to in self.claim_assignment),
            tuple(self.to_act),
        )

    def seat_view(self, seat: int) -> SeatDealView:
        legal = tuple(str(m) for m in self.legal_moves(seat))
        own = tuple(c.text for c in self.exposed[seat])
        return SeatRoundView(self.public_view(), seat, cards_text(self.hand(seat)), legal, own_exposed=own)

    def total_cards(self) -> int:
        """Cards in hands plus cards played: 52 (or 104) at every step of a dealt deal."""
        return sum(self.left) + self.played


# Every attribute of a deal but those its blank constructor sets (rules, seed).
FIELDS = (
    "_legal_cache", "_running_cache", "claim_assignment", "claimed_this_trick", "claimer", "deal_no",
    "exposed", "exposed_copies", "exposure_choices", "forfeited", "hands", "held", "last_trick",
    "lead_reason", "leader", "left", "must_lead_club_two", "opening_events", "phase", "pig_sheep_seats",
    "pig_taker", "played", "result", "scoring_in_hands", "suit_opened", "taken", "to_act", "trick",
    "trick_no", "tricks_won", "turn", "voids",
)  # fmt: skip


def _unpickled_deal(rules: Rules, seed: str, values: tuple[object, ...]) -> Deal:
    deal = Deal(rules, seed, blank=True)
    set_fields(deal, FIELDS, values)
    return deal


def _checked_hands(hands: Sequence[str], decks: int) -> list[list[Card]]:
    if len(hands) != SEATS:
        raise ValueError("拱猪 needs four hands")
    dealt = [parse_cards(h) for h in hands]
    if len({len(h) for h in dealt}) != 1:
        raise ValueError("every hand must hold the same number of cards")
    everything = [c for h in dealt for c in h]
    for c in set(everything):
        if everything.count(c) > decks:
            raise ValueError(f"{c.text} is dealt more often than {decks} deck(s) hold it")
    return dealt
