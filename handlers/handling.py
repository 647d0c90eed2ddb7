"""What every command's handler shares: the bot's services, the speaker met and the language
the answer speaks, a refusal answered to the asker alone, and the group's current table."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Coroutine
from typing import Any

from telegram import Update

from engine.errors import Refusal
from engine.referee import TableView
from handlers.answers import refusal, to_asker
from handlers.context import Context
from handlers.games import game_commands
from handlers.i18n import t
from handlers.incoming import (
    chat_of,
    reply,
)
from handlers.notifier import TelegramNotifier
from handlers.services import Services


def services(context: Context) -> Services:
    return context.bot_data.running()[0]


def notifier(context: Context) -> TelegramNotifier:
    return context.bot_data.running()[1]


async def speaker(update: Update, context: Context) -> tuple[Services, str]:
    """The services, and the language the answer speaks: the speaker's in private, the group's
    in a group (`Services.chat_lang`)."""
    found = services(context)
    player = await found.meet(update.effective_user)
    return found, await found.chat_lang(chat_of(update).id, player.lang)


Handler = Callable[[Update, Context, Services, str], Awaitable[None]]


def handling(handler: Handler) -> Callable[[Update, Context], Coroutine[Any, Any, None]]:
    """A command's callback for python-telegram-bot's CommandHandler: the speaker met (and
    registered), the handler run, a refusal answered in the speaker's language."""

    async def callback(update: Update, context: Context) -> None:
        found, lang = await speaker(update, context)
        try:
            await handler(update, context, found, lang)
        except Refusal as error:  # it concerns the asker alone
            refused = error
            await to_asker(update, context, lambda said: refusal(said, refused), lang)

    return callback


async def current(update: Update, found: Services, lang: str) -> Any:
    group = chat_of(update).id
    view = group_table(found.referee, group) or await found.referee.last_finished_table(group)
    if view is None:
        await reply(update, t(lang, "refuse.no_table", commands=game_commands(lang)))
    return view


OPEN = ("lobby", "running")


def group_table(referee: Any, group: int) -> TableView | None:
    """The group's newest open table, else its newest finished one (for /score, /record)."""
    views = sorted(referee.tables_in(group), key=lambda v: v.id)
    open_views = [v for v in views if v.status in OPEN]
    return (open_views or views or [None])[-1]
