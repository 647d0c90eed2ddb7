"""The 够级 playout kernel (issue 52) against the rules engine: random matches of every variant
and option family, a kernel built from the hand at a random moment of its play (a claim's
answers too), then both played on move for move — the same seat to act, the same legal moves in
the same order, the same table — to the same end: finish order, sweep, 点贡 and other debts,
scores."""

import random

import pytest

from engine.gouji import Rules, new_match
from engine.gouji.cards import NRANKS, SEATS
from engine.gouji.hand import Hand
from engine.gouji.kernel import Kernel
from engine.gouji.phase import Phase
from engine.gouji.sets import SET_TABLES

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


def _lockstep(kernel: Kernel, hand: Hand, rand: random.Random) -> int:
    """Plays both on by the same random moves to the hand's end; the moves made."""
    moves = 0
    while not hand.is_over:
        _same_state(kernel, hand)
        seat = hand.to_act[0]
        legal = hand.legal_moves(seat)
        assert kernel.legal_moves(seat) == legal
        for other in range(SEATS):  # and nobody else may act
            assert kernel.legal_moves(other) == hand.legal_moves(other)
        move = rand.choice(legal)
        hand.apply(seat, move)
        kernel.apply(seat, move)
        moves += 1
    assert kernel.is_over
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
