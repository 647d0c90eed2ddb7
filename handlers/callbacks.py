"""Compact, signed callback data (Telegram allows 64 bytes): `action|table|version|arg|signature`.

The signature (an HMAC of the rest and of the chat the keyboard was sent to, keyed by a secret
derived from the bot token) means a button's data cannot be made up or altered, nor act when it is
copied into another chat; the version means a press on an old keyboard is recognised as stale by
the referee, which refuses any version but the current one."""

from __future__ import annotations

import base64
import hashlib
import hmac
from dataclasses import dataclass
from enum import StrEnum

SEPARATOR = "|"
LIMIT = 64  # bytes, Telegram's limit


class Forged(ValueError):
    """Callback data that this bot did not make."""


class Action(StrEnum):
    """What a button does; one letter each, for Telegram's 64 bytes."""

    JOIN = "j"
    LEAVE = "l"
    ADD_BOT = "b"
    REMOVE_BOT = "u"
    FILL = "f"
    START = "s"
    SETTINGS = "o"  # open, close, or step one setting of the lobby
    TEAM = "t"  # choose a team in the lobby (teams=chosen): 0 or 1
    RANKS = "r"  # a set builder (GameUI.steps): the base ranks
    SETS = "k"  # … the sets of one base rank
    HOME = "h"  # … back to the decision's first keyboard
    WARNED = "w"  # a play with a consequence, to be confirmed
    TOGGLE = "x"  # toggles (an exposure): a card on or off
    MOVE = "m"  # a legal move, by its index
    DONE = "d"  # toggles: the decision they make (GameUI.toggled)
    REMATCH = "a"  # at a match's end: the same seats again
    HINT = "i"  # the normal bot's move for this decision, told in a pop-up
    TYPED = "y"  # a typed move offered to confirm (a warned play, a lowercase card): played by its index
    DISMISS = "n"  # a typed move's offer declined: nothing is played
    COUNT = "c"  # the card counter (记牌器), told in a pop-up
    DRILL = "q"  # a drill's answer: `table` the match, `version` the player's drill number


@dataclass(frozen=True, slots=True)
class Button:
    action: Action
    table: int
    version: int
    arg: str = ""


class Signer:
    def __init__(self, token: str) -> None:
        self._key = hashlib.sha256(b"callback-data:" + token.encode()).digest()

    def _signature(self, payload: str, chat: int) -> str:
        signed = f"{chat}{SEPARATOR}{payload}".encode()
        digest = hmac.new(self._key, signed, hashlib.sha256).digest()[:6]
        return base64.urlsafe_b64encode(digest).decode()

    def dump(self, button: Button, chat: int) -> str:
        """The data of a button on a message in `chat` (it acts nowhere else)."""
        payload = SEPARATOR.join((button.action, str(button.table), str(button.version), button.arg))
        data = f"{payload}{SEPARATOR}{self._signature(payload, chat)}"
        if len(data.encode()) > LIMIT:
            raise ValueError(f"callback data too long: {data!r}")
        return data

    def load(self, data: str, chat: int | None) -> Button:
        """The button pressed on a message in `chat` (None: a message Telegram no longer shows)."""
        payload, _, signature = data.rpartition(SEPARATOR)
        if chat is None or not payload or not data.isascii():
            raise Forged(data)
        if not hmac.compare_digest(signature, self._signature(payload, chat)):
            raise Forged(data)
        parts = payload.split(SEPARATOR)
        if len(parts) != 4 or not parts[1].lstrip("-").isdigit() or not parts[2].isdigit():
            raise Forged(data)
        if parts[0] not in Action._value2member_map_:
            raise Forged(data)
        return Button(Action(parts[0]), int(parts[1]), int(parts[2]), parts[3])
