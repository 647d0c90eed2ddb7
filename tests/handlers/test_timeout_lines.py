"""A seat whose decision window ran out chose nothing: the group hears that time ran out and that
nothing was chosen, in both languages, and whatever the rules then decided for the seat (a claim
resisted) says so; a seat that chose in time is told as before."""

from __future__ import annotations

from engine.events import ClaimAnswered
from engine.gongzhu.events import Exposed
from engine.referee.events import Resumed, WindowClosed
from handlers.announce import lines

NAMES = ["Alice", "Bob", "Carol", "Dave"]


def told(lang: str, *events: object) -> list[str]:
    return lines(list(events), NAMES, str, lang)  # type: ignore[arg-type]


def test_a_window_that_ran_out_is_told_as_nothing_chosen_without_penalty() -> None:
    assert told("en", WindowClosed((1, 3)), Exposed(2, ("SQ",), 1)) == [
        "⏰ Time ran out for Bob, Dave: nothing chosen, no penalty.",
        "Carol exposes ♠Q",  # Carol chose in time
    ]
    assert told("zh", WindowClosed((1,))) == ["⏰ Bob 超时：未作选择，不罚。"]


def test_what_the_rules_decided_for_a_seat_out_of_time_says_so() -> None:
    rejected = told("en", WindowClosed((1,)), ClaimAnswered(1, False))
    assert rejected[1] == "Bob rejects the claim: play goes on. (time ran out)"
    assert told("zh", WindowClosed((1,)), ClaimAnswered(1, False))[1].endswith("（超时）")


def test_an_exposure_chosen_in_time_says_nothing_of_time() -> None:
    assert told("en", Exposed(1, ("DJ",), 1)) == ["Bob exposes ♦J"]


def test_a_restart_is_told_when_the_players_waited_not_when_a_standby_took_over_at_once() -> None:
    """The time given back is what the players waited: a standby taking over within a second
    or two stopped nobody, and would cost every playing group a message for nothing."""
    assert told("zh", Resumed(0.4)) == told("en", Resumed(2.4)) == []
    assert told("zh", Resumed(2.6)) == ["机器人重启完毕，已补回 3 秒。"]
    assert told("en", Resumed(3600.2)) == ["The bot restarted; 3600 s given back."]
