"""`/daily`: today's deal, the same for everyone. In private, `/daily <game>` plays it (once a
day), `/daily` alone says where each game's deal stands, `/daily review <game>` reviews your
finished deal. In a group, `/daily on|off` (an admin) asks for one line a day with yesterday's
places of the group's players, and `/daily` alone says them now.

Nobody sees anyone's result before finishing the deal themselves: a standing is only given to
someone who finished, and a group only hears of a day that is over."""

from __future__ import annotations

import logging
from functools import partial
from typing import Any

from telegram import Update
from telegram.error import TelegramError

from engine.errors import Refused
from engine.games import GAMES
from engine.referee import DAILY, Clock, Referee, Timer, day_of
from handlers import reviews
from handlers.context import Context
from handlers.dailywords import places_text, standing_text
from handlers.games import either
from handlers.i18n import DEFAULT, t
from handlers.incoming import chat_of, command_args, is_private, reply, user_id
from handlers.membership import is_admin
from handlers.services import Services

log = logging.getLogger(__name__)


async def daily(update: Update, context: Context, found: Services, lang: str) -> None:
    args = [word.lower() for word in command_args(update)[:2]]
    if not is_private(update):
        await in_group(update, context, found, lang, args)
        return
    player = user_id(update)
    if not args:
        await reply(update, await today_text(found.referee, player, lang))
        return
    if args[0] == "review":
        await review(update, context, found, lang, args[1:])
        return
    game = args[0]
    if game not in GAMES:
        raise Refused("unknown_game", game=game[:20], games=", ".join(GAMES))
    await found.open_private_chat(player)  # the deal's messages come here
    await found.referee.play_daily(player, game)  # its first words and the hand follow


async def today_text(referee: Referee, player: int, lang: str) -> str:
    """Each game's deal today: your standing if you finished it, else how to play it."""
    lines = [t(lang, "daily.today", day=referee.today())]
    playing = referee.table_of_player(player)
    for game in GAMES:
        standing = await referee.daily_standing(player, game)
        name = t(lang, f"game.{game}")
        if standing is not None:
            lines.append(standing_text(standing, lang))
        elif playing is not None and playing.game == game and playing.group_id == DAILY:
            lines.append(t(lang, "daily.in_play", game=name))
        else:
            lines.append(t(lang, "daily.not_played", game=name, command=f"/daily {game}"))
    return "\n\n".join(lines)


async def review(update: Update, context: Context, found: Services, lang: str, args: list[str]) -> None:
    """Your finished deal of the game today, reviewed: the plays you lost most on and the better
    move, in private (the deal is the day's: the group never sees it)."""
    if args and args[0] not in GAMES:
        raise Refused("unknown_game", game=args[0][:20], games=", ".join(GAMES))
    games = [game for game in GAMES if not args or args[0] == game]
    standings = [s for game in games if (s := await found.referee.daily_standing(user_id(update), game))]
    if not standings:
        raise Refused("daily_unfinished", commands=either(lang, [f"/daily {game}" for game in games]))
    chat = chat_of(update).id
    for standing in standings:
        asked = await found.referee.review(None, standing.match_id)
        await reviews.when_made(
            update,
            context,
            chat,
            asked,
            lang,
            partial(summarized, context.bot, found, chat, asked.match_id, lang),
        )


async def summarized(bot: Any, found: Services, chat: int, match_id: int, lang: str) -> None:
    """The made review's summary in the player's chat (first names: the daily room's way)."""
    made = await found.referee.review(None, match_id, start=False)
    names = await found.names_of(made.players, lang, first=True)
    await bot.send_message(chat, reviews.summary(made, names, lang))


async def in_group(update: Update, context: Context, found: Services, lang: str, args: list[str]) -> None:
    chat = chat_of(update)
    if args and args[0] in ("on", "off"):
        if not await is_admin(context, chat.id, user_id(update)):
            raise Refused("not_allowed")
        await found.referee.register_group(chat.id, chat.title or "")
        await found.referee.set_daily_line(chat.id, args[0] == "on")
        await reply(update, t(lang, f"daily.line_{args[0]}"))
        return
    yesterday = day_of(found.referee.now() - 86400)
    text = await places_text(found.referee, chat.id, yesterday, lang)
    commands = either(lang, [f"/daily {game}" for game in GAMES])
    await reply(update, text or t(lang, "daily.group_none", day=yesterday, commands=commands))


class DailyLines:
    """Once a day, `LINE_AFTER` past UTC midnight: each group that asked hears the day before's
    places of its players, one message (nothing when none of them played). A day is marked told
    before it is told, so a restart never tells it twice."""

    def __init__(self, services: Services, bot: Any, clock: Clock) -> None:
        self.services, self.bot, self.clock = services, bot, clock
        self.timer: Timer | None = None

    async def start(self) -> None:
        await self._tell()

    def stop(self) -> None:
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None

    async def _tell(self) -> None:
        referee = self.services.referee
        day = await referee.daily_line_owed()
        for group in await referee.daily_line_groups() if day else ():
            assert day is not None
            lang = await self.services.chosen_lang(group) or DEFAULT
            text = await places_text(referee, group, day, lang)
            if not text:
                continue
            try:
                await self.bot.send_message(group, text)
            except TelegramError as error:  # a group that went away: its line is lost, not the others'
                log.warning("group %s: the daily line not told: %s", group, error)
        self.timer = self.clock.call_at(referee.daily_line_at(), self._tell)
