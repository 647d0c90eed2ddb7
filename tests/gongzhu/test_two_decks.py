"""§7 两副牌 (`decks=2`): pairs, following a pair, their ranking, and doubled exposed cards."""

from engine.gongzhu import Rules, deal_from, from_hands, new_game
from tests.gongzhu.test_tricks import plays, refused
from tests.helpers import of, play

TWO = Rules(decks=2, auto_claim=False)


def test_a_lead_is_one_card_or_a_pair() -> None:
    deal = from_hands(["S5 S5 S9", "S2 S3 S4", "D2 D3 D4", "C2 C3 C4"], rules=TWO)
    assert plays(deal, 0) == ["S5", "S5 S5", "S9"]


def test_following_a_pair_needs_a_pair_when_held() -> None:
    deal = from_hands(["S5 S5 D9", "S3 S3 S4", "S6 S7 D2", "S8 D3 D4"], rules=TWO)
    play(deal, (0, "S5 S5"))
    assert plays(deal, 1) == ["S3 S3"]
    assert refused(deal, 1, "S4 S3") == "pair_required"
    play(deal, (1, "S3 S3"))
    assert plays(deal, 2) == ["S7 S6"]  # no pair: two cards of the suit
    play(deal, (2, "S7 S6"))
    assert plays(deal, 3) == ["S8 D3", "S8 D4"]  # one of the suit, filled with another
    assert refused(deal, 3, "D3 D4") == "must_follow"


def test_spades_hearts_clubs_two_different_cards_beat_a_pair() -> None:
    deal = from_hands(["S9 S9 D9", "S3 S4 D8", "D2 D3 D4", "C2 C3 C4"], rules=TWO)
    events = play(deal, (0, "S9 S9"), (1, "S4 S3"), (2, "D2 D3"), (3, "C2 C3"))
    assert of(events, "TrickWon")[0].winner == 1


def test_diamonds_a_pair_beats_two_different_cards() -> None:
    deal = from_hands(["D5 D5 S9", "DA DK S8", "S2 S3 S4", "C2 C3 C4"], rules=TWO)
    events = play(deal, (0, "D5 D5"), (1, "DA DK"), (2, "S2 S3"), (3, "C2 C3"))
    assert of(events, "TrickWon")[0].winner == 0


def test_two_different_cards_compare_by_the_higher_card() -> None:
    deal = from_hands(["H5 H5 S9", "HK HQ S8", "HA H2 S4", "C2 C3 C4"], rules=TWO)
    events = play(deal, (0, "H5 H5"), (1, "HK HQ"), (2, "HA H2"), (3, "C2 C3"))
    assert of(events, "TrickWon")[0].winner == 2  # A2 > KQ


def test_equal_cards_the_first_played_wins() -> None:
    deal = from_hands(["HA S9", "HA S8", "H2 S4", "H3 C4"], rules=TWO)
    events = play(deal, (0, "HA"), (1, "HA"), (2, "H2"), (3, "H3"))
    assert of(events, "TrickWon")[0].winner == 0


def test_only_the_exposed_copy_is_held_back() -> None:
    deal = from_hands(["SA SK D3", "SQ SQ D4", "S2 S3 D5", "S4 S5 D6"], exposed=["SQ"], rules=TWO)
    play(deal, (0, "SA"))
    assert plays(deal, 1) == ["SQ"]  # the unexposed copy may go
    play(deal, (1, "SQ"), (2, "S2"), (3, "S4"))
    assert deal.held[1] == {}  # the first spade trick freed the exposed copy


def test_exposing_one_copy_is_scored_for_both() -> None:
    deal = from_hands(["SA S2", "SQ SQ", "S3 S4", "S5 S6"], exposed=["SQ"], rules=TWO)
    play(deal, (0, "SA"), (1, "SQ"), (2, "S3"), (3, "S5"), (0, "S2"), (1, "SQ"), (2, "S4"), (3, "S6"))
    # one pig each, both worth the exposed −200; seat 1 took its own back (自得): −400
    assert deal.result.card_points[:2] == (-200, -400)


def test_a_two_deck_deal_has_104_cards_and_the_first_club_two_leads() -> None:
    deal = new_game(seed=3, rules=Rules(decks=2, expose_mode="none"))
    assert [len(deal.hand(s)) for s in range(4)] == [26, 26, 26, 26] and deal.total_cards() == 104
    assert "C2" in [str(c) for c in deal.hand(deal.to_act[0])]
    assert set(plays(deal, deal.to_act[0])) <= {"C2", "C2 C2"}


def test_deal_from_checks_the_cards() -> None:
    hands = ["SA SA SA", "S2 S3 S4", "D2 D3 D4", "C2 C3 C4"]
    for rules in (Rules(), TWO):
        try:
            deal_from(hands, rules=rules)
        except ValueError as error:
            assert "SA" in str(error)
        else:
            raise AssertionError("three SA accepted")


def test_a_held_back_card_of_the_led_suit_is_not_a_discard() -> None:
    # spades led as a pair; seat 1's only spade is its exposed pig: it must go, with a discard
    deal = from_hands(["S5 S5 D9", "SQ D2 H3", "S2 S3 D4", "S6 S7 D5"], exposed=["SQ"], rules=TWO)
    play(deal, (0, "S5 S5"))
    assert plays(deal, 1) == ["SQ D2", "SQ H3"]


def test_two_different_cards_with_the_same_high_card_compare_by_the_lower() -> None:
    deal = from_hands(["H5 H5 S9", "HA H2 S8", "HA HK S4", "C2 C3 C4"], rules=TWO)
    events = play(deal, (0, "H5 H5"), (1, "HA H2"), (2, "HA HK"), (3, "C2 C3"))
    assert of(events, "TrickWon")[0].winner == 2  # AK > A2


def test_given_hands_the_lowest_seat_with_a_club_two_leads_the_first_deal() -> None:
    deal = deal_from(["S2 S3", "C2 S4", "C2 S5", "S6 S7"], rules=Rules(decks=2, expose_mode="none"))
    assert deal.to_act == [1] and plays(deal, 1) == ["C2"]


def test_both_held_back_copies_discarded_as_a_pair_leave_nothing_held_back() -> None:
    """§3 with `expose_discard=allow`: the two exposed ♥A, held back until hearts are led, may be
    discarded together on a spade pair; then no ♥A is held back any more (one copy stayed
    held back with no card behind it, and the seat's next lead raised an error — found by the
    contract suite at seed 116 with the strong bots)."""
    rules = Rules(decks=2, auto_claim=False, expose_discard="allow")
    deal = from_hands(
        ["S5 S5 S9 C9", "S3 S3 S4 C8", "HA HA D2 H3", "S8 S7 D3 D4"], exposed=["HA", "HA"], rules=rules
    )
    assert deal.held[2] == {1: [14, 14]}
    play(deal, (0, "S5 S5"), (1, "S3 S3"), (2, "HA HA"), (3, "S8 S7"))
    assert deal.held[2] == {}  # was {1: [14]}: a held-back ♥A that was no longer in the hand
    play(deal, (3, "D3"), (0, "C9"), (1, "C8"))  # spades' two different cards beat the pair (§7)
    assert plays(deal, 2) == ["D2"]
