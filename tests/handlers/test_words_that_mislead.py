"""Words that must not mislead: a stopped match is no draw, /score before the first round's end
says which round is on, and a 拱猪 league card names no teammates where nobody had one."""

from __future__ import annotations

from engine.gongzhu.events import MatchEnded as GongzhuEnded
from engine.gouji.events import MatchEnded as GoujiEnded
from engine.referee.standings import GameProfile, Met
from handlers.announce import lines
from handlers.league import _game_card

NAMES = ["Alice", "Bob", "Carol", "Dave", "Eve", "Fay"]


def test_a_stopped_match_is_told_as_stopped_not_as_a_draw() -> None:
    stopped = GoujiEnded((0,) * 6, "stopped", (0,) * 6, ())
    [said] = lines([stopped], NAMES, str, "zh", hints=False)
    assert said == "本局中途结束：不分胜负，不计积分。" and "打平" not in said
    [said] = lines([GongzhuEnded((0, -100, 0, 0), "stopped", (), ())], NAMES[:4], str, "en", hints=False)
    assert said.startswith("The match was stopped before its end")
    [drawn] = lines([GoujiEnded((0,) * 6, "sweep", (0,) * 6, ())], NAMES, str, "zh", hints=False)
    assert drawn == "本局结束，打平。"  # a real draw still reads as one


def profile(game: str, teammates: tuple[Met, ...]) -> GameProfile:
    return GameProfile(game, 1500, True, 1, 1, 0, 1, 0, {}, (1500, 1500), teammates, ())


def test_the_league_card_shows_teammates_only_where_the_player_had_some() -> None:
    assert not _game_card(profile("gongzhu", ()), str, "en").with_teammates  # every seat alone
    partner = Met(7, "Bob", 2, 1)
    assert _game_card(profile("gongzhu", (partner,)), str, "en").with_teammates  # partners played
    assert _game_card(profile("gouji", ()), str, "en").with_teammates  # teams always: "none yet"
