"""The lobby's settings: every switch steps through values its rules accept, and back round."""

from __future__ import annotations

import pytest

from engine.games import GAMES
from engine.options import parse_options
from handlers.i18n import LANGUAGES, has
from handlers.settings import SWITCHES, next_time, next_value


@pytest.mark.parametrize("game", sorted(SWITCHES))
def test_every_switch_steps_round_through_values_the_rules_accept(game: str) -> None:
    rules_type = GAMES[game].rules_type
    defaults = rules_type().to_dict()
    for name in SWITCHES[game]:
        value, seen = defaults[name], []
        for _ in range(10):
            text = next_value(game, name, value)
            rules = rules_type(**parse_options(rules_type, {name: text}))  # accepted
            value = rules.to_dict()[name]
            seen.append(value)
            if value == defaults[name]:
                break
        assert value == defaults[name] and len(seen) >= 2, (name, seen)


def test_the_time_control_steps_fast_normal_slow_and_a_custom_time_to_fast() -> None:
    assert [next_time(t) for t in ("fast", "normal", "slow", "45s")] == ["normal", "slow", "fast", "fast"]


@pytest.mark.parametrize("game", sorted(SWITCHES))
def test_every_switch_has_a_name_in_the_catalogues(game: str) -> None:
    assert all(has(f"option.{name}") for name in SWITCHES[game]) and LANGUAGES == ("zh", "en")
