"""§6 a round: answers in play order, passing, the opposite's last chance, 够级, 无头,
the last set, 接风, 四人乱缠 and auto-pass."""

from engine import IllegalMove
from engine.gouji import Rules, from_hands
from tests.helpers import legal, of, play

ASK_ALL = Rules(auto_pass=False)


def test_s6_answers_go_in_play_order_and_a_pass_is_for_the_round() -> None:
    g = from_hands(["5 9 9", "6 8", "6 8", "6 8", "6 8", "6 8"], leader=0, rules=ASK_ALL)
    assert g.to_act == [0]
    play(g, (0, "5"), (1, "pass"), (2, "pass"), (3, "6"))
    # 1 and 2 passed: they are not asked again this round.
    assert g.to_act == [4]
    play(g, (4, "pass"), (5, "pass"), (0, "9"))
    assert g.to_act == [3]


def test_s6_the_opposite_has_a_last_chance_after_passing() -> None:
    g = from_hands(["5 9 9", "6 8", "6 8", "6 8", "6 8", "6 8"], leader=0, rules=ASK_ALL)
    play(g, (0, "5"), (1, "pass"), (2, "pass"), (3, "pass"), (4, "pass"), (5, "pass"))
    assert g.to_act == [3]  # everyone passed; 0's opposite may still beat once
    events = play(g, (3, "6"))
    assert of(events, "Played")[0].seat == 3


def test_s6_no_last_chance_when_the_opposites_pass_was_the_last_answer() -> None:
    g = from_hands(["5 8 9 9", "6 8", "6 8", "6 8 10", "6 8", "6 8"], leader=0, rules=ASK_ALL)
    play(g, (0, "5"), (1, "pass"), (2, "pass"), (3, "6"), (4, "pass"), (5, "pass"), (0, "8"))
    # Only 3 is still in the round: its pass is the last answer, so 0 wins the round.
    events = play(g, (3, "pass"))
    won = of(events, "RoundWon")
    assert won and won[0].seat == 0 and g.to_act == [0] and g.table is None


def test_s6_auto_pass_passes_who_cannot_beat_and_says_so() -> None:
    g = from_hands(["9 5", "4", "A", "4", "4", "4"], leader=0)
    events = play(g, (0, "9"))
    assert [(e.seat, e.auto) for e in of(events, "Passed")] == [(1, True)]
    assert g.to_act == [2]


def test_s6_without_auto_pass_a_player_who_cannot_beat_is_asked_with_pass_only() -> None:
    g = from_hands(["9 5", "4", "A", "4", "4", "4"], leader=0, rules=ASK_ALL)
    play(g, (0, "9"))
    assert g.to_act == [1]
    assert legal(g, 1) == ["pass"]


def test_s6_gouji_sets_are_answered_only_by_the_opposite_or_a_burn() -> None:
    # 1 could beat K K with A A but cannot burn (7 8 left without jokers); 3 is the opposite.
    g = from_hands(["K K 5", "A A 7 8", "4", "A A 6", "5", "5"], leader=0)
    events = play(g, (0, "K K"))
    assert g.to_act == [3]
    assert 1 in {e.seat for e in of(events, "Passed")}


def test_s6_a_player_who_lets_a_gouji_set_go_has_passed_for_the_round() -> None:
    g = from_hands(["K K BJ BJ 5", "A A SJ SJ BJ BJ 7", "4", "2 2 6", "5", "5"], leader=0)
    play(g, (0, "K K"))
    assert g.to_act == [1]  # 1 may burn
    play(g, (1, "pass"), (3, "2 2"))
    # 1 could burn 3's 2 2 with SJ SJ, but it let a 够级 set go: only 0, the opposite, is asked.
    assert g.to_act == [0] and g.passed[1]


def test_s6_the_last_set_counts_then_headless_and_relay() -> None:
    g = from_hands(["K K", "A A 7 8", "4 4", "2 2 6", "5", "5"], leader=0)
    events = play(g, (0, "K K"))
    assert of(events, "Finished")[0].place == 1
    # 0 is out of cards, but the round of its last set still protects it: only 3 may answer.
    assert g.to_act == [3]
    assert not g.headless[3]
    events = play(g, (3, "pass"))
    assert [e.seat for e in of(events, "BecameHeadless")] == [3]
    won = of(events, "RoundWon")[0]
    assert (won.seat, won.leader, won.relay) == (0, 1, True)  # 接风: the next seat with cards


def test_s6_headless_player_beats_gouji_sets_without_burning_and_is_beaten_freely() -> None:
    g = from_hands(["K K", "A A 7 8", "4 4", "2 2 6", "SJ SJ 5", "5"], leader=0)
    play(g, (0, "K K"), (3, "pass"))
    assert g.headless[3]
    events = play(g, (1, "A A"))
    # 3 is 无头: it answers 1's 够级 set with no burn (a burn would be refused: 6 has no joker).
    assert g.to_act == [3]
    events = play(g, (3, "2 2"))
    assert of(events, "Played")[0].burn is False
    # 3's own 够级 set is open to anyone: 4 beats it without a burn's obligations.
    assert g.to_act == [4]
    events = play(g, (4, "SJ SJ"))
    assert of(events, "Played")[0].burn is False


def test_s6_melee_after_the_second_finisher_passing_does_not_take_you_out() -> None:
    g = from_hands(["K", "A", "5 J", "8 Q", "7 K", "6 A"], leader=0, rules=ASK_ALL)
    play(g, (0, "K"), (1, "A"), (2, "pass"), (3, "pass"), (4, "pass"), (5, "pass"))
    events = play(g, (4, "pass"))  # 1's opposite used its last chance
    assert of(events, "MeleeBegan")
    assert g.to_act == [2] and g.melee
    play(g, (2, "5"), (3, "pass"), (4, "7"), (5, "pass"), (2, "pass"))
    assert g.to_act == [3]  # 3 passed before, and may beat now
    play(g, (3, "8"), (4, "pass"), (5, "pass"))
    events = play(g, (2, "pass"))
    assert of(events, "RoundWon")[0].seat == 3  # every other player with cards passed in a row


def test_s6_melee_has_no_gouji_protection_and_no_burns() -> None:
    g = from_hands(["K", "4", "4", "A", "K K 6 6", "A A 8 9"], leader=0)
    events = play(g, (0, "K"), (3, "A"))
    assert of(events, "MeleeBegan") and g.to_act == [4]
    play(g, (4, "K K"))
    # Outside 四人乱缠, 5 could only burn K K, and A A would leave 8 9 without a joker.
    assert g.to_act == [5]
    events = play(g, (5, "A A"))
    assert of(events, "Played")[0].burn is False


def test_s6_a_leader_cannot_pass() -> None:
    g = from_hands(["5", "6", "7", "8", "9", "10"], leader=0)
    try:
        g.apply(0, "pass")
    except IllegalMove as err:
        assert err.key == "must_lead"
    else:
        raise AssertionError("a leader passed")
