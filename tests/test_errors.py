"""Every reason the engine and the referee give has words in each language the bot speaks, and
the engine keeps no words of its own: one home for every text a player reads (the locales)."""

import re
from pathlib import Path

import pytest

from engine.errors import IllegalMove
from handlers.answers import refusal
from handlers.i18n import LANGUAGES, catalogue

RAISED = re.compile(r'(?:IllegalMove|Refused|OptionError)\(\s*"(\w+)"')


def raised_keys() -> set[str]:
    """Refusals raised by the engine and the referee, and by the commands themselves (handlers)."""
    paths = [*Path("engine").rglob("*.py"), *Path("handlers").rglob("*.py")]
    return set(RAISED.findall("\n".join(p.read_text() for p in paths)))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_reason_raised_has_words_and_no_words_are_left_over(lang: str) -> None:
    keys = raised_keys()
    said = {key.removeprefix("reason.") for key in catalogue(lang) if key.startswith("reason.")}
    assert keys and keys <= said, keys - said
    assert said <= keys, f"words nobody raises: {said - keys}"


def test_a_refusal_carries_its_key_and_params_and_reads_in_the_players_language() -> None:
    err = IllegalMove("too_small", move="9 9", table="10 10")
    assert err.key == "too_small" and err.params == {"move": "9 9", "table": "10 10"}
    assert isinstance(err, ValueError) and "too_small" in str(err)  # the log's view
    assert refusal("en", err) == "9 9 does not beat 10 10."
    assert "9 9" in refusal("zh", err) and "10 10" in refusal("zh", err)
