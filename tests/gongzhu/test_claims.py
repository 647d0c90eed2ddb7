"""§6 声称: a player's claim, its answers, and the endings the referee settles by itself."""

import pytest

from engine import IllegalMove
from engine.gongzhu import Rules, deal_from, from_hands
from tests.gongzhu.hands import HANDS as FULL
from tests.gongzhu.test_tricks import plays, refused
from tests.helpers import legal, of, play

HANDS = ["HA HK", "H2 H3", "H4 H5", "H6 H7"]


def test_a_claim_shows_the_hand_and_everyone_accepting_ends_the_deal() -> None:
    deal = from_hands(HANDS)
    assert "claim" in legal(deal, 0)
    made = of(play(deal, (0, "claim")), "ClaimMade")[0]
    assert made.hand == "HA HK" and {card for card, _ in made.assignment} == {
        "HA", "HK", "H2", "H3", "H4", "H5", "H6", "H7"
    }  # fmt: skip
    assert deal.phase == "claim" and deal.to_act == [1, 2, 3]
    assert legal(deal, 1) == ["accept", "reject"] and legal(deal, 0) == []
    assert deal.public_view().claim.hand == "HA HK"
    events = play(deal, (2, "accept"), (1, "承认"), (3, "accept"))
    settled = of(events, "ClaimSettled")[0]
    assert settled.seat == 0 and not settled.forced
    # ♥A taken back by its own player counts −100 (自得); ♥K −40, ♥7 ♥6 ♥5 −10 each
    assert deal.is_over and deal.scores[0] == -100 - 40 - 30


def test_a_rejected_claim_lets_play_go_on_and_cannot_be_repeated_in_the_trick() -> None:
    deal = from_hands(HANDS)
    events = play(deal, (0, "claim"), (1, "accept"), (2, "reject"))
    assert [(e.seat, e.accepted) for e in of(events, "ClaimAnswered")] == [(1, True), (2, False)]
    assert deal.phase == "play" and deal.to_act == [0] and deal.public_view().claim is None
    assert "claim" not in legal(deal, 0)
    assert refused(deal, 0, "claim") == "claimed_once"
    play(deal, (0, "HA"))
    assert "claim" in legal(deal, 1)  # the limit is per seat


def test_a_claim_may_give_cards_to_others() -> None:
    deal = from_hands(HANDS)
    made = of(play(deal, (0, "claim H2=1 H3=1")), "ClaimMade")[0]
    assert ("H2", 1) in made.assignment and ("H3", 1) in made.assignment
    play(deal, (1, "accept"), (2, "accept"), (3, "accept"))
    assert sorted(deal.public_view().taken[1]) == ["H2", "H3"]


def test_a_claim_names_only_remaining_scoring_cards() -> None:
    deal = from_hands(HANDS)
    assert refused(deal, 0, "claim SQ=1") == "claim_bad_card"
    play(deal, (0, "claim"))
    assert refused(deal, 1, "H2") == "answer_claim"


def test_the_referee_ends_a_deal_when_no_scoring_card_is_left() -> None:
    deal = from_hands(["HA S3 S4", "H2 S5 S6", "D2 D3 D4", "C2 C3 C4"])
    events = play(deal, (0, "HA"), (1, "H2"), (2, "D2"), (3, "C2"))
    settled = of(events, "ClaimSettled")[0]
    assert settled.seat is None and settled.forced and deal.is_over
    assert deal.public_view().cards_left == (2, 2, 2, 2)


def test_the_last_trick_plays_itself() -> None:
    deal = from_hands(["HA S3", "H2 SQ", "D2 H3", "C2 C3"])
    events = play(deal, (0, "HA"), (1, "H2"), (2, "H3"), (3, "C2"))
    assert [e.cards for e in of(events, "CardPlayed")][4:] == ["S3", "SQ", "D2", "C3"]
    assert deal.is_over and len(of(events, "TrickWon")) == 2


def test_auto_claim_off_plays_everything_out() -> None:
    deal = from_hands(["HA S3 S4", "H2 S5 S6", "D2 D3 D4", "C2 C3 C4"], rules=Rules(auto_claim=False))
    play(deal, (0, "HA"), (1, "H2"), (2, "D2"), (3, "C2"))
    assert not deal.is_over and deal.to_act == [0]
    with pytest.raises(IllegalMove):
        deal.apply(1, "S5")
    assert plays(deal, 0) == ["S3", "S4"]


def test_all_hearts_is_announced_at_the_end() -> None:
    deal = from_hands(HANDS)
    events = play(deal, (0, "claim"), (1, "accept"), (2, "accept"), (3, "accept"))
    assert not of(events, "AllHearts")  # eight hearts are not all thirteen
    full = from_hands(
        [
            "HA HK HQ HJ H10 H9 H8 H7 H6 H5 H4 H3 H2",
            "S2 S3 S4 S5 S6 S7 S8 S9 S10 SJ SQ SK SA",
            "D2 D3 D4 D5 D6 D7 D8 D9 D10 DJ DQ DK DA",
            "C2 C3 C4 C5 C6 C7 C8 C9 C10 CJ CQ CK CA",
        ],
        rules=Rules(self_capture=False),
    )
    events = play(full, (0, "claim SQ=1 DJ=2 C10=3"), (1, "accept"), (2, "accept"), (3, "accept"))
    announced = of(events, "AllHearts")[0]
    assert (announced.seat, announced.grand_slam) == (0, False)
    assert full.scores[:4] == (200, -100, 100, 50)


def test_the_referees_timeout_moves_expose_nothing_and_reject_claims() -> None:
    deal = deal_from(FULL)
    assert str(deal.default_move(2)) == "pass"
    claimed = from_hands(HANDS)
    play(claimed, (0, "claim"))
    assert str(claimed.default_move(1)) == "reject"
