"""The table options of 拱猪: typed by players as `key=value`, checked with a clear reason."""

import pytest

from engine.gongzhu import Rules
from tests.helpers import said


def test_options_are_typed_from_words() -> None:
    rules = Rules.from_options({"decks": "2", "partners": "on", "heart_values": "books", "deals": "16"})
    assert (rules.decks, rules.partners, rules.heart_values, rules.deals) == (2, True, "books", 16)
    assert Rules.from_options(rules.to_dict()) == rules


@pytest.mark.parametrize(
    ("options", "reason"),
    [
        ({"decks": "3"}, "decks must be one of: 1, 2"),
        ({"match_target": "900"}, "match_target must be one of: 800, 1000"),
        ({"expose_mode": "shown"}, "expose_mode must be one of"),
        ({"partners": "on", "pig_sheep_team": "on"}, "cannot be played together with partners"),
        ({"pig_sheep_team": "on", "decks": "2"}, "pig_sheep_team needs decks=1"),
        ({"pig_sheep_team": "on", "expose_mode": "all"}, "pig_sheep_team needs expose_mode=none"),
        ({"colour": "on"}, "There is no option “colour”"),
        ({"self_capture": "maybe"}, "on or off"),
        ({"deals": "101"}, "deals must be between 0 and 100"),
    ],
)
def test_bad_options_say_what_is_allowed(options: dict[str, str], reason: str) -> None:
    with pytest.raises(ValueError) as error:
        Rules.from_options(options)
    assert reason in said(error.value)


def test_pig_sheep_team_never_exposes() -> None:
    assert Rules(pig_sheep_team=True).exposing == "none"
    assert Rules(expose_mode="blind").exposing == "blind"
