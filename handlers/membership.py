"""What Telegram says of a user in a chat: member, admin, or neither. The bot trusts nothing
else for who may join a table or manage one (docs/security.md)."""

from __future__ import annotations

from typing import Any

from telegram.constants import ChatMemberStatus
from telegram.error import TelegramError

from engine.referee import is_room
from handlers.context import Context


async def member_status(context: Context, chat: int, user: int) -> str | None:
    """What Telegram says the user is in the chat (`member`, `administrator`, `left` …); None
    when it will not say (the bot was removed, the user is unknown)."""
    return await status_of(context.bot, chat, user)


async def status_of(bot: Any, chat: int, user: int) -> str | None:
    """`member_status` outside a handler (the Mini App's API holds the bot, not a context). A
    room is no chat: nobody is its member, and Telegram is not asked."""
    if is_room(chat):
        return None
    try:
        member = await bot.get_chat_member(chat, user)
    except TelegramError:
        return None
    if member.status == ChatMemberStatus.RESTRICTED and not getattr(member, "is_member", False):
        return ChatMemberStatus.LEFT
    return member.status


ADMINS = (ChatMemberStatus.ADMINISTRATOR, ChatMemberStatus.OWNER)


async def is_admin(context: Context, chat: int, user: int) -> bool:
    return await member_status(context, chat, user) in ADMINS


async def is_admin_of(bot: Any, chat: int, user: int) -> bool:
    """`is_admin` outside a handler (the Mini App's API)."""
    return await status_of(bot, chat, user) in ADMINS


MEMBERS = (
    ChatMemberStatus.MEMBER,
    ChatMemberStatus.RESTRICTED,
    ChatMemberStatus.ADMINISTRATOR,
    ChatMemberStatus.OWNER,
)


async def is_member(context: Context, chat: int, user: int) -> bool:
    return await member_status(context, chat, user) in MEMBERS


async def is_member_of(bot: Any, chat: int, user: int) -> bool:
    return await status_of(bot, chat, user) in MEMBERS


async def admin_unless_creator(context: Context, view: Any, player: int) -> bool:
    """Whether the player administers the table's group; only asked of Telegram (one call) when
    the player is not the table's creator, whose say needs no more."""
    return player != view.creator and await is_admin(context, view.group_id, player)
