"""What a hand caption says was played: only moves of the round now on."""

from __future__ import annotations

from engine.gongzhu import events as gz
from engine.gouji import events as gj
from engine.gouji import from_hands
from handlers.notifier import played_this_round
from tests.helpers import play, private_of


def test_a_notice_that_starts_a_new_deal_forgets_the_old_deals_cards() -> None:
    events = [
        gz.CardPlayed(2, "HA", False),
        gz.DealEnded(1, (0,) * 4, (0,) * 4, (), 0),
        gz.DealStarted(2, "s/2"),
    ]
    assert played_this_round(events) == {}
    events.append(gz.CardPlayed(0, "C2", False))
    assert played_this_round(events) == {0: "C2"}


def test_the_last_move_of_each_seat_in_the_round_is_kept() -> None:
    events = [gj.Played(1, "9 9", True, False, False, 8), gj.Played(1, "K K", False, True, False, 6)]
    assert played_this_round(events) == {1: "K K"}


def test_every_decision_of_both_games_has_its_question_in_both_languages() -> None:
    """Decision keyboards carry their question (革命? 吃 / 不吃 / 反抽 …)."""
    from engine.gouji.phase import Phase
    from handlers.i18n import LANGUAGES, catalogue

    decisions = {p.value for p in Phase} - {"setup", "play", "over"} | {"swap", "claim"}
    for lang in LANGUAGES:
        missing = {d for d in decisions if f"play.question_{d}" not in catalogue(lang)}
        assert not missing, (lang, missing)


NAMES = ["A", "B", "C", "Dave", "E", "F"]


def test_the_gouji_caption_says_who_played_the_set_to_beat() -> None:
    """Everything needed to decide in the player's own chat, the set's owner too."""
    from handlers.games import ui

    hand = from_hands(["5 5", "7 7", "8 8", "4 4 9", "10 10", "J J"], leader=3)
    empty = ui("gouji").table_info(private_of(hand, 4), NAMES, "A", "en")
    play(hand, (3, "4 4"))
    assert (
        ui("gouji").table_info(private_of(hand, 4), NAMES, "A", "zh")
        == "第1手 · 桌面：4 4（Dave 出） · 轮到：A"
    )
    assert "on the table: empty" in empty
