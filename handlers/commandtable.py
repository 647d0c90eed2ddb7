"""Every command in one table: its name, its handler, the chats where it means something and
whether Telegram's menu lists it. python-telegram-bot's handlers, `/help` and the menus are
all built from it."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from telegram import Update
from telegram.ext import Application, CommandHandler, MessageHandler, filters

from engine.games import GAMES
from handlers import commands, daily, drills, league, lobby, notify, quick, replays, reviews
from handlers.answers import to_asker
from handlers.commands import start
from handlers.context import Context
from handlers.games import game_commands
from handlers.handling import Handler, handling, services, speaker
from handlers.i18n import t
from handlers.incoming import addressed_to_us, command_name, is_private
from handlers.services import Services


class Chats(Enum):
    """Where a command means something; elsewhere it is answered with where to send it."""

    GROUP = "group"
    PRIVATE = "private"
    EVERYWHERE = "everywhere"


@dataclass(frozen=True, slots=True)
class Command:
    name: str
    handler: Handler
    chats: Chats
    menu: bool = False  # listed in Telegram's command menu
    needs_app: bool = False  # listed there only where the Mini App is served


def all_commands() -> tuple[Command, ...]:
    """Every command: a table of each registered game is opened by the command of its name
    (registered when the bot is built), then the rest, in the menu's order."""
    games = tuple(Command(game, lobby.open_table, Chats.GROUP, menu=True) for game in GAMES)
    return games + COMMANDS


async def misplaced(update: Update, context: Context) -> None:
    """Every command no CommandHandler took: one of ours in the wrong chat, or an unknown one.
    A command addressed to another bot (`/stop@other_bot`) is not ours: ignored, unanswered."""
    found = services(context)
    if not addressed_to_us(update, found.username):
        return
    found, lang = await speaker(update, context)
    where = {c.name: c.chats for c in all_commands()}.get(command_name(update))
    key = {Chats.GROUP: "refuse.group_only", Chats.PRIVATE: "refuse.private_only"}.get(
        where or Chats.EVERYWHERE, "refuse.unknown_command"
    )
    await to_asker(update, context, lambda said: t(said, key), lang)


def help_of(lang: str) -> str:
    """/help: how to open a table, then each command with its menu words, by where it works."""

    def listed(chats: Chats) -> str:
        return " · ".join(f"/{c.name} {t(lang, f'cmd.{c.name}')}" for c in COMMANDS if c.chats == chats)

    rooms = {chats.value: listed(chats) for chats in Chats}
    return t(lang, "help.group", commands=game_commands(lang), **rooms)


async def help_text(update: Update, context: Context, found: Services, lang: str) -> None:
    await to_asker(update, context, help_of, lang)


async def started(update: Update, context: Context) -> None:
    """/start: in the private chat its own start (a deep link's arrival); in a group what /help
    says."""
    if is_private(update):
        await start(update, context)
        return
    found, lang = await speaker(update, context)
    await help_text(update, context, found, lang)


def menu(webapp: bool) -> list[str]:
    """The command menu's names: a game's opens a table; /quiet only with the Mini App."""
    return [c.name for c in all_commands() if c.menu and (webapp or not c.needs_app)]


def install(app: Application) -> None:
    """A CommandHandler per command, in the chats where it means something (CommandHandler
    ignores `/name@other_bot` by itself); every other command gets `misplaced`'s answer."""
    where = {
        Chats.GROUP: filters.ChatType.GROUPS,
        Chats.PRIVATE: filters.ChatType.PRIVATE,
        Chats.EVERYWHERE: filters.ALL,
    }
    app.add_handler(CommandHandler("start", started))
    for command in all_commands():
        app.add_handler(CommandHandler(command.name, handling(command.handler), filters=where[command.chats]))
    app.add_handler(MessageHandler(filters.COMMAND, misplaced))


GROUP, PRIVATE, EVERYWHERE = Chats.GROUP, Chats.PRIVATE, Chats.EVERYWHERE
COMMANDS: tuple[Command, ...] = (
    Command("join", lobby.join, GROUP, menu=True),
    Command("leave", lobby.leave, EVERYWHERE),
    Command("addbot", lobby.lobby_action, GROUP),
    Command("removebot", lobby.lobby_action, GROUP),
    Command("fill", lobby.lobby_action, GROUP),
    Command("startgame", lobby.lobby_action, GROUP, menu=True),
    Command("defaults", lobby.defaults, GROUP),
    Command("notify", notify.notify, GROUP),
    Command("quick", quick.quick, PRIVATE, menu=True),
    Command("cancel", quick.cancel, PRIVATE),
    Command("daily", daily.daily, EVERYWHERE, menu=True),
    Command("table", commands.repost_table, EVERYWHERE, menu=True),
    Command("score", commands.score, GROUP, menu=True),
    Command("hand", commands.hand, PRIVATE, menu=True),
    Command("back", commands.back, PRIVATE, menu=True),
    Command("quiet", commands.quiet, PRIVATE, menu=True, needs_app=True),
    Command("stats", commands.stats, EVERYWHERE, menu=True),
    Command("top", league.top, EVERYWHERE, menu=True),
    Command("me", league.me, EVERYWHERE),
    Command("rules", commands.rules, EVERYWHERE, menu=True),
    Command("record", commands.record, GROUP, menu=True),
    Command("rematch", commands.rematch, GROUP, menu=True),
    Command("replay", replays.replay, GROUP),
    Command("review", reviews.review, GROUP),
    Command("drill", drills.drill, PRIVATE, menu=True),
    Command("stop", commands.stop, GROUP),
    Command("lang", commands.lang_command, EVERYWHERE),
    Command("help", help_text, EVERYWHERE),
)
