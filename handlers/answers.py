"""Answers: what concerns only the one who asked — a refusal (in words: `refusal`), /help,
/rules, /stats, an unknown command. Asked in a group, they go to the asker's private chat, in
their language, when the bot may write there: a group has about 20 messages a minute, and they
are for the table. Someone the bot cannot write to privately is answered in the group, in the
group's language."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from telegram import Update
from telegram.error import Forbidden

from engine.errors import Refusal
from handlers.context import Context
from handlers.i18n import has, t
from handlers.incoming import chat_of, chatter, is_private, reply, user_id

log = logging.getLogger(__name__)

Text = Callable[[str], str]  # the answer in a language


async def to_asker(update: Update, context: Context, text: Text, group_lang: str, **kwargs: Any) -> None:
    """`text(lang)` to whoever sent the update: in private there, from a group privately when
    possible (headed by the group's title, so they know what it answers), else in the group."""
    if is_private(update):
        await reply(update, text(group_lang), **kwargs)
        return
    found, notifier = context.bot_data.running()
    asker = user_id(update)
    known = await found.player(asker)
    if known is None or not known.private_chat or asker in notifier.unreachable:
        await reply(update, text(group_lang), **kwargs)
        return
    body = t(known.lang, "answer.from_group", group=chat_of(update).title or "", text=text(known.lang))
    try:
        await chatter(update, asker, body, **kwargs)
    except Forbidden:  # they blocked the bot since: the group is the only place left
        log.info("player %s refuses private answers: answered in the group", asker)
        notifier.unreachable.add(asker)
        await reply(update, text(group_lang), **kwargs)


def refusal(lang: str, error: Refusal) -> str:
    key = f"reason.{error.key}"
    if not has(key):
        return str(error)
    try:
        return t(lang, key, **error.params)
    except (KeyError, IndexError):
        return str(error)
