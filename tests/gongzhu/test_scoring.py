"""§2, §3, §5, §7 scoring: card values, exposure and 自得 multipliers, 全红, 满贯, the transformer,
the heart tables, 猪羊变色, sides, and the forfeit score. Scored with `score_deal` directly."""

import pytest

from engine.gongzhu import Rules
from engine.gongzhu.cards import parse_cards
from engine.gongzhu.scoring import score_deal

ALL_HEARTS = "HA HK HQ HJ H10 H9 H8 H7 H6 H5 H4 H3 H2"


def points(
    took: dict[int, str],
    rules: Rules | None = None,
    exposed: str = "",
    own: dict[int, str] | None = None,
    forfeited: tuple[int, ...] = (),
    dealt: tuple[int, ...] = (),
    swap: bool | None = None,
):
    """Scores a deal where `took[seat]` are the scoring cards each seat took. A card listed in
    `own[seat]` was played by the taker itself (自得); the others came from the next seat."""
    own = own or {}
    taken = []
    for seat in range(4):
        mine = parse_cards(own.get(seat, ""))
        cards = []
        for c in parse_cards(took.get(seat, "")):
            if c in mine:
                mine.remove(c)
                cards.append((c, seat))
            else:
                cards.append((c, (seat + 1) % 4))
        taken.append(cards)
    copies: dict = {}
    for c in parse_cards(exposed):
        copies[c] = copies.get(c, 0) + 1
    return score_deal(rules or Rules(), taken, copies, forfeited, swap, dealt)


def seat0(took: str, **kwargs) -> int:
    return points({0: took}, **kwargs).card_points[0]


@pytest.mark.parametrize(
    ("cards", "value"),
    [
        ("SQ", -100),
        ("DJ", 100),
        ("HA", -50),
        ("HK", -40),
        ("HQ", -30),
        ("HJ", -20),
        ("H10 H9 H8 H7 H6 H5", -60),
        ("H4 H3 H2", 0),
        ("C10", 50),  # §2: the transformer alone
    ],
)
def test_section2_card_values(cards: str, value: int) -> None:
    assert seat0(cards) == value


def test_section5_examples_from_the_rules_page() -> None:
    assert seat0("SQ HA HK C10") == (-100 - 50 - 40) * 2 == -380
    assert seat0(f"SQ DJ C10 {ALL_HEARTS}") == 800  # 满贯
    assert seat0("C10 H2") == 0  # ♥2 is a scoring card: the transformer doubles 0


def test_section5_all_hearts_changes_sign() -> None:
    result = points({0: ALL_HEARTS, 1: "SQ"})
    assert result.card_points[:2] == (200, -100)
    assert result.all_hearts == 0 and not result.grand_slam


def test_section5_grand_slam_also_turns_the_pig() -> None:
    short = points({0: f"SQ DJ {ALL_HEARTS}", 1: "C10"})  # no transformer: 全红 only
    assert short.card_points[:2] == (-100 + 100 + 200, 50) and not short.grand_slam
    full = points({0: f"SQ DJ C10 {ALL_HEARTS}"}, exposed="SQ")
    assert full.card_points[0] == (200 + 100 + 200) * 2 and full.grand_slam


def test_section3_exposed_values() -> None:
    assert seat0("SQ", exposed="SQ") == -200
    assert seat0("DJ", exposed="DJ") == 200
    assert seat0("C10", exposed="C10") == 100
    assert seat0("C10 SQ", exposed="C10") == -400  # ×4
    assert seat0("HA", exposed="HA") == -100
    assert seat0("HK H5", exposed="HA") == -100  # an exposed ♥A doubles every heart
    assert seat0(ALL_HEARTS, exposed="HA") == 400


def test_section3_self_capture_doubles_once_more() -> None:
    assert seat0("SQ", own={0: "SQ"}) == -200
    assert seat0("SQ", own={0: "SQ"}, exposed="SQ") == -400
    assert seat0("DJ", own={0: "DJ"}) == 200
    assert seat0("DJ", own={0: "DJ"}, exposed="DJ") == 400
    assert seat0("C10", own={0: "C10"}) == 100
    assert seat0("C10", own={0: "C10"}, exposed="C10") == 200
    assert seat0("C10 SQ", own={0: "C10"}) == -400  # ×4
    assert seat0("C10 SQ", own={0: "C10"}, exposed="C10") == -800  # ×8
    assert seat0("HA", own={0: "HA"}) == -100
    # exposed and taken back: the ♥A −200, the other hearts keep the exposure's ×2
    assert seat0("HA HK", own={0: "HA"}, exposed="HA") == -200 - 80


def test_section3_self_capture_is_an_option() -> None:
    assert seat0("SQ", own={0: "SQ"}, rules=Rules(self_capture=False)) == -100


def test_section2_heart_tables() -> None:
    books = Rules(heart_values="books")
    assert seat0("H9 H8 H7 H6 H5 H4 H3 H2", rules=books) == -9 - 8 - 7 - 6 - 5 - 10 - 3 - 2
    assert seat0(ALL_HEARTS, rules=books) == 200  # books hearts also total −200
    positive = Rules(heart_values="positive")
    assert seat0("HA HK H2", rules=positive) == 50 + 40 + 10
    assert seat0(ALL_HEARTS, rules=positive) == 230 + 200  # all hearts: a +200 bonus


def test_section5_pig_sheep_swap_after_all_hearts() -> None:
    took = {0: ALL_HEARTS, 1: "SQ", 2: "DJ"}
    assert points(took).card_points[:3] == (200, -100, 100)
    swapped = points(took, rules=Rules(pig_sheep_swap="auto"))
    assert swapped.card_points[:3] == (200, 100, -100) and swapped.swapped
    chosen = Rules(pig_sheep_swap="chosen")
    assert points(took, rules=chosen, swap=True).card_points[:3] == (200, 100, -100)
    assert points(took, rules=chosen, swap=False).card_points[:3] == (200, -100, 100)
    assert not points({0: "SQ", 1: "DJ"}, rules=chosen, swap=True).swapped  # no 全红: no swap


def test_section5_a_stored_switch_means_auto() -> None:
    assert Rules(pig_sheep_swap=True).pig_sheep_swap == "auto"  # type: ignore[arg-type]
    assert Rules(pig_sheep_swap=False).pig_sheep_swap == "off"  # type: ignore[arg-type]
    assert Rules.from_options({"pig_sheep_swap": "on"}).pig_sheep_swap == "auto"


def test_section7_partners_the_seed_team_example() -> None:
    # East (3) ♥A 6 9 7 10 = −90; West (1) ♥2 3 4 5 8 J Q K + ♣10 = −220; team −310, not 全红
    result = points({3: "HA H6 H9 H7 H10", 1: "H2 H3 H4 H5 H8 HJ HQ HK C10"}, rules=Rules(partners=True))
    assert result.card_points[1] == -220 and result.card_points[3] == -90
    assert result.scores[1] == result.scores[3] == -310
    assert result.sides == ((0, 2), (1, 3)) and result.all_hearts is None


def test_section7_pig_sheep_team_sides_are_the_seats_dealt_the_pig_and_the_sheep() -> None:
    rules = Rules(pig_sheep_team=True)
    # the pig was dealt to seat 1 and the sheep to seat 3; seats 0 and 2 took them
    result = points({0: "SQ HA", 2: "DJ", 1: "HK", 3: "C10"}, rules=rules, dealt=(1, 3))
    assert result.sides == ((1, 3), (0, 2))
    assert result.scores == (-150 + 100, -40 + 50, -150 + 100, -40 + 50)
    alone = points({0: "SQ DJ", 1: "HK"}, rules=rules, dealt=(2,))  # one seat was dealt both
    assert alone.sides == ((2,), (0, 1, 3)) and alone.scores == (-40, -40, 0, -40)


def test_section7_two_decks_doubled_cards() -> None:
    two = Rules(decks=2)
    assert seat0("DJ DJ", rules=two) == 200
    assert seat0("DJ DJ", rules=two, exposed="DJ") == 400  # one exposed: both count exposed
    assert seat0("DJ DJ", rules=two, exposed="DJ DJ") == 800
    assert seat0("SQ SQ", rules=two, exposed="SQ") == -400
    assert seat0("C10 C10 SQ", rules=two) == -400  # ×4
    assert seat0("C10 C10 SQ", rules=two, exposed="C10") == -800  # ×8
    assert seat0("C10 C10 SQ", rules=two, exposed="C10 C10") == -1600  # ×16
    assert seat0("HK", rules=two, exposed="HA") == -80
    assert seat0("HK", rules=two, exposed="HA HA") == -160  # both ♥A exposed: ×4
    assert seat0(ALL_HEARTS + " " + ALL_HEARTS, rules=two) == 400  # 全红 needs all 26


def test_a_forfeit_scores_the_deals_worst() -> None:
    result = points({0: "DJ", 1: "SQ HA"}, forfeited=(0,))
    assert result.card_points[:2] == (-150, -150)
