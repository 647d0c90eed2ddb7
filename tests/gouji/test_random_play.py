"""What random play shows of 够级 beyond the contract every game keeps (tests/contract): every
set a seat could physically form that is not offered is refused (in every variant), club scores
sum to zero and offset scores go to the winning team alone."""

import random
from collections import deque
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import IllegalMove
from engine.gouji import Match, Rules, new_match
from engine.gouji.sets import CardSet, set_from_counts

SETTINGS = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
RULES = st.builds(
    Rules,
    revolution=st.booleans(),
    kaidian=st.booleans(),
    auto_pass=st.booleans(),
    burn_priority=st.sampled_from(["play_order", "outline"]),
    max_hands=st.integers(1, 4),
    scoring=st.sampled_from(["club", "outline"]),
)


def random_steps(seed: int, rules: Rules) -> Iterator[tuple[Match, int, random.Random]]:
    """Yields each decision of a match played by uniformly random legal moves, before the move
    is made; the caller may look around (and try illegal moves) before resuming."""
    match, rand = new_match(seed, rules), random.Random(seed)
    for _ in range(20_000):
        if match.is_over:
            return
        seat = rand.choice(match.to_act)
        yield match, seat, rand
        match.apply(seat, rand.choice(match.legal_moves(seat)))
    raise AssertionError("a match that does not end")


def random_match(seed: int, rules: Rules) -> tuple[Match, list[tuple[int, str]]]:
    match = deque(random_steps(seed, rules), maxlen=1)[0][0]  # the last step's match
    return match, match.log


VARIANTS = ("standard", "outline", "houshuiwan")


def variant(name: str, **options: str) -> Rules:
    return Rules.from_options({"variant": name, **options})


@pytest.mark.parametrize("name", VARIANTS)
@SETTINGS
@given(seed=st.integers(0, 10**9))
def test_every_formable_set_not_offered_is_refused(name: str, seed: int) -> None:
    for match, seat, rand in random_steps(seed, variant(name, max_hands="1")):
        hand = match.hand
        offered = match.legal_moves(seat)
        if hand.phase == "play":
            offered_text = {str(m) for m in offered}
            # Every set this seat could physically form that is not offered must be refused.
            for candidate in some_sets(hand.cards[seat].counts, rand):
                if str(candidate) in offered_text:
                    continue
                before = hand.public_view()
                try:
                    hand.apply(seat, candidate)
                except IllegalMove:
                    assert hand.public_view() == before
                else:
                    raise AssertionError(f"{candidate} was accepted but not offered")
        for other in range(6):
            if other not in match.to_act:
                assert match.legal_moves(other) == []


def some_sets(counts: list[int], rand: random.Random) -> list[CardSet]:
    found = []
    for _ in range(8):
        pick = [rand.randint(0, c) for c in counts]
        base = [r for r in range(12) if pick[r]]  # (counts may exceed four decks': 后水湾's six)
        if len(base) > 1:
            for r in base[1:]:
                pick[r] = 0
        if sum(pick) and not (pick[0] and sum(pick[12:])):
            found.append(set_from_counts(pick))
    return found


@SETTINGS
@given(seed=st.integers(0, 10**9))
def test_hand_scores_sum_to_zero_under_club(seed: int) -> None:
    match, _ = random_match(seed, Rules(max_hands=3))
    for hand in match.hands:
        assert hand.scores is not None and sum(hand.scores) == 0
    assert sum(match.totals) == 0


@pytest.mark.parametrize("name", ("outline", "houshuiwan"))
@SETTINGS
@given(seed=st.integers(0, 10**9))
def test_offset_scores_go_to_one_team_alone_as_the_difference_of_places(name: str, seed: int) -> None:
    """docs/rules/gouji-variants.md A.8: places 4 2 0 0 −2 −4 summed per team; the winners each record the
    difference, the others 0."""
    match, _ = random_match(seed, variant(name, max_hands="2"))
    for hand in match.hands:
        assert hand.scores is not None
        order = hand.finish_order
        points = (4, 2, 0, 0, -2, -4)
        sums = [sum(points[i] for i, s in enumerate(order) if s % 2 == side) for side in (0, 1)]
        if hand.sweep is not None:
            sums = [6, -6] if hand.sweep == 0 else [-6, 6]
        winner = 0 if sums[0] > sums[1] else 1
        expected = [abs(sums[0] - sums[1]) if s % 2 == winner else 0 for s in range(6)]
        assert list(hand.scores) == expected
