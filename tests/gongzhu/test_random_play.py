"""What random play shows of 拱猪 beyond the contract every game keeps (tests/contract): the very
cards of the deck (not only their number) are in hands or played, any card not offered is
refused, and deal scores follow the rules page's table."""

import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import IllegalMove
from engine.gongzhu import DECK, Match, Rules, new_match

SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
RULES = st.builds(
    Rules,
    decks=st.sampled_from([1, 1, 2]),
    heart_values=st.sampled_from(["standard", "books", "positive"]),
    expose_mode=st.sampled_from(["free", "none", "forced_three", "all", "all_but_sheep", "blind"]),
    expose_discard=st.sampled_from(["forbid", "allow"]),
    self_capture=st.booleans(),
    first_lead=st.sampled_from(["club2", "seat0"]),
    auto_claim=st.booleans(),
    partners=st.booleans(),
    colour_discard=st.booleans(),
    deals=st.integers(1, 3),
)
HEART = {14: -50, 13: -40, 12: -30, 11: -20, 10: -10, 9: -10, 8: -10, 7: -10, 6: -10, 5: -10}


def random_match(match: Match, seed: int):
    """Plays random legal moves (claims and answers included), yielding (seat, moves) before
    each decision so the caller can look around first."""
    rand = random.Random(seed)
    for _ in range(5_000):
        if match.is_over:
            return
        seat = rand.choice(match.to_act)
        moves = match.legal_moves(seat)
        yield seat, moves
        match.apply(seat, rand.choice(moves))
    raise AssertionError("the match did not end")


def played(seed: int, rules: Rules) -> Match:
    match = new_match(seed, rules)
    for _ in random_match(match, seed):
        pass
    return match


@SETTINGS
@given(seed=st.integers(0, 10**6), rules=RULES)
def test_every_card_is_in_a_hand_or_played(seed: int, rules: Rules) -> None:
    deck = Counter({c.text: rules.decks for c in DECK})
    match, rand = new_match(seed, rules), random.Random(seed)
    played: Counter = Counter()
    while not match.is_over:
        seat = rand.choice(match.to_act)
        for event in match.apply(seat, rand.choice(match.legal_moves(seat))):
            if event.kind == "DealStarted":
                played = Counter()
            elif event.kind == "CardPlayed":
                played.update(event.cards.split())
        deal = match.deal
        held = Counter(c.text for s in range(4) for c in deal.hand(s))
        assert held + played == deck
        assert deal.total_cards() == 52 * rules.decks


@SETTINGS
@given(seed=st.integers(0, 10**6), rules=RULES)
def test_offered_moves_are_accepted_and_others_refused(seed: int, rules: Rules) -> None:
    rand, match = random.Random(seed), new_match(seed, rules)
    for seat, moves in random_match(match, seed):
        deal = match.deal
        if deal.phase != "play":
            continue
        offered = {str(m) for m in moves}
        for card in rand.sample(DECK, 6):
            if card.text in offered:
                continue
            before = deal.seat_view(seat)
            try:
                deal.apply(seat, card.text)
            except IllegalMove:
                assert deal.seat_view(seat) == before
            else:
                raise AssertionError(f"{card} was accepted but not offered: {offered}")


def reference_points(took: list[str], exposed: set[str]) -> int:
    """The rules page's table (§2, §3, §5) for one deck, standard hearts, no 自得."""
    hearts = [t for t in took if t[0] == "H"]
    ace = 2 if "HA" in exposed else 1
    heart_total = sum(HEART.get(_rank(t), 0) for t in hearts) * ace
    pig = -100 * (2 if "SQ" in exposed else 1) if "SQ" in took else 0
    sheep = 100 * (2 if "DJ" in exposed else 1) if "DJ" in took else 0
    if len(hearts) == 13:
        heart_total = -heart_total
        if "SQ" in took and "DJ" in took and "C10" in took:
            pig = -pig
    if "C10" not in took:
        return pig + sheep + heart_total
    factor = 4 if "C10" in exposed else 2
    if len(took) == 1:
        return 50 * factor // 2
    return (pig + sheep + heart_total) * factor


def _rank(text: str) -> int:
    return {"A": 14, "K": 13, "Q": 12, "J": 11}.get(text[1:], int(text[1:]) if text[1:].isdigit() else 0)


@SETTINGS
@given(
    seed=st.integers(0, 10**6),
    mode=st.sampled_from(["free", "none", "all", "blind"]),
    partners=st.booleans(),
)
def test_deal_scores_follow_the_table(seed: int, mode: str, partners: bool) -> None:
    match = played(seed, Rules(expose_mode=mode, self_capture=False, partners=partners, deals=2))
    sides = [(0, 2), (1, 3)] if partners else [(s,) for s in range(4)]
    for deal in match.deals:
        view = deal.public_view()
        exposed = {c.text for c, n in deal.exposed_copies.items() if n}
        expected = [reference_points(view.taken[s], exposed) for s in range(4)]
        assert view.card_points == tuple(expected)
        for side in sides:
            assert all(view.scores[seat] == sum(expected[s] for s in side) for seat in side)
