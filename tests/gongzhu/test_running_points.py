"""The deal's running value in the public view (docs/rules/gongzhu.md, scoring): what each seat's
taken cards are worth were the deal to end now, exposures counted; secret with blind exposures."""

from __future__ import annotations

from engine import gongzhu
from engine.gongzhu import Rules

HANDS = ["SA D2 D3", "SQ D4 D5", "S2 C2 H3", "S3 C4 C5"]


def after_first_trick(rules: Rules | None = None, exposed: tuple[str, ...] = ()) -> gongzhu.Deal:
    deal = gongzhu.from_hands(HANDS, leader=0, exposed=exposed, rules=rules)
    for seat, card in enumerate(("SA", "SQ", "S2", "S3")):
        deal.apply(seat, gongzhu.parse_move(card))
    return deal


def test_the_pig_taken_shows_as_minus_100_before_the_deal_ends() -> None:
    deal = after_first_trick()
    view = deal.public_view()
    assert not deal.is_over and view.card_points is None
    assert view.running == (-100, 0, 0, 0)  # seat 0 took the pig with ♠A


def test_an_exposed_pig_counts_double_in_the_running_value() -> None:
    assert after_first_trick(exposed=("SQ",)).public_view().running == (-200, 0, 0, 0)


def test_blind_exposures_keep_the_running_value_secret() -> None:
    view = after_first_trick(Rules(expose_mode="blind")).public_view()
    assert view.running is None
