"""The lobby's actions: opening a table (`/<game>`), taking a seat (the deep link when the bot
cannot yet write to the player), and what the table's creator or a group admin manages: bots,
the start."""

from __future__ import annotations

from typing import Any

from telegram import InlineKeyboardButton, InlineKeyboardMarkup, Update

from engine.errors import Refused
from engine.games import GAMES
from handlers import notify, settings
from handlers.callbacks import Action
from handlers.context import Context
from handlers.games import game_commands
from handlers.handling import current, services
from handlers.i18n import t
from handlers.incoming import (
    chat_of,
    command_args,
    command_name,
    is_private,
    reply,
    user_id,
)
from handlers.membership import admin_unless_creator, is_admin
from handlers.services import Services


async def open_table(update: Update, context: Context, found: Services, lang: str) -> None:
    """The creator sits at the table at once; without a private chat they get the deep link too."""
    game = command_name(update)
    options, time = split_options(command_args(update))
    chat, user = chat_of(update), user_id(update)
    await found.referee.register_group(chat.id, chat.title or "")
    table = await found.referee.open_table(chat.id, user, game, options, time)
    known = await found.player(user)
    if known is not None and not known.private_chat:
        await ask_for_private_chat(
            found, lang, known.name, table.id, lambda text, **kw: reply(update, text, **kw)
        )
    await notify.tell_members(context, found, table.id, chat.title or "")


def split_options(args: list[str]) -> tuple[dict[str, str], str | None]:
    """`fast kaidian=off` → ({"kaidian": "off"}, "fast"). A word that is not key=value is the time
    control (the referee refuses a bad one, or a bad option, with what is allowed)."""
    options, time = {}, None
    for arg in args:
        key, sep, value = arg.partition("=")
        if sep:
            options[key.strip().lower()] = value.strip()
        else:
            time = arg
    return options, time


async def join(update: Update, context: Context, found: Services, lang: str) -> None:
    view = await current(update, found, lang)
    user = update.effective_user
    if view is not None and user is not None:
        await seat(user.id, view.id, found, lang, lambda text, **kw: reply(update, text, **kw))


async def seat(player: int, table: int, found: Services, lang: str, say: Any) -> None:
    """Joining needs a private chat with the bot: without one, the deep link that seats on arrival."""
    known = await found.player(player)
    if known is None or not known.private_chat:
        await ask_for_private_chat(found, lang, known.name if known else str(player), table, say)
        return
    await found.referee.join(table, player)


async def ask_for_private_chat(found: Services, lang: str, name: str, table: int, say: Any) -> None:
    link = found.deep_link("j" + found.referee.join_token(table))
    button = InlineKeyboardMarkup([[InlineKeyboardButton(t(lang, "lobby.deep_link_button"), url=link)]])
    await say(t(lang, "lobby.need_private", name=name, link=link), reply_markup=button)


async def lobby_action(update: Update, context: Context, found: Services, lang: str) -> None:
    view = await current(update, found, lang)
    if view is not None:
        await manage_lobby(context, view, user_id(update), MANAGING[command_name(update)])


async def leave(update: Update, context: Context, found: Services, lang: str) -> None:
    """In a group: its table's lobby or match. In private: the match the player plays (a quick
    table has no group to say it in)."""
    player = user_id(update)
    if is_private(update):
        view = found.referee.table_of_player(player)
        if view is None:
            raise Refused("not_playing")
        await found.referee.leave(view.id, player)  # their hand message says so
        return
    view = await current(update, found, lang)
    if view is not None:
        await found.referee.leave(view.id, player)


MANAGING = {
    "addbot": Action.ADD_BOT,
    "removebot": Action.REMOVE_BOT,
    "fill": Action.FILL,
    "startgame": Action.START,
}


async def manage_lobby(context: Context, view: Any, player: int, action: Action) -> None:
    """Add a bot, remove one, fill with bots, or start, by command or by button: the referee lets only the
    table's creator or a group admin (asked of Telegram here) do it."""
    referee = services(context).referee
    admin = await admin_unless_creator(context, view, player)
    if action == Action.START:
        await referee.start(view.id, by=player, admin=admin)
    elif action == Action.REMOVE_BOT:
        await referee.remove_bot(view.id, by=player, admin=admin)
    else:
        await referee.add_bot(view.id, 1 if action == Action.ADD_BOT else 0, by=player, admin=admin)


async def defaults(update: Update, context: Context, found: Services, lang: str) -> None:
    """`/defaults <game> [time] [option=value …]`: what the group's new tables of that game
    start with, set by a group admin (the lobby's settings change one table only)."""
    args = command_args(update)
    game = args[0].lower() if args else ""
    if game not in GAMES:
        example = f"/defaults {next(iter(GAMES))} fast"
        await reply(update, t(lang, "help.defaults_usage", commands=game_commands(lang), example=example))
        return
    chat, user = chat_of(update), user_id(update)
    if not await is_admin(context, chat.id, user):
        raise Refused("not_allowed")
    options, time = split_options(args[1:])
    await found.referee.register_group(chat.id, chat.title or "")
    rules, label = await found.referee.set_group_defaults(chat.id, game, options, time)
    said = settings.options_text(lang, game, rules, label)
    await reply(update, t(lang, "help.defaults_set", game=t(lang, f"game.{game}"), options=said))
