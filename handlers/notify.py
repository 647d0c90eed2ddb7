"""`/notify` in a group: a member asks to be told privately when a table opens there with free
seats, with the button that seats them; at most one such word a person an hour
(`engine.referee.players.NOTIFY_GAP`). A word that cannot be delivered (no private chat, the bot
blocked) costs nothing more."""

from __future__ import annotations

import contextlib

from telegram import InlineKeyboardButton, InlineKeyboardMarkup, Update
from telegram.error import TelegramError

from engine.games import GAMES
from handlers import settings
from handlers.answers import to_asker
from handlers.context import Context
from handlers.i18n import t
from handlers.incoming import chat_of, command_args, user_id
from handlers.ratelimit import CHATTER, calls_at
from handlers.services import Services

SWITCH = {"on": True, "off": False}


async def notify(update: Update, context: Context, found: Services, lang: str) -> None:
    """`/notify` (the other way round from now), `/notify on`, `/notify off`."""
    args = command_args(update)
    wanted = SWITCH.get(args[0].lower()) if args else None
    if args and wanted is None:
        await to_asker(update, context, lambda said: t(said, "notify.usage"), lang)
        return
    chat = chat_of(update)
    await found.referee.register_group(chat.id, chat.title or "")
    now = await found.referee.set_notified(chat.id, user_id(update), wanted)
    key = "notify.on" if now else "notify.off"
    await to_asker(update, context, lambda said: t(said, key, group=chat.title or ""), lang)


async def tell_members(context: Context, found: Services, table_id: int, title: str) -> None:
    """A table opened in its group: each member who asked hears of it privately, in their own
    language, with the button that seats them."""
    view = found.referee.view(table_id)
    free = GAMES[view.game].seats - len(view.seats)
    if free <= 0:
        return
    link = found.deep_link("j" + found.referee.join_token(table_id))
    for player in await found.referee.to_notify(view.group_id, view.creator):
        known = await found.player(player)
        if known is None or not known.private_chat:
            continue
        lang = known.lang
        text = t(
            lang,
            "notify.opened",
            group=title,
            game=t(lang, f"game.{view.game}"),
            time=settings.value_label(lang, view.time_control),
            free=free,
        )
        button = InlineKeyboardMarkup([[InlineKeyboardButton(t(lang, "lobby.deep_link_button"), url=link)]])
        with calls_at(CHATTER), contextlib.suppress(TelegramError):  # blocked since: nothing more
            await context.bot.send_message(player, text, reply_markup=button)
