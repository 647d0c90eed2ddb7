"""§8 before play: 买3/要3, 革命 with 冲点 and 死级, 抗贡, tributes in priority, teammate choices."""

from engine.gouji import Debt, Rules, deal_from
from tests.helpers import finish_with_defaults, legal, of, play

NO_REVOLUTION = Rules(revolution=False)


def test_s8_buy_three_from_the_opposite_with_a_two() -> None:
    g = deal_from(["3 4 5", "2 4 5", "3 6", "3 6", "3 3 6", "3 7"], leader=0, rules=NO_REVOLUTION)
    bought = of(g.opening_events, "ThreeBought")
    assert [(e.buyer, e.seller, e.paid) for e in bought] == [(1, 4, "2")]
    assert g.cards[1].counts[0] == 1 and g.cards[4].counts[0] == 1 and g.cards[4].counts[12] == 1


def test_s8_buy_three_pays_a_two_before_a_joker() -> None:
    g = deal_from(["3 4", "2 SJ 4", "3 6", "3 6", "3 3 6", "3 7"], leader=0, rules=NO_REVOLUTION)
    assert of(g.opening_events, "ThreeBought")[0].paid == "2"


def test_s8_when_the_opposite_cannot_sell_other_enemies_then_teammates() -> None:
    # 1's opposite (4) has one 3; the enemies 2 and 0 have one each; teammate 3 has two.
    g = deal_from(["3 4", "SJ 4", "3 6", "3 3 6", "3 6", "3 7"], leader=0, rules=NO_REVOLUTION)
    given = of(g.opening_events, "ThreeGiven")[0]  # §8.1 要3: a teammate gives it free
    assert (given.buyer, given.seller) == (1, 3) and not of(g.opening_events, "ThreeBought")
    assert [str(c) for c in g.hand(1)] == ["3", "4", "SJ"] and [str(c) for c in g.hand(3)] == ["3", "6"]
    g = deal_from(["3 3 4", "SJ 4", "3 6", "3 3 6", "3 6", "3 7"], leader=0, rules=NO_REVOLUTION)
    assert of(g.opening_events, "ThreeBought")[0].seller == 0  # enemies before teammates


def test_s8_a_buyer_without_twos_or_jokers_is_given_a_three() -> None:
    g = deal_from(["3 4", "4 5", "3 6", "3 6", "3 3 6", "3 7"], leader=0, rules=NO_REVOLUTION)
    given = of(g.opening_events, "ThreeGiven")
    assert [(e.buyer, e.seller) for e in given] == [(1, 4)]


REVOLT = ["3 2 5", "3 2 6", "3 K K 7", "3 SJ A A 8", "3 2 9", "3 2 10"]


def test_s8_revolution_is_offered_to_a_player_without_twos_or_jokers() -> None:
    g = deal_from(REVOLT, leader=0)
    assert g.phase == "revolution" and g.to_act == [2]
    assert legal(g, 2) == ["pass", "revolt"]
    events = play(g, (2, "pass"))
    assert of(events, "PlayStarted")[0].leader == 0


def test_s8_charge_not_beaten_opens_point_for_the_revolutionary() -> None:
    g = deal_from(REVOLT, leader=0)
    events = play(g, (2, "revolt"))
    assert of(events, "RevolutionDeclared")[0].seat == 2 and g.to_act == [2]
    assert legal(g, 2) == ["K K", "pass"]
    events = play(g, (2, "K K"))  # 5 (2 10) cannot beat K K: auto-passed
    answered = of(events, "ChargeAnswered")[0]
    assert answered.outcome == "charger_opened" and g.opened[2] and not g.opened[5]
    assert g.phase == "dead_levels" and g.to_act == [5]
    events = play(g, (5, "pass"))
    assert g.headless[5] and of(events, "PlayStarted")


def test_s8_charge_beaten_purely_opens_for_the_opposite_impurely_for_nobody() -> None:
    hands = list(REVOLT)
    hands[5] = "3 2 A A Q 2"
    g = deal_from(hands, leader=0)
    play(g, (2, "revolt"), (2, "K K"))
    assert g.to_act == [5]
    events = play(g, (5, "A A"))
    assert of(events, "ChargeAnswered")[0].outcome == "opposite_opened" and g.opened[5]
    g = deal_from(hands, leader=0)
    events = play(g, (2, "revolt"), (2, "K K"), (5, "A 2"))
    assert of(events, "ChargeAnswered")[0].outcome == "neither"
    assert not g.opened[2] and not g.opened[5]


def test_s8_without_charge_the_opposite_leads_a_point_set_unanswered() -> None:
    hands = list(REVOLT)
    hands[5] = "3 2 A A 9"
    g = deal_from(hands, leader=0)
    play(g, (2, "revolt"), (2, "pass"))
    assert g.to_act == [5] and legal(g, 5) == ["A A", "pass"]
    events = play(g, (5, "A A"))
    assert of(events, "PointOpened")[0].seat == 5
    events = play(g, (5, "deadlevels"))
    assert of(events, "DeadLevelsChosen")[0].chosen and not g.headless[5] and g.dead_left == 3


def test_s8_the_revolutionary_sits_out_and_play_skips_them() -> None:
    g = deal_from(REVOLT, leader=2)
    play(g, (2, "revolt"), (2, "K K"), (5, "pass"))
    assert g.phase == "play" and g.to_act == [3]  # the leader revolted: the next seat leads
    assert 2 in g.out


def test_s8_two_revolutions_redeal() -> None:
    hands = list(REVOLT)
    hands[4] = "3 Q 9"
    g = deal_from(hands, leader=0)
    assert sorted(g.to_act) == [2, 4]
    play(g, (2, "revolt"))
    events = play(g, (4, "revolt"))
    assert of(events, "Redealt")[0].seats == (2, 4)
    assert g.total_cards() == 216 and sum(len(g.hand(s)) for s in range(6)) == 216


TRIBUTE_HANDS = ["3 2 5", "3 2 BJ 6", "3 2 7", "3 2 SJ 8", "3 2 9", "3 BJ SJ 2 10"]


def test_s8_tributes_are_paid_in_priority_with_the_highest_dealt_cards() -> None:
    owed = [
        Debt("last", 5, 0, 2),
        Debt("second_last", 1, 4, 1),
        Debt("smother", 3, 2, 1),
        Debt("burn", 2, 1, 1),
    ]
    g = deal_from(TRIBUTE_HANDS, leader=0, owed=owed)
    paid = [(e.payer, e.receiver, e.tribute, e.cards) for e in of(g.opening_events, "TributePaid")]
    assert paid == [
        (3, 2, "smother", ("SJ",)),
        # 2 just received an SJ but pays a card it was dealt: its 2
        (2, 1, "burn", ("2",)),
        (5, 0, "last", ("BJ", "SJ")),
        (1, 4, "second_last", ("BJ",)),
    ]
    assert g.phase == "play"


def test_s8_too_few_tribute_cards_are_forgiven() -> None:
    hands = list(TRIBUTE_HANDS)
    hands[5] = "3 2 10"
    g = deal_from(hands, leader=0, owed=[Debt("last", 5, 0, 2)], rules=NO_REVOLUTION)
    forgiven = of(g.opening_events, "TributeForgiven")[0]
    assert (forgiven.count, forgiven.reason) == (1, "short")
    assert of(g.opening_events, "TributePaid")[0].cards == ("2",)


def test_s8_teammates_choose_take_decline_or_counter() -> None:
    g = deal_from(TRIBUTE_HANDS, leader=0, owed=[Debt("last", 4, 0, 1)])
    assert g.phase == "tribute" and g.to_act == [0]
    assert legal(g, 0) == ["counter", "decline", "take"]
    events = play(g, (0, "counter"))
    choice = of(events, "TributeChoice")[0]
    assert (choice.choice, choice.cards) == ("counter", ("2",))
    assert g.cards[4].counts[12] == 2


def test_s8_last_place_tribute_between_teammates_one_or_two() -> None:
    hands = list(TRIBUTE_HANDS)
    hands[4] = "3 2 BJ 9"
    g = deal_from(hands, leader=0, owed=[Debt("last", 4, 0, 2)])
    # §8.4: 反抽 gives the receiver's own tribute cards; seat 0 was dealt one 2, so one at most
    assert legal(g, 0) == ["counter 1", "decline", "take 1", "take 2"]
    events = play(g, (0, "take 1"))
    assert of(events, "TributeChoice")[0].cards == ("BJ",)
    hands[0] = "3 2 SJ 5"
    g = deal_from(hands, leader=0, owed=[Debt("last", 4, 0, 2)])
    assert legal(g, 0) == ["counter 1", "counter 2", "decline", "take 1", "take 2"]


def test_s8_four_identical_jokers_may_resist_a_fall_tribute() -> None:
    hands = list(TRIBUTE_HANDS)
    hands[3] = "3 2 8"  # all four small jokers to seat 5
    hands[5] = "3 SJ SJ SJ SJ 10"
    g = deal_from(hands, leader=0, owed=[Debt("last", 5, 0, 2), Debt("smother", 5, 2, 1)])
    assert g.phase == "resist" and g.to_act == [5]
    assert g.default_move(5).text == "resist"  # the referee's default answer is to refuse
    events = play(g, (5, "resist"))
    assert of(events, "TributeResisted")
    # the 闷贡 is still paid: 抗贡 is only for 落贡
    assert [(e.tribute, e.cards) for e in of(events, "TributePaid")] == [("smother", ("SJ",))]


def test_s8_nobody_can_sell_a_three() -> None:
    g = deal_from(["3 4", "2 4", "3 6", "3 6", "3 6", "3 7"], leader=0, rules=NO_REVOLUTION)
    assert [e.buyer for e in of(g.opening_events, "ThreeUnavailable")] == [1]
    assert g.cards[1].counts[0] == 0 and g.cards[1].counts[12] == 1  # nothing was paid


def test_s8_tribute_cards_spent_in_the_charge_are_owed_no_more() -> None:
    hands = list(REVOLT)
    hands[5] = "3 2 A A Q 2"
    g = deal_from(hands, leader=0, owed=[Debt("smother", 5, 0), Debt("burn", 5, 4)])
    events = play(g, (2, "revolt"), (2, "K K"), (5, "A 2"))
    forgiven = of(events, "TributeForgiven")
    assert [(e.tribute, e.reason) for e in forgiven] == [("smother", "charged")]
    assert [(e.tribute, e.cards) for e in of(events, "TributePaid")] == [("burn", ("2",))]


def test_s8_revolutionary_is_third_in_their_teams_sweep() -> None:
    hands = ["3 BJ", "3 2 6", "3 K K 7", "3 SJ A A 8", "3 BJ", "3 2 9 9"]
    g = deal_from(hands, leader=0)
    play(g, (2, "revolt"), (2, "K K"), (5, "pass"), (0, "BJ"), (0, "3"))
    play(g, (1, "pass"), (3, "pass"), (4, "pass"), (5, "pass"), (3, "pass"))  # 3: last chance
    assert g.to_act == [1] and g.headless[3]
    events = play(g, (1, "6"), (3, "pass"), (4, "BJ"), (4, "3"))
    ended = of(events, "HandEnded")[0]
    assert ended.sweep == 0 and ended.finish_order == (0, 4, 2)


def test_s8_revolutionary_is_fourth_otherwise() -> None:
    g = deal_from(REVOLT, leader=0)
    play(g, (2, "revolt"), (2, "K K"), (5, "pass"))
    finish_with_defaults(g)
    order = g.finish_order
    assert (g.sweep is None and order[3] == 2 and len(order) == 6) or (g.sweep == 1 and 2 not in order)
