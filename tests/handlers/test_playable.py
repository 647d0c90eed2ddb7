"""拱猪 hand pictures grey the cards the player may not play (the README said they did,
but no handler passed `playable=`, and following suit decides most tricks)."""

from __future__ import annotations

from engine.gongzhu import from_hands
from handlers.gongzhu.ui import playable as _gongzhu_playable
from tests.helpers import private_of

HANDS = ["S3 S9 H2 D5", "SK H5 H9 C3", "S4 D9 DJ C8", "S5 H3 D2 C9"]


def test_only_the_led_suit_is_playable_when_the_player_holds_it() -> None:
    deal = from_hands(HANDS, leader=0)
    deal.apply(0, "S3")
    assert _gongzhu_playable(private_of(deal, 1)) == "SK"  # must follow ♠
    assert _gongzhu_playable(private_of(deal, 2)) is None  # not asked yet: nothing greyed


def test_the_leader_may_play_any_card() -> None:
    deal = from_hands(HANDS, leader=0)
    assert set((_gongzhu_playable(private_of(deal, 0)) or "").split()) == {"S3", "S9", "H2", "D5"}
