"""The Mini App asks Telegram whether a spectator is in the table's group, and keeps a yes for a
while: a watched table's every change would otherwise cost a getChatMember call per spectator
(100 watching pages, 100 calls a move). A no is never kept."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from telegram import ChatMemberLeft, ChatMemberMember, User

from handlers.web import api as web_api
from handlers.web.api import MEMBER_TTL, MiniAppApi
from handlers.web.live import LiveTables

GROUP = -100


class Telegram:
    """getChatMember's answers, and how often it was asked."""

    def __init__(self) -> None:
        self.token = "123:abc"
        self.members: set[int] = set()
        self.asked = 0

    async def get_chat_member(self, chat: int, user: int) -> Any:
        self.asked += 1
        who = User(user, "u", False)
        return ChatMemberMember(who) if user in self.members else ChatMemberLeft(who)


def api_with(telegram: Telegram, now: list[float]) -> MiniAppApi:
    application: Any = SimpleNamespace(bot=telegram, bot_data=None)
    return MiniAppApi(application, LiveTables(), now=lambda: now[0])


async def test_a_members_yes_is_kept_for_its_time_then_asked_again() -> None:
    telegram, now = Telegram(), [1000.0]
    api = api_with(telegram, now)
    telegram.members.add(7)
    assert [await api.member(GROUP, 7) for _ in range(5)] == [True] * 5
    assert telegram.asked == 1
    now[0] += MEMBER_TTL + 1
    telegram.members.discard(7)  # left the group meanwhile
    assert await api.member(GROUP, 7) is False and telegram.asked == 2
    assert await api.member(GROUP + 1, 7) is False  # another group is asked of its own


async def test_a_no_is_never_kept_so_one_who_joins_may_watch_at_once() -> None:
    telegram, now = Telegram(), [0.0]
    api = api_with(telegram, now)
    assert await api.member(GROUP, 8) is False
    assert await api.member(GROUP, 8) is False and telegram.asked == 2
    telegram.members.add(8)
    assert await api.member(GROUP, 8) is True


async def test_the_kept_answers_are_bounded_oldest_first(monkeypatch: Any) -> None:
    monkeypatch.setattr(web_api, "MEMBERS_KEPT", 3)
    telegram, now = Telegram(), [0.0]
    api = api_with(telegram, now)
    telegram.members.update(range(1, 5))
    for user in range(1, 5):
        await api.member(GROUP, user)
    asked = telegram.asked
    assert await api.member(GROUP, 4) and telegram.asked == asked  # the newest still kept
    assert await api.member(GROUP, 1) and telegram.asked == asked + 1  # the oldest was let go
