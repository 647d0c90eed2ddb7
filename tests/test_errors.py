"""Every reason the engine and the referee give has a message, so nobody sees a bare key."""

import re
from pathlib import Path

from engine.errors import MESSAGES, IllegalMove


def test_every_illegal_move_key_raised_has_a_message() -> None:
    source = "\n".join(p.read_text() for p in Path("engine").rglob("*.py"))
    keys = set(re.findall(r'(?:IllegalMove|Refused|OptionError)\(\s*"(\w+)"', source))
    assert keys and keys <= set(MESSAGES), keys - set(MESSAGES)
    assert set(MESSAGES) <= keys, f"messages nobody raises: {set(MESSAGES) - keys}"


def test_messages_fill_their_parameters() -> None:
    err = IllegalMove("too_small", move="9 9", table="10 10")
    assert str(err) == "9 9 does not beat 10 10." and err.params == {"move": "9 9", "table": "10 10"}
    assert isinstance(err, ValueError)
