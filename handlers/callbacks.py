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

SEPARATOR = "|"
LIMIT = 64  # bytes, Telegram's limit


class Forged(ValueError):
    """Callback data that this bot did not make."""


@dataclass(frozen=True, slots=True)
class Button:
    action: str  # short: j(oin) l(eave) b(ot) f(ill) s(tart) m(ove) p(ick) x(pose) ...
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
        return Button(parts[0], int(parts[1]), int(parts[2]), parts[3])
