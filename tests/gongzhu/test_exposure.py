"""§3 exposing (明牌): the exposure phase, every expose_mode, and what the table may see."""

import pytest

from engine import IllegalMove
from engine.gongzhu import Rules, deal_from, new_game, parse_card
from tests.gongzhu.hands import HANDS
from tests.helpers import legal, of, play


def test_the_phase_asks_every_holder_of_an_exposable_card_at_once() -> None:
    deal = deal_from(HANDS)
    assert deal.phase == "expose" and deal.to_act == [0, 1, 2, 3]
    assert of(deal.opening_events, "ExposureOpened")[0].seconds == 20
    assert legal(deal, 0) == ["expose SQ", "pass"]
    assert deal.public_view().to_act == ()  # who is asked would tell who holds what
    slow = deal_from(HANDS, rules=Rules(expose_seconds=3600))
    assert of(slow.opening_events, "ExposureOpened")[0].seconds == 3600


def test_seats_without_exposable_cards_are_not_asked() -> None:
    hands = [
        "SQ DJ C10 HA S2 S3 S4 S5 S6 S7 S8 S9 C2",
        "SA SK D2 D3 D4 D5 D6 D7 D8 D9 D10 DQ DK",
        "DA H2 H3 H4 H5 H6 H7 H8 H9 H10 HJ HQ HK",
        "SJ S10 C3 C4 C5 C6 C7 C8 C9 CJ CQ CK CA",
    ]
    deal = deal_from(hands)
    assert deal.to_act == [0]
    assert len(deal.legal_moves(0)) == 16  # pass and the 15 non-empty choices


def test_exposures_are_public_and_the_phase_ends_when_all_decided() -> None:
    deal = deal_from(HANDS)
    events = play(deal, (2, "expose C10"), (0, "明 SQ"))
    assert [(e.seat, e.cards) for e in of(events, "Exposed")] == [(2, ("C10",)), (0, ("SQ",))]
    assert deal.phase == "expose" and deal.to_act == [1, 3]
    with pytest.raises(IllegalMove) as refused:
        deal.apply(0, "pass")
    assert refused.value.key == "not_your_turn"
    events = play(deal, (3, "pass"), (1, "过"))
    closed = of(events, "ExposureClosed")[0]
    assert closed.exposed == (("SQ",), (), ("C10",), ()) and closed.counts == (1, 0, 1, 0)
    started = of(events, "PlayStarted")[0]
    assert (started.leader, started.reason) == (0, "club2") and deal.to_act == [0]
    assert deal.public_view().exposed == (("SQ",), (), ("C10",), ())


def test_only_held_exposable_cards_can_be_exposed() -> None:
    deal = deal_from(HANDS)
    with pytest.raises(IllegalMove) as refused:
        deal.apply(0, "expose DJ")
    assert refused.value.key == "bad_decision"
    assert deal.to_act == [0, 1, 2, 3] and not deal.exposed[0]


def test_mode_none_and_pig_sheep_team_skip_the_phase() -> None:
    for rules in (Rules(expose_mode="none"), Rules(pig_sheep_team=True)):
        deal = deal_from(HANDS, rules=rules)
        assert deal.phase == "play" and deal.to_act == [0] and not any(deal.exposed)


def test_mode_all_exposes_every_scoring_card_by_itself() -> None:
    deal = deal_from(HANDS, rules=Rules(expose_mode="all"))
    auto = of(deal.opening_events, "Exposed")
    assert {(e.seat, e.cards, e.automatic) for e in auto} == {
        (0, ("SQ",), "all"),
        (1, ("DJ",), "all"),
        (2, ("C10",), "all"),
        (3, ("HA",), "all"),
    }
    assert deal.phase == "play"


def test_mode_all_but_sheep_never_exposes_the_sheep() -> None:
    deal = deal_from(HANDS, rules=Rules(expose_mode="all_but_sheep"))
    assert deal.public_view().exposed == (("SQ",), (), ("C10",), ("HA",))


def test_mode_forced_three_exposes_the_fourth() -> None:
    deal = deal_from(HANDS, rules=Rules(expose_mode="forced_three"))
    events = play(deal, (0, "expose SQ"), (1, "pass"), (2, "expose C10"), (3, "expose HA"))
    forced = [e for e in of(events, "Exposed") if e.automatic]
    assert [(e.seat, e.cards, e.automatic) for e in forced] == [(1, ("DJ",), "forced_three")]
    assert deal.exposed_copies[parse_card("DJ")] == 1


def test_mode_forced_three_leaves_two_alone() -> None:
    deal = deal_from(HANDS, rules=Rules(expose_mode="forced_three"))
    events = play(deal, (0, "expose SQ"), (1, "pass"), (2, "expose C10"), (3, "pass"))
    assert not [e for e in of(events, "Exposed") if e.automatic]


def test_mode_blind_announces_only_the_count() -> None:
    deal = deal_from(HANDS, rules=Rules(expose_mode="blind"))
    events = play(deal, (0, "expose SQ"), (1, "pass"), (2, "pass"), (3, "pass"))
    exposed = of(events, "Exposed")[0]
    assert (exposed.seat, exposed.cards, exposed.count) == (0, (), 1)
    assert of(events, "ExposureClosed")[0].exposed == ((), (), (), ())
    view = deal.public_view()
    assert view.exposed == ((), (), (), ()) and view.exposed_counts == (1, 0, 0, 0)
    assert deal.seat_view(0).own_exposed == ("SQ",)
    # played as exposed: the pig is held back from the first spade trick
    play(deal, (0, "C2"), (1, "C3"), (2, "C10"), (3, "C9"), (2, "S4"))
    assert "SQ" not in legal(deal, 3) and "SQ" not in [str(m) for m in deal.legal_moves(0)]


def test_new_game_opens_with_the_phase_from_a_seeded_deal() -> None:
    deal = new_game(seed=11)
    assert deal.phase == "expose" and deal.to_act
    assert sorted(len(deal.hand(s)) for s in range(4)) == [13, 13, 13, 13]
    assert new_game(seed=11).seat_view(0).hand == deal.seat_view(0).hand
