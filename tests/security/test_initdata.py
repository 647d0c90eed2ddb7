"""Mini App initData (docs/security.md): only data Telegram signed for this bot, not
too old, with each field once, names a user."""

from __future__ import annotations

import json
from urllib.parse import urlencode

import pytest

from handlers.web.initdata import MOVE_LIMIT, READ_LIMIT, InvalidInitData, sign, validate

TOKEN = "123456:TEST-token"
NOW = 1_800_000_000.0
USER = json.dumps({"id": 501, "first_name": "Alice", "language_code": "zh-hans"})


def signed(token: str = TOKEN, **fields: str) -> str:
    values = {"auth_date": str(int(NOW) - 60), "query_id": "AAE", "user": USER, **fields}
    return urlencode({**values, "hash": sign(values, token)})


def test_valid_init_data_names_its_user() -> None:
    user = validate(signed(), TOKEN, NOW, MOVE_LIMIT)
    assert (user.id, user.first_name, user.language_code) == (501, "Alice", "zh-hans")


def test_a_tampered_field_is_refused() -> None:
    data = signed().replace("501", "502")  # Mallory swaps in another user's id
    with pytest.raises(InvalidInitData, match="signature"):
        validate(data, TOKEN, NOW, READ_LIMIT)


def test_data_signed_for_another_bot_is_refused() -> None:
    with pytest.raises(InvalidInitData, match="signature"):
        validate(signed("654321:other-bot"), TOKEN, NOW, READ_LIMIT)


def test_expired_data_is_refused_for_moves_before_reading() -> None:
    two_hours = signed(auth_date=str(int(NOW) - 7200))
    assert validate(two_hours, TOKEN, NOW, READ_LIMIT).id == 501
    with pytest.raises(InvalidInitData, match="too old"):
        validate(two_hours, TOKEN, NOW, MOVE_LIMIT)
    with pytest.raises(InvalidInitData, match="too old"):
        validate(signed(auth_date=str(int(NOW) - 2 * 86400)), TOKEN, NOW, READ_LIMIT)


def test_missing_hash_and_missing_user_are_refused() -> None:
    values = {"auth_date": str(int(NOW)), "user": USER}
    with pytest.raises(InvalidInitData, match="no hash"):
        validate(urlencode(values), TOKEN, NOW, READ_LIMIT)
    bare = {"auth_date": str(int(NOW))}
    with pytest.raises(InvalidInitData, match="no user"):
        validate(urlencode({**bare, "hash": sign(bare, TOKEN)}), TOKEN, NOW, READ_LIMIT)
    with pytest.raises(InvalidInitData):
        validate("", TOKEN, NOW, READ_LIMIT)


def test_a_duplicated_key_is_refused_even_when_one_copy_is_signed() -> None:
    data = signed() + "&user=" + json.dumps({"id": 666})
    with pytest.raises(InvalidInitData, match="twice"):
        validate(data, TOKEN, NOW, READ_LIMIT)


def test_the_apis_memory_of_checked_data_still_checks_its_age_and_never_keeps_a_refusal() -> None:
    from types import SimpleNamespace
    from typing import Any

    from handlers.live import LiveTables
    from handlers.web.api import MiniAppApi

    now = [NOW]
    application: Any = SimpleNamespace(bot=SimpleNamespace(token=TOKEN), bot_data=None)
    api = MiniAppApi(application, LiveTables(), now=lambda: now[0])
    data = signed()
    assert api.checked(data, MOVE_LIMIT).id == 501
    now[0] += MOVE_LIMIT  # the same string, an hour on: still good to read, too old to move
    assert api.checked(data, READ_LIMIT).id == 501
    with pytest.raises(InvalidInitData):
        api.checked(data, MOVE_LIMIT)
    forged = data.replace("Alice", "Mallory")
    for _ in range(2):  # refused each time, never remembered as good
        with pytest.raises(InvalidInitData):
            api.checked(forged, READ_LIMIT)
