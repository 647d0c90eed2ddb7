"""A clean chat: a player's chat holds one live hand message per table (the one it
replaces is deleted), each own turn notifies, and nothing else about the hand does."""

from __future__ import annotations

from typing import Any

from tests.e2e.harness import ALICE, Bot, play_until, score_sheets, seated_alone


def hand_messages(bot: Bot, player: dict[str, Any]) -> list[dict[str, Any]]:
    """The photos the player's chat still holds (what they see scrolling up)."""
    return [m for (chat, _), m in bot.api.messages.items() if chat == player["id"] and "photo" in m]


def notifies(call: Any) -> bool:
    return str(call.params.get("disable_notification", "")).lower() not in ("true", "1")


async def test_one_live_hand_message_per_table_and_only_own_turns_notify(bot: Bot) -> None:
    await seated_alone(bot, "gongzhu", "fast deals=2")
    most = 0

    def two_deals_scored(calls: list[Any]) -> bool:
        nonlocal most
        most = max(most, len(hand_messages(bot, ALICE)))
        return len(score_sheets(calls)) >= 2

    presses = await play_until(bot, two_deals_scored)
    assert presses >= 10 and most == 1  # a whole match, and never two hand messages at once
    photos = [c for c in bot.api.calls if c.method == "sendPhoto" and c.chat == ALICE["id"]]
    turns = [c for c in photos if c.params.get("reply_markup")]
    assert len(turns) >= presses // 2  # a new message for each new decision
    assert all(notifies(c) for c in turns)  # each own turn notifies ...
    assert not any(notifies(c) for c in photos if not c.params.get("reply_markup"))  # ... nothing else
    deleted = [c for c in bot.api.calls if c.method == "deleteMessages" and c.chat == ALICE["id"]]
    assert len(deleted) >= len(photos) - 1  # every hand message but the first replaced one
