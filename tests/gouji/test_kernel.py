"""The 够级 playout kernel against the rules engine: random matches of every variant
and option family, a kernel built from the hand at a random moment of its play (a claim's
answers too), then both played on move for move — the same seat to act, the same legal moves in
the same order, the same table — to the same end: finish order, sweep, 点贡 and other debts,
scores."""

import random

import pytest

from engine.gouji import Rules, deal_from, from_hands, new_match, search
from engine.gouji import bot as heuristic
from engine.gouji.cards import ACE, DECKS, FOUR, NRANKS, RANKS, SEATS, TEN, TWO, shuffled_deck
from engine.gouji.hand import Hand
from engine.gouji.kernel import Kernel
from engine.gouji.phase import Phase
from engine.gouji.sets import SET_TABLES
from engine.gouji.simulation import below, determinized

FAMILIES = {
    "standard": Rules(),
    "outline": Rules(variant="outline"),
    "后水湾": Rules(variant="houshuiwan"),
    "no 憋3: claims, 3s ordinary": Rules(bie3=False, yielding=True),
    "outline without 憋3": Rules(variant="outline", bie3=False, flip_double=True),
    "no auto-pass, burns by team": Rules(auto_pass=False, burn_priority="outline"),
    "no 开点, no revolution": Rules(kaidian=False, revolution=False),
    "后水湾's extras on the standard game": Rules(bj_over_bj=True, last_gouji=True, bare_jokers_fall=True),
    "by-rank 够级 under standard points": Rules(gouji_sets="by_rank", comparison="by_rank"),
}


def _in_play(hand: Hand) -> bool:
    return hand.phase in (Phase.PLAY, Phase.CLAIM_ANSWER)


def _same_state(kernel: Kernel, hand: Hand) -> None:
    assert kernel.to_act == hand.to_act
    assert kernel.table is hand.table and kernel.owner == hand.owner
    assert kernel.counts == [cards.counts for cards in hand.cards]
    assert kernel.opened == hand.opened and kernel.headless == hand.headless
    assert kernel.obligated == hand.obligated and kernel.melee == hand.melee


def _lockstep_one(kernel: Kernel, hand: Hand, rand: random.Random) -> None:
    """One random move in both, after checking they stand alike and offer the same moves."""
    _same_state(kernel, hand)
    for other in range(SEATS):  # the same moves, in the same order, and nobody else may act
        assert kernel.legal_moves(other) == hand.legal_moves(other)
    seat = hand.to_act[0]
    assert kernel.heuristic_move() is heuristic.choose(hand, seat, rand)  # the bot's very move
    move = rand.choice(hand.legal_moves(seat))
    hand.apply(seat, move)
    kernel.apply(seat, move)


def _lockstep(kernel: Kernel, hand: Hand, rand: random.Random) -> int:
    """Plays both on by the same random moves to the hand's end; the moves made."""
    moves = 0
    while not hand.is_over:
        _lockstep_one(kernel, hand, rand)
        moves += 1
    assert kernel.is_over
    _same_state(kernel, hand)  # the last move's changes too
    return moves


def _same_end(kernel: Kernel, hand: Hand) -> None:
    ended = kernel.ended()
    assert ended.finish_order == hand.finish_order
    assert ended.sweep == hand.sweep
    assert ended.specials == hand.specials
    assert ended.debts == hand.debts
    assert ended.scores == hand.scores


@pytest.mark.parametrize("family", FAMILIES)
def test_random_hands_play_alike(family: str) -> None:
    """Hands of three matches each, the kernel built at a random moment of each hand's play."""
    played = 0
    for seed in range(3):
        match, rand = new_match(f"kernel/{seed}", FAMILIES[family]), random.Random(seed)
        while not match.is_over:
            hand = match.hand
            while not _in_play(hand) or rand.random() < 0.97:
                if hand.is_over:
                    break
                seat = hand.to_act[0]
                match.apply(seat, rand.choice(hand.legal_moves(seat)))
            if hand.is_over:
                continue  # (ended before the kernel was asked in)
            kernel = Kernel(hand.clone())
            played += _lockstep(kernel, hand, rand)
            _same_end(kernel, hand)
            match._round_over()  # the hand ended outside `Match.apply`
    assert played > 300


def _rebel_deal(rules: Rules, seed: int) -> Hand:
    """A random deal in which seat 2 holds no 2 and no joker (and the 3s it would buy): a
    revolution is on offer, and with it 冲点, 死级 and the outline's slow opener (§8.2, A.4)."""
    rand = random.Random(seed)
    deck = DECKS[rules.deck]
    ranks = [card.rank for card in shuffled_deck(rand, deck)]
    size = deck.hand_size
    seats = [ranks[i * size : (i + 1) * size] for i in range(SEATS)]
    for i, rank in enumerate(seats[2]):
        if rank >= TWO or (rank == 0 and rules.variant == "outline"):
            other = rand.choice([s for s in range(SEATS) if s != 2])
            j = next(j for j, r in enumerate(seats[other]) if 0 < r < TWO)
            seats[2][i], seats[other][j] = seats[other][j], rank
    return deal_from([" ".join(RANKS[r] for r in seat) for seat in seats], leader=seed % SEATS, rules=rules)


@pytest.mark.parametrize("family", ["standard", "outline", "后水湾"])
def test_revolutions_play_alike(family: str) -> None:
    """Hands with a revolution on offer, the revolutionary out of play: its place (三科 or
    四科), its team's sweep, the charge's point, 死级 and the outline's third 够级 round."""
    revolts = 0
    for seed in range(40):
        hand, rand = _rebel_deal(FAMILIES[family], seed), random.Random(seed)
        while not _in_play(hand) and not hand.is_over:
            seat = hand.to_act[0]
            choices = hand.legal_moves(seat)
            wanted = [m for m in choices if str(m) in ("revolt", "deadlevels")]
            hand.apply(seat, (wanted or choices)[0] if rand.random() < 0.8 else rand.choice(choices))
        if hand.is_over:
            continue
        revolts += hand.revolutionary is not None
        kernel = Kernel(hand.clone())
        _lockstep(kernel, hand, rand)
        _same_end(kernel, hand)
    assert revolts >= 20


def _burning_position(rand: random.Random) -> list[str]:
    """Short hands of few ranks, high sets and jokers: 够级 sets are led, burnt, and the burners
    bound to a joker in every set (§7), which random deals of 36 cards almost never show."""
    stock = list(DECKS["four_decks"].copies)
    hands = []
    for _ in range(SEATS):
        wanted = [(rank, 2) for rank in rand.sample(range(FOUR, ACE + 1), rand.randint(1, 2))]
        wanted += [(rand.randint(TEN, ACE), rand.randint(2, 4)), (TWO, rand.randint(0, 1)), (0, 1)]
        wanted += [(TWO + 1, rand.randint(0, 2)), (TWO + 2, rand.randint(0, 2))]  # the jokers
        if rand.random() < 0.3:  # one burning set and nothing else: a burn that finishes
            wanted = [(rand.randint(TEN, ACE), 2), (TWO + 2, 1)]
        cards = []
        for rank, count in wanted:
            taken = min(count, stock[rank])
            stock[rank] -= taken
            cards += [RANKS[rank]] * taken
        hands.append(" ".join(cards))
    return hands


@pytest.mark.parametrize(
    "family", ["standard", "no auto-pass, burns by team", "后水湾's extras on the standard game"]
)
def test_burns_and_their_obligation_play_alike(family: str) -> None:
    bound = 0
    for seed in range(150):
        rand = random.Random(seed)
        hand = from_hands(_burning_position(rand), leader=seed % SEATS, rules=FAMILIES[family])
        kernel = Kernel(hand.clone())
        while not hand.is_over:  # (the lockstep, counting the seats bound by a burn)
            bound += sum(hand.obligated)
            _lockstep_one(kernel, hand, rand)
        _same_state(kernel, hand)
        _same_end(kernel, hand)
    assert bound >= 100


@pytest.mark.parametrize("family", ["standard", "后水湾", "no 憋3: claims, 3s ordinary"])
def test_random_playouts_are_legal_and_end_as_the_engine(family: str) -> None:
    """The kernel's own random playout (leads picked by their index): every move it makes is
    legal in the engine, and replayed there it ends the hand the same way."""
    for seed in range(12):
        hand = new_match(f"playout/{seed}", FAMILIES[family]).hand
        rand = random.Random(seed)
        while not _in_play(hand):
            hand.apply(hand.to_act[0], rand.choice(hand.legal_moves(hand.to_act[0])))
        kernel, log = Kernel(hand.clone()), []
        kernel.random_playout(rand, log)
        for seat, move in log:
            assert move in hand.legal_moves(seat)
            hand.apply(seat, move)
        assert hand.is_over
        _same_end(kernel, hand)


@pytest.mark.parametrize("family", FAMILIES)
def test_heuristic_playouts_end_as_in_the_engine(family: str) -> None:
    """The search's playout (the heuristic in every seat) through the kernel and through `Hand`
    alone: the same end, from positions before play (a sample's revolution, tribute …) and in it."""
    for seed in range(8):
        hand, rand = new_match(f"heuristic/{seed}", FAMILIES[family]).hand, random.Random(seed)
        for _ in range(rand.randrange(60)):
            if hand.is_over:
                break
            hand.apply(hand.to_act[0], rand.choice(hand.legal_moves(hand.to_act[0])))
        kernel_end = search.playout(hand.clone(), rand)
        engine_end = search.playout(hand.clone(), rand, kernel=False)
        assert kernel_end.is_over
        for end in ("finish_order", "sweep", "specials", "debts", "scores"):
            assert getattr(kernel_end, end) == getattr(engine_end, end)


@pytest.mark.parametrize("family", ["standard", "outline", "后水湾"])
def test_a_samples_margins_are_alike_with_and_without_the_kernel(family: str) -> None:
    """Every option played out on one sample, in kernels that score their ends on the sample in
    turn, or each on a copy through `Hand`: the same margins (a sweep in one option must leave
    no debts behind for the next)."""
    compared = 0
    for seed in range(6):
        hand, rand = new_match(f"margins/{seed}", FAMILIES[family]).hand, random.Random(seed)
        while not hand.is_over:
            seat = hand.to_act[0]
            options = search.options_of(hand, seat, heuristic.choose(hand, seat, rand))
            if hand.phase == Phase.PLAY and len(options) > 1 and rand.random() < 0.3:
                for _ in range(6):
                    world = determinized(hand, seat, rand)
                    twin = world.clone()
                    assert search.margins(world, seat, options, rand) == search.margins(
                        twin, seat, options, rand, kernel=False
                    )
                    compared += 1
            hand.apply(seat, heuristic.choose(hand, seat, rand))
    assert compared >= 60


def test_the_search_chooses_alike_with_and_without_the_kernel() -> None:
    decisions = 0
    for seed in range(4):
        hand, rand = (
            new_match(f"search/{seed}", FAMILIES["outline" if seed % 2 else "standard"]).hand,
            random.Random(seed),
        )
        while not hand.is_over and decisions < 6 * (seed + 1):
            seat = hand.to_act[0]
            if len(hand.legal_moves(seat)) > 1 and rand.random() < 0.15:
                chosen = search.choose(hand, seat, random.Random(decisions), samples=4)
                assert chosen is search.choose(hand, seat, random.Random(decisions), samples=4, kernel=False)
                decisions += 1
            hand.apply(seat, heuristic.choose(hand, seat, rand))
    assert decisions >= 12


@pytest.mark.parametrize(
    ("deck", "bie3", "rank_compare", "over_big"),
    [
        ("four_decks", True, False, False),
        ("four_decks", False, False, True),
        ("four_decks", True, True, False),
        ("six_decks", True, False, True),
        ("six_decks", True, True, False),
    ],
)
def test_quick_answers_are_the_listed_ones(deck: str, bie3: bool, rank_compare: bool, over_big: bool) -> None:
    """`bot.quick_answer`, where it answers, is `answer_within` over every listed answer."""
    table_sets, rand = SET_TABLES[(deck, bie3)], random.Random(11)
    quick = 0
    for _ in range(20_000):
        counts = [rand.choice((0, 0, 0, 1, 2, 3, 4)) for _ in range(NRANKS)]
        counts[-2], counts[-1] = rand.choice((0, 0, 1, 2)), rand.choice((0, 0, 1))
        leads = table_sets.leads([rand.randint(0, 4) for _ in range(NRANKS)])
        table = rand.choice(leads)
        if rank_compare:
            listed = table_sets.answers_by_rank(counts, table)
        else:
            listed = table_sets.answers(counts, table)
            listed += table_sets.answers_over_big(counts, table) if over_big and table.big else []
        budget = rand.choice((heuristic.TEAMMATES, heuristic.CHEAP, heuristic.CHEAP, heuristic.THREAT))
        found = heuristic.quick_answer(counts, table, budget, table_sets.low, rank_compare)
        if found is not None:
            quick += 1
            assert found is heuristic.answer_within(listed, counts, budget), (counts, str(table), budget)
    assert quick > 12_000


def test_below_draws_as_randrange() -> None:
    """The sampler's draws (`simulation.below`) are `randrange`'s, so its samples are unchanged."""
    mine, theirs = random.Random(9), random.Random(9)
    for n in [1, 2, 3, 7, 64, 65, 150, 2**20 + 3] * 50:
        assert below(mine, n) == theirs.randrange(n)
    with pytest.raises(ValueError):
        below(mine, 0)


def test_lead_at_is_the_leads_list() -> None:
    """`lead_at` and `lead_count` decode the very list `leads` builds, in every deck and mode."""
    rand = random.Random(5)
    for table in {id(t): t for t in SET_TABLES.values()}.values():
        for _ in range(300):
            counts = [rand.choice((0, 0, 1, 2, 3, 5)) for _ in range(NRANKS)]
            counts[-2], counts[-1] = rand.choice((0, 1, 2)), rand.choice((0, 1, 3))
            leads = table.leads(counts)
            assert table.lead_count(counts) == len(leads)
            assert [table.lead_at(counts, i) for i in range(len(leads))] == leads
    threes_only = [4] + [0] * (NRANKS - 1)
    standard = SET_TABLES[("four_decks", True)]
    assert [standard.lead_at(threes_only, 0)] == standard.leads(threes_only)


def test_random_leads_are_uniform() -> None:
    """A free lead is picked as `random.choice` of the legal moves would: each equally often."""
    hand = new_match("uniform", Rules(bie3=False)).hand
    rand = random.Random(3)
    while not _in_play(hand):
        hand.apply(hand.to_act[0], rand.choice(hand.legal_moves(hand.to_act[0])))
    kernel = Kernel(hand)
    legal = kernel.legal_moves(kernel.to_act[0])
    seen = {str(m): 0 for m in legal}
    draws = 200 * len(legal)
    for _ in range(draws):
        seen[str(kernel.random_move(rand))] += 1
    assert set(seen) == {str(m) for m in legal}  # the claim among them
    assert min(seen.values()) > 120 and max(seen.values()) < 280


def test_the_origin_is_left_alone() -> None:
    hand = new_match("origin").hand
    rand = random.Random(1)
    while not _in_play(hand):
        hand.apply(hand.to_act[0], rand.choice(hand.legal_moves(hand.to_act[0])))
    before = [list(c.counts) for c in hand.cards], list(hand.to_act)
    kernel = Kernel(hand)
    with pytest.raises(ValueError):
        kernel.ended()  # not over yet
    kernel.random_playout(rand)
    assert ([list(c.counts) for c in hand.cards], hand.to_act) == before
    assert kernel.ended().is_over and not hand.is_over
