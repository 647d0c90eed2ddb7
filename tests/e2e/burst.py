"""A burst: thirteen commands typed a second apart in a fresh group (people joining,
help, refusals, bots, the start), each with the effect that shows it was heard; measured on the
manual clock of `Paced` (the end-to-end test, and `benchmarks.group_budget`)."""

from __future__ import annotations

import statistics
from collections.abc import Callable
from typing import Any

from handlers.commandtable import help_of
from handlers.i18n import t
from tests.e2e.fake_api import Call
from tests.e2e.harness import ALICE, BOB, CAROL, GROUP, private
from tests.e2e.paced import Paced

DAVE = {"id": 504, "is_bot": False, "first_name": "Dave", "language_code": "zh-hans"}
ERIN = {"id": 505, "is_bot": False, "first_name": "Erin", "language_code": "zh-hans"}
FRANK = {"id": 506, "is_bot": False, "first_name": "Frank", "language_code": "zh-hans"}
PEOPLE = (ALICE, BOB, CAROL, DAVE, ERIN, FRANK)
GOAL = 5.0  # seconds from a command to its visible effect, for 95 % of the burst's commands

Seen = Callable[[Call], bool]


def lobby_with(*words: str) -> Seen:
    """The group's lobby message, sent or edited, showing every word."""
    return lambda c: (
        c.chat == GROUP["id"]
        and c.method in ("sendMessage", "editMessageText")
        and "等人入座" in c.text
        and all(w in c.text for w in words)
    )


def answered(user: dict[str, Any], key: str, **values: Any) -> Seen:
    """An answer that concerns the user alone: in their private chat, in their language."""
    lang = "en" if user["language_code"] == "en" else "zh"
    text = t(lang, key, **{name: value(lang) for name, value in values.items()})
    return lambda c: c.chat == user["id"] and c.method == "sendMessage" and text in c.text


def help_answered(user: dict[str, Any]) -> Seen:
    """/help, in the user's private chat and language: every command of the table."""
    lang = "en" if user["language_code"] == "en" else "zh"
    text = help_of(lang)
    return lambda c: c.chat == user["id"] and c.method == "sendMessage" and text in c.text


def full_lobby(c: Call) -> bool:
    return lobby_with("🤖")(c) and "空位" not in c.text


def started(c: Call) -> bool:
    return c.chat == GROUP["id"] and "够级 开始" in c.text


BURST: list[tuple[dict[str, Any], str, Seen]] = [
    (ALICE, "/gouji fast", lobby_with("Alice")),
    (BOB, "/join", lobby_with("Bob")),
    (CAROL, "/join", lobby_with("Carol")),
    (DAVE, "/help", help_answered(DAVE)),
    (DAVE, "/join", lobby_with("Dave")),
    (ERIN, "/rules", answered(ERIN, "help.rules_gouji")),
    (BOB, "/startgame", answered(BOB, "reason.not_allowed")),
    (ERIN, "/score", lambda c: c.chat == GROUP["id"] and t("zh", "help.score_none") in c.text),
    (ALICE, "/addbot", lobby_with("🤖")),
    (FRANK, "/stats", answered(FRANK, "help.stats_none")),
    (ALICE, "/fill", full_lobby),
    (CAROL, "/lang en", answered(CAROL, "reason.not_allowed")),
    (ALICE, "/startgame", started),
]


async def burst_latencies(paced: Paced) -> tuple[list[float], float]:
    """Every regular has opened the bot's private chat; a minute later the burst begins. Returns
    each command's seconds to its effect, and the first table picture's after the last command."""
    await paced.play([(0.0, user, private(user), "/start") for user in PEOPLE], until=61.0)
    mark = len(paced.sent)
    await paced.play([(float(i), user, GROUP, text) for i, (user, text, _) in enumerate(BURST)], until=60.0)
    latencies = []
    for (at, _), (_, text, seen) in zip(paced.sent[mark:], BURST, strict=True):
        latency = paced.first_after(at, seen)
        assert latency is not None, f"{text}: no effect"
        latencies.append(latency)
    start_at = paced.sent[-1][0]
    picture = paced.first_after(start_at, lambda c: c.chat == GROUP["id"] and c.method == "sendPhoto")
    assert picture is not None
    return latencies, picture


def group_messages(calls: list[Call]) -> int:
    """What Telegram counts against the group: every message sent or edited there."""
    return len(
        [c for c in calls if c.chat == GROUP["id"] and c.status == 200 and not c.method.startswith("get")]
    )


def p95(values: list[float]) -> float:
    return statistics.quantiles(values, n=20, method="inclusive")[-1]
