"""The Mini App asks Telegram whether a spectator is in the table's group: a yes is kept
for minutes, a no for one (an outsider's 40 requests were 40 calls, and they spent the group's
budget); callers asking the same at once share one call; at most `MAX_CHECKS` calls wait, past
which a caller hears "busy"; a caller who leaves does not cancel the call the others wait on."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from handlers.web import members as web_members
from handlers.web.members import MAX_CHECKS, NO_SECONDS, YES_SECONDS, Busy, MemberChecks

GROUP = -100


class Telegram:
    """getChatMember's answers, how often it was asked, and a gate that holds its answers."""

    def __init__(self) -> None:
        self.members: set[int] = set()
        self.asked = 0
        self.gate = asyncio.Event()
        self.gate.set()

    async def ask(self, group: int, user: int) -> bool:
        self.asked += 1
        await self.gate.wait()
        return user in self.members


async def settle() -> None:
    """Lets every task started so far run up to its next wait."""
    for _ in range(5):
        await asyncio.sleep(0)


def checks(telegram: Telegram, now: list[float]) -> MemberChecks:
    return MemberChecks(telegram.ask, now=lambda: now[0])


async def test_a_yes_is_kept_for_minutes_then_asked_again() -> None:
    telegram, now = Telegram(), [1000.0]
    found = checks(telegram, now)
    telegram.members.add(7)
    assert [await found.member(GROUP, 7) for _ in range(5)] == [True] * 5
    assert telegram.asked == 1
    now[0] += YES_SECONDS + 1
    telegram.members.discard(7)  # left the group meanwhile
    assert await found.member(GROUP, 7) is False and telegram.asked == 2
    assert await found.member(GROUP + 1, 7) is False and telegram.asked == 3  # another group: its own


async def test_a_no_is_kept_a_minute_so_an_outsiders_requests_cost_one_call() -> None:
    telegram, now = Telegram(), [0.0]
    found = checks(telegram, now)
    assert [await found.member(GROUP, 8) for _ in range(40)] == [False] * 40
    assert telegram.asked == 1
    telegram.members.add(8)  # joins the group: may watch once the no has expired
    now[0] += NO_SECONDS - 1
    assert await found.member(GROUP, 8) is False
    now[0] += 2
    assert await found.member(GROUP, 8) is True and telegram.asked == 2


async def test_callers_asking_the_same_at_once_share_one_call_and_one_leaving_cancels_nothing() -> None:
    telegram, now = Telegram(), [0.0]
    found = checks(telegram, now)
    telegram.members.add(9)
    telegram.gate.clear()
    waiting = [asyncio.create_task(found.member(GROUP, 9)) for _ in range(500)]
    await settle()
    waiting[0].cancel()  # that page closed
    await settle()
    telegram.gate.set()
    answers = await asyncio.gather(*waiting[1:])
    assert answers == [True] * 499 and telegram.asked == 1


async def test_past_the_bound_of_waiting_checks_a_caller_hears_busy_and_nothing_is_asked() -> None:
    telegram, now = Telegram(), [0.0]
    found = checks(telegram, now)
    telegram.gate.clear()
    waiting = [asyncio.create_task(found.member(GROUP, user)) for user in range(MAX_CHECKS)]
    await settle()
    with pytest.raises(Busy):
        await found.member(GROUP, 10_000)
    assert telegram.asked == MAX_CHECKS
    telegram.gate.set()
    await asyncio.gather(*waiting)
    assert await found.member(GROUP, 10_000) is False  # room again


async def test_the_kept_answers_are_bounded_oldest_first(monkeypatch: Any) -> None:
    monkeypatch.setattr(web_members, "KEPT", 3)
    telegram, now = Telegram(), [0.0]
    found = checks(telegram, now)
    telegram.members.update(range(1, 5))
    for user in range(1, 5):
        await found.member(GROUP, user)
    asked = telegram.asked
    assert await found.member(GROUP, 4) and telegram.asked == asked  # the newest still kept
    assert await found.member(GROUP, 1) and telegram.asked == asked + 1  # the oldest was let go


async def test_closing_ends_the_checks_still_waiting() -> None:
    telegram, now = Telegram(), [0.0]
    found = checks(telegram, now)
    telegram.gate.clear()
    waiting = asyncio.create_task(found.member(GROUP, 1))
    await settle()
    await found.close()
    with pytest.raises(asyncio.CancelledError):
        await waiting
