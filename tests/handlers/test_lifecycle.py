"""Start-up while the Bot API does not answer (handlers/lifecycle.py): asked again and again, a
refused token ends it, and SIGTERM (the stop event) ends the wait at once, even within a try."""

from __future__ import annotations

import asyncio

import pytest
from telegram.error import InvalidToken, NetworkError

from handlers.lifecycle import until_answered


async def test_a_silent_bot_api_is_asked_again_until_it_answers() -> None:
    tries = []

    async def get_me() -> None:
        tries.append(1)
        if len(tries) < 3:
            raise NetworkError("connection refused")

    assert await until_answered(get_me, asyncio.Event(), "getMe", waits=(0.0,))
    assert len(tries) == 3


async def test_a_refused_token_is_not_asked_again() -> None:
    tries = []

    async def get_me() -> None:
        tries.append(1)
        raise InvalidToken("Unauthorized")

    with pytest.raises(InvalidToken):
        await until_answered(get_me, asyncio.Event(), "getMe", waits=(0.0,))
    assert len(tries) == 1


async def test_sigterm_ends_a_try_that_hangs_and_a_wait_between_tries() -> None:
    stop, hanging, cancelled = asyncio.Event(), asyncio.Event(), []

    async def get_me() -> None:
        hanging.set()
        try:
            await asyncio.Event().wait()  # a Bot API that never answers
        except asyncio.CancelledError:
            cancelled.append(1)
            raise

    waiting = asyncio.create_task(until_answered(get_me, stop, "getMe"))
    await hanging.wait()
    stop.set()
    assert await waiting is False and cancelled == [1]

    async def failing() -> None:
        raise NetworkError("down")

    stop = asyncio.Event()
    between = asyncio.create_task(until_answered(failing, stop, "getMe", waits=(3600.0,)))
    await asyncio.sleep(0)  # the first try fails; the wait of an hour begins
    stop.set()
    assert await asyncio.wait_for(between, 10) is False
