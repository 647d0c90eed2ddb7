"""The playout kernel against the rules engine: on random positions of every one-deck
option family, the same legal plays, the heuristic bot's very card, the search's playouts to the
same scores, and the same final scores."""

import random
from collections.abc import Iterator

import pytest

from engine.gongzhu import Deal, Rules, from_hands, search
from engine.gongzhu import bot as heuristic
from engine.gongzhu.kernel import Kernel
from engine.gongzhu.moves import Play

FAMILIES = {
    "default": Rules(),
    "expose all, held back as discards": Rules(expose_mode="all", expose_discard="allow"),
    "forced three, colour discard": Rules(expose_mode="forced_three", colour_discard=True),
    "all but the sheep, books hearts": Rules(expose_mode="all_but_sheep", heart_values="books"),
    "blind, no self capture": Rules(expose_mode="blind", self_capture=False),
    "positive hearts, swap auto": Rules(heart_values="positive", pig_sheep_swap="auto"),
    "swap chosen, partners": Rules(pig_sheep_swap="chosen", partners=True),
    "pig and sheep one side": Rules(pig_sheep_team=True, expose_mode="none", first_lead="seat0"),
    "every trick played": Rules(auto_claim=False, colour_discard=True, expose_mode="all"),
}


def _cards(mask: int) -> list[int]:
    return [i for i in range(52) if mask >> i & 1]


def _played_out(rules: Rules, seed: int) -> Deal:
    """A deal through its exposure phase with random choices, ready to play."""
    deal = Deal(rules, f"kernel/{seed}")
    rand = random.Random(seed)
    while deal.phase == "expose":
        seat = deal.to_act[0]
        deal.apply(seat, rand.choice(deal.legal_moves(seat)))
    return deal


def _deals(family: str, count: int) -> Iterator[tuple[Deal, random.Random]]:
    """Deals of the family ready to play, each with a random stream of its own."""
    for seed in range(count):
        yield _played_out(FAMILIES[family], seed), random.Random(seed)


@pytest.mark.parametrize("family", FAMILIES)
def test_every_position_plays_alike(family: str) -> None:
    for deal, rand in _deals(family, 40):
        kernel = Kernel.from_deal(deal)
        while deal.phase == "play" and not kernel.is_over:
            plays = [m for m in deal.legal_moves(deal.turn) if isinstance(m, Play)]
            assert _cards(kernel.legal()) == sorted(m.cards[0].index for m in plays)
            assert kernel.heuristic_play() == heuristic.choose(deal, deal.turn, rand).cards[0].index
            for m in plays:  # the heuristic's very figures, not only its choice
                assert kernel.cost(m.cards[0].index) == heuristic._cost(deal, deal.turn, m)
            move = rand.choice(plays)
            deal.apply(deal.turn, move)
            kernel.play(move.cards[0].index)
            if deal.phase == "play" and rand.random() < 0.2:  # a search starts anywhere, mid-trick too
                kernel = Kernel.from_deal(deal)
        while not kernel.is_over:  # the engine played the last trick by itself (one card each)
            assert kernel.legal() & (kernel.legal() - 1) == 0
            kernel.play(kernel.heuristic_play())
        while not deal.is_over:  # the engine plays on where the score can no longer change
            seat = deal.to_act[0]
            deal.apply(seat, deal.default_move(seat))
        assert kernel.scores() == deal.scores


@pytest.mark.parametrize("family", FAMILIES)
def test_the_searchs_playouts_score_alike(family: str) -> None:
    for deal, rand in _deals(family, 30):
        for _ in range(rand.randrange(30)):  # a random point of the deal
            if deal.phase != "play":
                break
            plays = [m for m in deal.legal_moves(deal.turn) if isinstance(m, Play)]
            deal.apply(deal.turn, rand.choice(plays))
        if deal.phase != "play":
            continue
        for racing in (None, 0, 1, 2, 3):
            expected = search.playout(deal.clone(), rand, racing)
            assert Kernel.from_deal(deal).playout(-1 if racing is None else racing) == expected


@pytest.mark.parametrize("swap", ["auto", "chosen"])
def test_a_race_for_all_hearts_scores_alike(swap: str) -> None:
    """全红 and 猪羊变色 are rare in random play: seat 0 holds every heart and races for them."""
    hands = [
        "H2 H3 H4 H5 H6 H7 H8 H9 H10 HJ HQ HK HA",
        "S2 S3 S4 S5 S6 S7 S8 S9 S10 SJ SQ SK SA",
        "D2 D3 D4 D5 D6 D7 D8 D9 D10 DJ DQ DK DA",
        "C2 C3 C4 C5 C6 C7 C8 C9 C10 CJ CQ CK CA",
    ]
    deal = from_hands(hands, rules=Rules(pig_sheep_swap=swap))
    expected = search.playout(deal.clone(), random.Random(0), 0)
    assert Kernel.from_deal(deal).playout(0) == expected
    assert expected[0] > 0  # the hearts' sign turned: the race was won


def test_the_heuristic_first_on_a_tie_as_the_engine_lists_plays() -> None:
    """Leading with two cards of equal cost: the engine's first (♠ before ♦), not the lowest bit."""
    deal = from_hands(["S2 D2", "S3 D3", "S4 D4", "S5 D5"], rules=Rules(auto_claim=False))
    kernel = Kernel.from_deal(deal)
    assert kernel.heuristic_play() == heuristic.choose(deal, 0, random.Random(0)).cards[0].index


def test_the_search_plays_the_same_move_with_the_kernel() -> None:
    """The kernel changes the search's cost, never its choice: the same seed, the same move."""
    for seed in range(6):
        deal = _played_out(Rules(), seed)
        for _ in range(seed * 3):
            deal.apply(deal.turn, heuristic.choose(deal, deal.turn, random.Random(0)))
        engine_move = search.choose(deal, deal.turn, random.Random(seed), samples=8, kernel=False)
        assert search.choose(deal, deal.turn, random.Random(seed), samples=8) is engine_move
