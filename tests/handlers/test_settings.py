"""The lobby's settings: every switch steps through values its rules accept, and back round."""

from __future__ import annotations

import pytest

from engine.games import GAMES
from engine.options import parse_options
from handlers.games import UI
from handlers.i18n import LANGUAGES, has
from handlers.settings import next_time, step

SWITCHES = {game: UI[game].switches for game in UI}


@pytest.mark.parametrize("game", sorted(SWITCHES))
def test_every_switch_steps_round_through_values_the_rules_accept(game: str) -> None:
    rules_type = GAMES[game].rules_type
    defaults = rules_type().to_dict()
    for name in SWITCHES[game]:
        options, seen = dict(defaults), []
        for _ in range(10):
            changed = step(game, name, options)
            text = {k: str(v) for k, v in options.items()} | changed
            options = rules_type(**parse_options(rules_type, text)).to_dict()  # accepted
            seen.append(options[name])
            if options[name] == defaults[name]:
                break
        assert options[name] == defaults[name] and len(seen) >= 2, (name, seen)


def test_double_pig_brings_two_decks_and_one_deck_ends_it() -> None:
    """docs/rules/gongzhu.md §7: 双猪 is played with two decks; the settings never offer a refused mix."""
    one_deck = {"decks": 1, "double_pig": False}
    assert step("gongzhu", "double_pig", one_deck) == {"double_pig": "true", "decks": "2"}
    assert step("gongzhu", "decks", {"decks": 2, "double_pig": True}) == {"decks": "1", "double_pig": "false"}


def test_the_time_control_steps_fast_normal_slow_and_a_custom_time_to_fast() -> None:
    assert [next_time(t) for t in ("fast", "normal", "slow", "45s")] == ["normal", "slow", "fast", "fast"]


@pytest.mark.parametrize("game", sorted(SWITCHES))
def test_every_switch_has_a_name_in_the_catalogues(game: str) -> None:
    assert all(has(f"option.{name}") for name in SWITCHES[game]) and LANGUAGES == ("zh", "en")
