"""§11 scoring (club and outline) and §11a public information."""

import itertools
import random
from dataclasses import asdict

import pytest

from engine.gouji import Debt, Rules, from_hands, new_game, new_match
from engine.gouji import bot as heuristic
from engine.gouji.events import MatchEnded
from engine.gouji.scoring import FINISH_POINTS, compensation, hand_scores

CLUB = Rules()


def order_with(team_a_places: tuple[int, int]) -> list[int]:
    """A finishing order where seat 0 is 头科 and team 0 holds the given two other places."""
    team_a, team_b = [2, 4], [1, 3, 5]
    order = [0]
    for place in range(2, 7):
        order.append(team_a.pop(0) if place in team_a_places else team_b.pop(0))
    return order


@pytest.mark.parametrize("places", sorted(FINISH_POINTS))
def test_s11_every_finish_row_sums_to_zero_and_pays_by_place(places: tuple[int, int]) -> None:
    order = order_with(places)
    scores = hand_scores(CLUB, order, None, 1, [])
    assert sum(scores) == 0
    assert [scores[seat] for seat in order] == list(FINISH_POINTS[places])


def test_s11_the_table_row_2_4() -> None:
    scores = hand_scores(CLUB, [0, 2, 1, 4, 3, 5], None, 2, [])
    assert scores == (8, -4, 7, -7, 3, -7)


@pytest.mark.parametrize(("hand_no", "points"), [(1, 60), (2, 80), (3, 100), (7, 100)])
def test_s11_sweep_points_grow_with_the_hand_number(hand_no: int, points: int) -> None:
    assert hand_scores(CLUB, [1, 3, 5], 1, hand_no, []) == (-points, points) * 3


def test_s11_special_tributes_score_10_9_8_unless_unscored() -> None:
    specials = [
        Debt("smother", 1, 0),
        Debt("burn", 3, 2),
        Debt("point", 5, 4),
        Debt("point", 1, 2, scored=False),
    ]
    base = hand_scores(CLUB, [0, 1, 2, 3, 4, 5], None, 1, [])
    with_specials = hand_scores(CLUB, [0, 1, 2, 3, 4, 5], None, 1, specials)
    delta = [b - a for a, b in zip(base, with_specials, strict=True)]
    assert delta == [10, -10, 9, -9, 8, -8]


def test_s11_compensation_is_net_tributes_times_ten() -> None:
    debts = [
        Debt("last", 1, 0, 2),
        Debt("second_last", 3, 2, 1),
        Debt("smother", 0, 5, 1),
        Debt("burn", 2, 4),
    ]
    assert compensation(CLUB, debts) == (20, -20, 20, -20, 20, -20)


def test_s11_random_hands_score_to_zero_under_club() -> None:
    for seed in range(30):
        g, rand = new_game(seed), random.Random(seed)
        while not g.is_over:
            seat = g.to_act[0]
            g.apply(seat, rand.choice(g.legal_moves(seat)))
        assert g.scores is not None and sum(g.scores) == 0


def test_s11a_the_public_view_holds_no_hand_and_a_seat_view_only_its_own() -> None:
    g = from_hands(["K K 5 9", "4 6", "4 7", "6 8", "4 9", "4 10"], leader=0)
    g.apply(0, "5")
    public = g.public_view()
    fields = asdict(public)
    assert not {"hand", "legal", "warnings"} & set(fields)
    assert public.cards_left == (3, 2, 2, 2, 2, 2)
    for seat, tokens in enumerate(["K K 9", "4 6", "4 7", "6 8", "4 9", "4 10"]):
        view = g.seat_view(seat)
        assert sorted(view.hand.split()) == sorted(tokens.split())
        assert view.public == public and view.seat == seat
    # Every value of the public view is table information: counts, flags, played sets.
    assert {type(v).__name__ for v in fields.values()} <= {"int", "str", "tuple", "bool", "NoneType"}
    assert public.table == "5" and public.to_act == (1,)


def test_s11a_jokers_played_and_points_are_public() -> None:
    g = from_hands(["K K SJ 5", "4", "4", "4", "4", "4"], leader=0)
    g.apply(0, "K K")
    g.apply(0, "5 SJ")
    view = g.public_view()
    assert view.jokers_played[0] == (1, 0) and view.opened[0] and view.first_point[0] == "K K"


def test_s2_every_deal_is_216_cards_36_each_and_seeded() -> None:
    a, b = new_game(11), new_game(11)
    hands = [sorted(str(c) for c in a.hand(s)) for s in range(6)]
    assert hands == [sorted(str(c) for c in b.hand(s)) for s in range(6)]
    assert sum(len(h) for h in hands) == 216
    counts = {tok: sum(h.count(tok) for h in hands) for tok in ("3", "10", "2", "SJ", "BJ")}
    assert counts == {"3": 16, "10": 16, "2": 16, "SJ": 4, "BJ": 4}
    assert hands != [sorted(str(c) for c in new_game(12).hand(s)) for s in range(6)]
    assert list(itertools.chain(*hands))


def played_match(rules: Rules, seed: int) -> tuple[list[Debt], tuple[int, ...]]:
    """A one-hand match played by the heuristic: the debts its hand left and the match's bonus."""
    match = new_match(seed=seed, rules=rules)
    ended: list[MatchEnded] = []
    while not match.is_over:
        hand = match.hand
        seat = hand.to_act[0]
        events = match.apply(seat, heuristic.choose(hand, seat, random.Random(seed)))
        ended += [e for e in events if isinstance(e, MatchEnded)]
    return match.hand.debts, ended[0].compensation


@pytest.mark.parametrize("variant", ["standard", "outline", "houshuiwan"])
def test_s11_a8_compensation_at_the_hand_limit_only_under_club_scoring(variant: str) -> None:
    """补偿积分 is club scoring's (seed 001); under `scoring=outline` tributes carry no points (A.8)."""
    rules = Rules.from_options({"variant": variant, "max_hands": "1"})
    for seed in range(20):
        debts, bonus = played_match(rules, seed)
        if any(compensation(CLUB, debts)):  # the last hand left tributes between the teams
            break
    else:
        pytest.fail("no hand left tributes between the teams")
    assert bonus == (compensation(CLUB, debts) if rules.scoring == "club" else (0,) * 6)
