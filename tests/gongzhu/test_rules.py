"""The table options of 拱猪: typed by players as `key=value`, checked with a clear reason."""

import pytest

from engine.gongzhu import Rules


def test_options_are_typed_from_words() -> None:
    rules = Rules.from_options({"decks": "2", "partners": "on", "heart_values": "books", "deals": "16"})
    assert (rules.decks, rules.partners, rules.heart_values, rules.deals) == (2, True, "books", 16)
    assert Rules.from_options(rules.to_dict()) == rules


@pytest.mark.parametrize(
    ("options", "reason"),
    [
        ({"decks": "3"}, "decks must be 1 or 2"),
        ({"match_target": "900"}, "match_target must be 800 or 1000"),
        ({"expose_mode": "shown"}, "expose_mode must be one of"),
        ({"partners": "on", "pig_sheep_team": "on"}, "exclude each other"),
        ({"pig_sheep_team": "on", "decks": "2"}, "one deck"),
        ({"pig_sheep_team": "on", "expose_mode": "all"}, "without exposing"),
        ({"colour": "on"}, "unknown option colour"),
        ({"self_capture": "maybe"}, "on or off"),
    ],
)
def test_bad_options_say_what_is_allowed(options: dict[str, str], reason: str) -> None:
    with pytest.raises(ValueError, match=reason):
        Rules.from_options(options)


def test_pig_sheep_team_never_exposes() -> None:
    assert Rules(pig_sheep_team=True).exposing == "none"
    assert Rules(expose_mode="blind").exposing == "blind"
