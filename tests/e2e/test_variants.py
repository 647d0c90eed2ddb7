"""End to end: tables of the other two 够级 rule sets (docs/rules/gouji-variants.md) in Telegram — a
declaration and a 让牌 made by button, a hand played to its score sheet."""

from __future__ import annotations

from typing import Any

from tests.e2e.fake_api import Call
from tests.e2e.harness import ALICE, GROUP, Bot, play_until, score_sheets, seated_alone


def group_lines(calls: list[Call]) -> list[str]:
    """Every line the group was sent: announcements, and the score sheet's caption."""
    sent = ("sendMessage", "sendPhoto")
    return [line for c in calls if c.chat == GROUP["id"] and c.method in sent for line in c.text.split("\n")]


def button(bot: Bot, label: str) -> tuple[dict[str, Any], str]:
    message, _, data = next(b for b in bot.buttons(ALICE["id"]) if b[1] == label)
    return message, data


def match_over(calls: list[Call]) -> bool:
    return any("本局结束" in line for line in group_lines(calls))


async def yields_until_the_sheet(bot: Bot) -> list[str]:
    """Alice plays (让牌 whenever offered) until the match's last score sheet; returns the group's
    lines. (Three hands: whether 让牌 comes Alice's way depends on how the bots play.)"""
    await play_until(bot, match_over, prefer=("让牌",), limit=1200)
    return group_lines(bot.api.calls)


async def test_a_houshuiwan_table_declares_taikong_and_yields_by_button_to_its_score_sheet(bot: Bot) -> None:
    await seated_alone(bot, "gouji", "fast variant=houshuiwan max_hands=3")
    photo = next(c for c in reversed(bot.api.calls) if c.chat == ALICE["id"] and c.method == "sendPhoto")
    assert photo.text.startswith("—\n") and "报太空" in photo.text  # before the deal: no card shown
    await bot.press(ALICE, *button(bot, "报点"))
    hand = await bot.until(
        lambda calls: next(
            (c for c in calls if c.chat == ALICE["id"] and len(c.text.split("\n")[0].split()) > 40), None
        )
    )
    first_line = hand.text.split("\n")[0].split()
    assert first_line.count("3") == 1 and first_line.count("4") == 1  # 马牌: one 3 and one 4
    lines = await yields_until_the_sheet(bot)
    assert "📣 Alice 报太空：🤖 机器人 2 开不了点（8 个点贡）。" in lines
    assert any(line.startswith("Alice 让牌：") for line in lines)
    assert any("的太空成了" in line or "的太空翻车" in line for line in lines)  # settled at the end
    assert score_sheets(bot.api.calls)


async def test_an_outline_table_declares_mingdian_after_the_deal_and_plays_to_its_score_sheet(
    bot: Bot,
) -> None:
    await seated_alone(bot, "gouji", "fast variant=outline max_hands=3")
    await bot.press(ALICE, *button(bot, "过"))  # no 预点 unseen
    await bot.until(lambda calls: any("报明点" in b[0].get("caption", "") for b in bot.buttons(ALICE["id"])))
    await bot.press(ALICE, *button(bot, "报点"))
    lines = await yields_until_the_sheet(bot)
    assert any(line.startswith("📣 Alice 报明点：") for line in lines)
    assert any(line.startswith("Alice 让牌：") for line in lines)
    assert any(line.startswith("↩️ ") and " 还贡 " in line for line in lines)  # A.11, told in the group
    assert score_sheets(bot.api.calls)
