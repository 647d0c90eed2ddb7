"""What an incoming update says: its message, user and chat, the command and its words, and a
plain reply. Every command handler reads an update through these."""

from __future__ import annotations

import contextlib
from typing import Any, cast

from telegram import Chat, Message, Update
from telegram.constants import ChatType
from telegram.ext import ExtBot

from handlers.ratelimit import CHATTER, Dropped
from handlers.updates import is_play


def message(update: Update) -> Message:
    """The update's message. Every handler here is a CommandHandler or MessageHandler, which
    python-telegram-bot calls only for updates that carry one (with a user and a chat too)."""
    found = update.effective_message
    assert found is not None
    return found


def user_id(update: Update) -> int:
    user = update.effective_user
    assert user is not None  # see `message`
    return user.id


def chat_of(update: Update) -> Chat:
    chat = update.effective_chat
    assert chat is not None  # see `message`
    return chat


async def reply(update: Update, text: str, **kwargs: Any) -> None:
    """A reply in the update's chat. A command's reply in a private chat waits behind the
    tables' traffic (`CHATTER`): a flood of strangers' /help must not delay anyone's hand."""
    said = message(update)
    if is_private(update) and not is_play(update):  # a private reply quotes nothing anyway
        await chatter(update, said.chat_id, text, **kwargs)
        return
    await said.reply_text(text, **kwargs)


async def chatter(update: Update, chat: int, text: str, **kwargs: Any) -> None:
    """`text` to a private chat as a command's answer: behind every table's traffic (`CHATTER`),
    and not at all once the bot is stopping."""
    bot = cast("ExtBot[int]", message(update).get_bot())  # the application's: its limiter takes a priority
    with contextlib.suppress(Dropped):  # the bot is stopping: chatter is not answered
        await bot.send_message(chat, text, rate_limit_args=CHATTER, **kwargs)


def is_private(update: Update) -> bool:
    return update.effective_chat is not None and update.effective_chat.type == ChatType.PRIVATE


def command_name(update: Update) -> str:
    """`/join@gouji_bot x` → `join`."""
    return (message(update).text or "/").split()[0][1:].split("@")[0].lower()


def addressed_to_us(update: Update, username: str) -> bool:
    """`/join` or `/join@<this bot>`: ours; `/join@other_bot`: another bot's."""
    word = (message(update).text or "/").split()[0]
    _, at, name = word.partition("@")
    return not at or name.lower() == username.lower()


def command_args(update: Update) -> list[str]:
    return (message(update).text or "").split()[1:]
