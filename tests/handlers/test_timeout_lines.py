"""Issue 49: a player who let 拱猪's exposure window run out read "Bob exposes ♦J" in the group, as
if he had chosen it. What the bot chose for a seat whose window ran out is said to be the bot's,
in both languages; a seat that chose in time is told as before."""

from __future__ import annotations

from engine.gongzhu.events import Exposed
from engine.referee.events import WindowClosed
from handlers.announce import lines

NAMES = ["Alice", "Bob", "Carol", "Dave"]


def told(lang: str, *events: object) -> list[str]:
    return lines(list(events), NAMES, str, lang)  # type: ignore[arg-type]


def test_an_exposure_the_bot_made_when_the_window_ran_out_is_told_as_the_bots() -> None:
    timed = told("en", WindowClosed((1,)), Exposed(1, ("DJ",), 1), Exposed(2, ("SQ",), 1))
    assert timed[0].startswith("Bob exposes") and timed[0].endswith("(time ran out: the bot chose)")
    assert timed[1].startswith("Carol exposes") and "time ran out" not in timed[1]  # Carol chose in time
    assert told("zh", WindowClosed((1,)), Exposed(1, ("DJ",), 1))[0].endswith("（超时，机器人代选）")


def test_an_exposure_chosen_in_time_says_nothing_of_time() -> None:
    assert told("en", Exposed(1, ("DJ",), 1)) == ["Bob exposes ♦J"]
