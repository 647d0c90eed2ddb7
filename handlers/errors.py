"""python-telegram-bot's error handler: whatever a handler raised is logged with its update, and
the user who is waiting gets one short, localized line instead of silence (a button press that is
never answered keeps spinning on their phone)."""

from __future__ import annotations

import logging

from telegram import Update
from telegram.error import TelegramError

from handlers.context import Context
from handlers.i18n import language, t

log = logging.getLogger(__name__)


async def on_error(update: object, context: Context) -> None:
    log.error("while handling %s", _summary(update), exc_info=context.error)
    if not isinstance(update, Update) or update.effective_user is None:
        return
    found = context.bot_data.services
    known = found.players.get(update.effective_user.id) if found is not None else None
    lang = known.lang if known else language(None, update.effective_user.language_code)
    text = t(lang, "refuse.failed")
    try:
        if update.callback_query is not None:
            await update.callback_query.answer(text)
        elif update.effective_message is not None:
            await update.effective_message.reply_text(text)
    except TelegramError:  # already answered, or Telegram is the problem: the log has it
        log.debug("could not tell the user about the failure", exc_info=True)


def _summary(update: object) -> str:
    """What the update was, without its text (a typed move is private; the id is enough)."""
    if isinstance(update, Update):
        kind = "press" if update.callback_query else "message" if update.effective_message else "update"
        return f"{kind} {update.update_id}"
    return type(update).__name__
