"""§9 开点, 闷, 烧 and 落 debts; §10 ends and 烩四; §12 conduct."""

import pytest

from engine import IllegalMove
from engine.gouji import Rules, from_hands, new_match
from tests.helpers import finish_with_defaults, of, play


def test_s9_open_point_by_winning_a_round_with_a_pure_gouji_set() -> None:
    g = from_hands(["K K 5 9", "4", "4", "6", "4", "4"], leader=0)
    events = play(g, (0, "K K"))
    assert [(e.seat, e.cards) for e in of(events, "PointOpened")] == [(0, "K K")]
    assert g.public_view().first_point[0] == "K K"


def test_s9_no_point_after_playing_a_four() -> None:
    g = from_hands(["4 K K 5 9", "3", "3", "3", "3", "3"], leader=0)
    play(g, (0, "4"))
    events = play(g, (0, "K K"))
    assert not of(events, "PointOpened") and not g.opened[0]


def test_s9_no_point_when_the_kaidian_option_is_off() -> None:
    g = from_hands(["K K 5 9", "4", "4", "6", "4", "4"], leader=0, rules=Rules(kaidian=False))
    assert not of(play(g, (0, "K K")), "PointOpened")


def test_s9_smothered_when_the_last_set_before_the_threes_is_beaten() -> None:
    g = from_hands(["K 3 3", "A 5", "4", "4", "4", "4"], leader=0)
    events = play(g, (0, "K"), (1, "A"))
    assert [(e.seat, e.by) for e in of(events, "Smothered")] == [(0, 1)]
    assert [(d.kind, d.payer, d.receiver) for d in g.specials] == [("smother", 0, 1)]


def test_s9_special_tributes_between_teammates_are_void() -> None:
    g = from_hands(["K 3 3", "4", "A 5", "4", "4", "4"], leader=0)
    events = play(g, (0, "K"), (2, "A"))
    assert of(events, "Smothered") and g.specials == []


def test_s9_point_tribute_and_fall_tributes_at_hand_end() -> None:
    # 0 opens with K K and goes out; 3 never opens: 3 owes 0 a 点贡 (scored, 3 held A A).
    g = from_hands(["K K", "5", "6", "A A 7", "8", "9"], leader=0)
    play(g, (0, "K K"), (3, "pass"))
    finish_with_defaults(g)
    debts = {(d.kind, d.payer, d.receiver, d.count) for d in g.debts}
    assert ("point", 3, 0, 1) in debts
    order = g.finish_order
    assert ("last", order[5], order[0], 2) in debts and ("second_last", order[4], order[1], 1) in debts


def test_s10_hand_ends_when_one_player_holds_cards() -> None:
    g = from_hands(["5", "6", "7", "8", "9", "10 10"], leader=0)
    events = play(g, (0, "5"), (1, "6"), (2, "7"), (3, "8"), (4, "9"))
    # Five are out; 5 still holds 10 10 and is 大落. Team 0 holds places 1, 3, 5: row "3,5".
    assert g.is_over and g.to_act == [] and g.finish_order == [0, 1, 2, 3, 4, 5]
    assert of(events, "HandEnded")[0].scores == (4, 0, 2, -2, 0, -4)


def test_s10_sweep_when_the_first_three_finishers_are_one_team() -> None:
    g = from_hands(["2", "4 4", "2", "5 5", "2", "6 6"], leader=0)
    events = play(g, (0, "2"), (1, "4"), (2, "2"), (3, "5"), (4, "2"))
    assert g.is_over
    ended = of(events, "HandEnded")[0]
    assert ended.sweep == 0 and ended.finish_order == (0, 2, 4) and g.finish_order == [0, 2, 4]
    assert ended.scores == (60, -60, 60, -60, 60, -60)


def test_s10_finish_order_appends_the_last_player_as_last_place() -> None:
    g = from_hands(["2", "2", "4 4", "5 5", "6 6", "7 7"], leader=0)
    finish_with_defaults(g)
    assert len(g.finish_order) == 6 and sorted(g.finish_order) == list(range(6))
    assert sum(g.scores) == 0


def test_s10_match_ends_at_the_hand_limit() -> None:
    import random

    match = new_match(3, Rules(max_hands=1))
    rand = random.Random(3)
    events = []
    while not match.is_over:
        seat = match.to_act[0]
        events += match.apply(seat, rand.choice(match.legal_moves(seat)))
    ended = of(events, "MatchEnded")[0]
    assert len(match.hands) == 1 and ended.reason in ("hand_limit", "sweep")


def test_s12_default_move_passes_where_allowed_else_smallest_lead() -> None:
    g = from_hands(["9 9 5 K", "6 8", "6 8", "6 8", "6 8", "6 8"], leader=0)
    assert str(g.default_move(0)) == "5"
    g.apply(0, "5")
    assert str(g.default_move(g.to_act[0])) == "pass"


def test_s12_a_leaver_is_last_place_for_the_hand() -> None:
    g = from_hands(["2", "4 4", "5 5", "6 6", "7 7", "8 8"], leader=0)
    assert of(g.forfeit(0), "Forfeited")
    finish_with_defaults(g)
    assert g.finish_order[-1] == 0


def test_s12_penalty_points_come_off_the_total() -> None:
    match = new_match(1, Rules(penalty_points=15))
    assert match.penalize(2) == 15 and match.totals[2] == -15


def test_s12_moves_out_of_turn_change_nothing() -> None:
    g = from_hands(["5", "6", "7", "8", "9", "10 10"], leader=0)
    before = g.public_view()
    with pytest.raises(IllegalMove) as err:
        g.apply(3, "8")
    assert err.value.key == "not_your_turn" and g.public_view() == before


def test_s12_timeouts_warn_then_penalise_and_autopilot_at_the_strike_limit() -> None:
    match = new_match(2, Rules(strikes=2, penalty_points=10))
    first = match.timeout(4)
    assert (first.strikes, first.penalty, first.autopilot) == (1, 0, False) and match.totals[4] == 0
    second = match.timeout(4)
    assert (second.strikes, second.penalty, second.autopilot) == (2, 10, True) and match.totals[4] == -10


def test_s9_no_smother_for_a_player_without_threes_left_behind() -> None:
    g = from_hands(["K 5", "A 6", "4", "4", "4", "4"], leader=0)
    assert not of(play(g, (0, "K"), (1, "A")), "Smothered")


def test_s9_point_tribute_unscored_when_no_point_set_was_dealt() -> None:
    g = from_hands(["K K", "5", "6", "A 7 8", "8", "9"], leader=0)
    play(g, (0, "K K"))
    finish_with_defaults(g)
    point = [d for d in g.debts if d.kind == "point"]
    assert [(d.payer, d.receiver, d.scored) for d in point] == [(3, 0, False)]


def test_s9_the_seat_view_warns_before_a_four_that_gives_up_the_point() -> None:
    g = from_hands(["4 4 K K 5 9", "3", "3", "3", "3", "3"], leader=0)
    warnings = g.seat_view(0).warnings
    assert warnings == {"4": "gives_up_point", "4 4": "gives_up_point"}
    play(g, (0, "4"))
    assert g.seat_view(0).warnings == {}  # the point is given up already: nothing more to lose


def test_s9_no_four_warning_without_kaidian() -> None:
    g = from_hands(["4 K K 5 9", "3", "3", "3", "3", "3"], leader=0, rules=Rules(kaidian=False))
    assert g.seat_view(0).warnings == {}


def test_s9_no_point_opened_during_four_player_melee() -> None:
    """§6/§9: 开点 only before 二科 finishes; in 四人乱缠 a pure 够级 set wins its round, no point."""
    g = from_hands(["5", "6", "K K 7", "4 4", "4 4", "4 4"], leader=0)
    events = play(g, (0, "5"), (1, "6"), (2, "pass"))
    assert of(events, "MeleeBegan") and g.to_act == [2]  # 二科's round ended: 接风 to seat 2
    events = play(g, (2, "K K"))
    assert of(events, "RoundWon") and not of(events, "PointOpened") and not g.opened[2]
