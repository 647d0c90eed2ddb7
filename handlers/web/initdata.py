"""Telegram Mini App `initData`: the signed query string Telegram gives the page, sent back with
every API call as `Authorization: tma <initData>`. Checked as Telegram's documentation says:
the data-check string is every field but `hash`, as `key=value`, sorted, joined by newlines;
its HMAC-SHA256 under the key HMAC-SHA256("WebAppData", bot token) must equal `hash`, compared in
constant time. The standard library does it in a few lines, with nothing to trust beside it.
A field given twice, a missing hash or user, and data older than the caller's limit are
refused: the user id is taken from here, never from a request's body or URL."""

from __future__ import annotations

import hashlib
import hmac
import json
from dataclasses import dataclass
from urllib.parse import parse_qsl

READ_LIMIT = 24 * 3600.0  # seconds an initData stays good for reading a table
MOVE_LIMIT = 3600.0  # … and for making a move
MAX_LENGTH = 8192  # Telegram's initData is well under 4 KB


class InvalidInitData(ValueError):
    """Why the initData was refused (said to the operator's log, not to the caller)."""


@dataclass(frozen=True, slots=True)
class WebAppUser:
    id: int
    first_name: str
    language_code: str | None
    auth_date: int


def secret_key(token: str) -> bytes:
    return hmac.new(b"WebAppData", token.encode(), hashlib.sha256).digest()


def sign(fields: dict[str, str], token: str) -> str:
    """The `hash` Telegram would give these fields (for tests and the benchmark's pages)."""
    check = "\n".join(f"{key}={value}" for key, value in sorted(fields.items()))
    return hmac.new(secret_key(token), check.encode(), hashlib.sha256).hexdigest()


def validate(init_data: str, token: str, now: float, max_age: float) -> WebAppUser:
    """The user the initData was signed for; InvalidInitData otherwise."""
    if not init_data or len(init_data) > MAX_LENGTH:
        raise InvalidInitData("empty or too long")
    pairs = parse_qsl(init_data, keep_blank_values=True, strict_parsing=False)
    fields = dict(pairs)
    if len(fields) != len(pairs):
        raise InvalidInitData("a field is given twice")
    given = fields.pop("hash", "")
    if not given:
        raise InvalidInitData("no hash")
    if not hmac.compare_digest(sign(fields, token), given):
        raise InvalidInitData("the signature does not match")
    try:
        auth_date = int(fields["auth_date"])
        user = json.loads(fields["user"])
        user_id = int(user["id"])
    except (KeyError, ValueError, TypeError) as error:
        raise InvalidInitData(f"no user or auth_date: {error!r}") from None
    if now - auth_date > max_age:
        raise InvalidInitData("too old")
    return WebAppUser(user_id, str(user.get("first_name", "")), user.get("language_code"), auth_date)
