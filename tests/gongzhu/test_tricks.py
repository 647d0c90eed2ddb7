"""§4 play and §3 held-back exposed cards: following, discarding, winning, leading; the first lead;
colour_discard (§7). Positions are built with `from_hands`; refusals name their reason."""

import pytest

from engine import IllegalMove
from engine.gongzhu import Rules, deal_from, from_hands
from tests.gongzhu.hands import HANDS
from tests.helpers import legal, of, play

PLAIN = Rules(auto_claim=False)  # play every trick out, so positions end where the test says


def refused(deal, seat: int, move: str) -> str:
    before = deal.seat_view(seat)
    with pytest.raises(IllegalMove) as error:
        deal.apply(seat, move)
    assert deal.seat_view(seat) == before  # a refusal changes nothing
    return error.value.key


def plays(deal, seat: int) -> list[str]:
    return [m for m in legal(deal, seat) if m != "claim"]


def test_section4_must_follow_the_led_suit() -> None:
    deal = from_hands(["S2 D3", "S5 H4", "S6 C7", "D9 C8"], rules=PLAIN)
    play(deal, (0, "S2"))
    assert plays(deal, 1) == ["S5"]
    assert refused(deal, 1, "H4") == "must_follow"
    assert plays(deal, 3) == []  # not their turn yet
    play(deal, (1, "S5"), (2, "S6"))
    assert plays(deal, 3) == ["C8", "D9"]  # void: any card


def test_section4_the_highest_of_the_led_suit_wins_and_a_discard_never_does() -> None:
    deal = from_hands(["S2 D3", "S5 H4", "SQ C7", "HA C8"], rules=PLAIN)
    events = play(deal, (0, "S2"), (1, "S5"), (2, "SQ"), (3, "HA"))
    won = of(events, "TrickWon")[0]
    assert (won.winner, won.taker, won.scoring) == (2, 2, ("SQ", "HA"))
    assert won.cards == ("S2", "S5", "SQ", "HA")
    assert [e.discard for e in of(events, "CardPlayed")] == [False, False, False, True]
    assert deal.to_act == [2]  # the winner leads next
    assert deal.public_view().taken[2] == ("SQ", "HA")


def test_section4_first_deal_the_club_two_holder_leads_it() -> None:
    deal = deal_from(HANDS, rules=Rules(expose_mode="none"))
    assert deal.to_act == [0] and plays(deal, 0) == ["C2"]
    assert refused(deal, 0, "SA") == "lead_club_two"
    play(deal, (0, "C2"), (1, "C5"), (2, "CA"), (3, "CQ"))
    assert len(plays(deal, 2)) == 12  # from then on any lead


def test_section4_first_lead_seat0_option() -> None:
    deal = deal_from(HANDS, rules=Rules(expose_mode="none", first_lead="seat0"))
    assert of(deal.opening_events, "PlayStarted")[0].reason == "seat0"
    assert len(plays(deal, 0)) == 13


def test_section3_an_exposed_card_waits_for_the_first_trick_of_its_suit() -> None:
    hands = ["SA S2 D3", "SQ S5 D4", "SK H2 D5", "S3 C4 D6"]
    deal = from_hands(hands, exposed=["SQ"], rules=PLAIN)
    play(deal, (0, "SA"))
    assert plays(deal, 1) == ["S5"]
    assert refused(deal, 1, "SQ") == "held_back"
    play(deal, (1, "S5"), (2, "SK"), (3, "S3"))
    play(deal, (0, "S2"))  # the first spade trick is over: the pig is free
    assert plays(deal, 1) == ["SQ"]


def test_section3_an_exposed_card_may_not_be_led_before_its_suit() -> None:
    deal = from_hands(["SA D3", "SQ D4", "SK D5", "S3 D6"], leader=1, exposed=["SQ"], rules=PLAIN)
    assert plays(deal, 1) == ["D4"]
    assert refused(deal, 1, "SQ") == "held_back"


def test_section3_the_only_card_of_the_suit_may_follow() -> None:
    deal = from_hands(["SA D3", "SQ D4", "SK D5", "S3 D6"], exposed=["SQ"], rules=PLAIN)
    play(deal, (0, "SA"))
    assert plays(deal, 1) == ["SQ"]


def test_section3_expose_discard_forbid_and_allow() -> None:
    hands = ["H3 D3", "SQ D4", "H5 D5", "H6 D6"]
    forbid = from_hands(hands, exposed=["SQ"], rules=PLAIN)
    play(forbid, (0, "H3"))
    assert plays(forbid, 1) == ["D4"]
    assert refused(forbid, 1, "SQ") == "held_back"
    allow = from_hands(hands, exposed=["SQ"], rules=Rules(expose_discard="allow", auto_claim=False))
    play(allow, (0, "H3"))
    assert plays(allow, 1) == ["D4", "SQ"]


def test_section3_when_every_card_is_held_back_one_must_go() -> None:
    lead = from_hands(["SQ HA", "S2 H2", "S3 H3", "S4 H4"], exposed=["SQ", "HA"], rules=PLAIN)
    assert plays(lead, 0) == ["HA", "SQ"]
    discard = from_hands(["D2 D9", "SQ HA", "D3 H3", "D4 H4"], exposed=["SQ", "HA"], rules=PLAIN)
    play(discard, (0, "D2"))
    assert plays(discard, 1) == ["HA", "SQ"]


def test_section7_colour_discard_matches_the_led_colour_when_possible() -> None:
    rules = Rules(colour_discard=True, auto_claim=False)
    deal = from_hands(["D2 S2", "H4 C3", "D5 S5", "D6 S6"], rules=rules)
    play(deal, (0, "D2"))
    assert plays(deal, 1) == ["H4"]
    assert refused(deal, 1, "C3") == "colour_discard"


def test_section7_a_wrong_colour_discard_takes_the_tricks_scoring_cards() -> None:
    rules = Rules(colour_discard=True, auto_claim=False)
    deal = from_hands(["D2 S2", "C3 C4", "DJ S5", "D6 S6"], rules=rules)
    events = play(deal, (0, "D2"), (1, "C3"), (2, "DJ"), (3, "D6"))
    won = of(events, "TrickWon")[0]
    assert (won.winner, won.taker, won.scoring) == (2, 1, ("DJ",))
    assert deal.to_act == [2]  # the winner still leads


def test_refusals_name_their_reason() -> None:
    deal = from_hands(["S2 D3", "S5 H4", "S6 C7", "D9 C8"], rules=PLAIN)
    assert refused(deal, 0, "HA") == "not_in_hand"
    assert refused(deal, 0, "S2 D3") == "lead_one_or_pair"
    assert refused(deal, 1, "S5") == "not_your_turn"
    assert refused(deal, 0, "accept") == "play_a_card"
    assert refused(deal, 0, "S2 D3 S5") == "one_or_two"
    assert refused(deal, 0, "X9") == "unknown_card"
    assert refused(deal, 0, "expose") == "unknown_move"
    play(deal, (0, "S2"))
    assert refused(deal, 1, "S5 H4") == "play_size"


def test_default_move_plays_the_lowest_card_scoring_cards_last() -> None:
    deal = from_hands(["H2 S9 D3", "S5 H4 D4", "S6 C7 D5", "D9 C8 D6"], rules=PLAIN)
    assert str(deal.default_move(0)) == "D3"
    play(deal, (0, "D3"))
    assert str(deal.default_move(1)) == "D4"
    with pytest.raises(IllegalMove):
        deal.default_move(3)
