"""Telegram's news of the bot's own membership (`my_chat_member`): removed from a group, its
tables stop at once (nothing can be told there any more); added back, the group works again."""

from __future__ import annotations

from telegram import Update
from telegram.constants import ChatMemberStatus

from handlers.context import Context

GONE = {ChatMemberStatus.LEFT, ChatMemberStatus.BANNED}


async def membership_changed(update: Update, context: Context) -> None:
    change, notifier = update.my_chat_member, context.bot_data.notifier
    if change is None or notifier is None or change.chat.type == "private":
        return
    if change.new_chat_member.status in GONE:
        await notifier.group_gone(change.chat.id, change.new_chat_member.status)
    else:
        notifier.group_back(change.chat.id)
