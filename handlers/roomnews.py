"""What a group would hear of a table in a room (a quick table, which has no group), told in each
player's private chat instead, in their own language and compactly: a batch's lines as one
silent message, a round's score sheet as a picture captioned with its end. Their table is drawn
on their hand message, so no table picture is sent. Each player's news is paced by the group
feed as a group's is, keyed by their chat (a player's id, never a group's negative one)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from engine.events import MatchOver
from engine.referee import DAILY, Notice, TableView
from handlers import announce
from handlers.dailywords import standing_text
from handlers.groupfeed import Batch, Delivery, GroupFeed, news_parts
from handlers.i18n import t
from handlers.limits import chunks
from handlers.messages import Messages
from handlers.news import News, news_of
from handlers.services import Services

Tell = Callable[[TableView, int, Awaitable[Any]], Awaitable[bool]]  # one player's call, refusals kept


class RoomNews:
    def __init__(self, services: Services, messages: Messages, feed: GroupFeed, tell: Tell) -> None:
        self.services, self.messages, self.feed, self.tell = services, messages, feed, tell

    async def post(self, view: TableView, notice: Notice) -> list[Delivery]:
        """The notice's lines and sheet, for each person at the table, in their language (made
        once a language: the sheet names bots in its reader's); each person's delivery."""
        events = notice.events
        played_out = any(isinstance(e, MatchOver) and e.reason != "stopped" for e in events)
        dealt = view.group_id == DAILY and any(e.kind == "MatchStarted" for e in events)
        named = {p: await self.services.name_of(p, first=True) for p in announce.named_players(events)}
        by_lang: dict[str, News] = {}
        deliveries = []
        for seat in view.seats:
            if seat.player is None:
                continue
            lang = await self.services.lang_of(seat.player)
            if lang not in by_lang:
                names = await self.services.seat_names(view, lang)
                by_lang[lang] = await news_of(
                    self.services.referee, view, events, names, named, lang, hints=False
                )
            news = by_lang[lang]
            story, results = list(news.story), list(news.results)
            if played_out:
                results.append(await self._after(view, lang))
            if dealt:
                game, day = t(lang, f"game.{view.game}"), self.services.referee.today()
                story.insert(0, t(lang, "daily.dealt", game=game, day=day))
            if story or results or news.sheet is not None:
                posted = self.feed.post(seat.player, view.id, view, story + results, news.sheet, len(results))
                deliveries.append(await posted)
        return deliveries

    async def _after(self, view: TableView, lang: str) -> str:
        """What a finished match's player hears last: at a daily deal, where they stand among
        everyone who finished it; at a quick table, how to play another."""
        if view.group_id == DAILY:
            standing = await self.services.referee.daily_result(view.id)
            if standing is not None:
                return standing_text(standing, lang)
        return t(lang, "quick.again")

    async def send(self, player: int, batch: Batch) -> int:
        """A player's waiting news: the lines as one message, then each sheet; the calls made."""
        view: TableView = batch.view
        title = t(await self.services.lang_of(player), "announce.sheet")
        told, text = news_parts(batch, title)
        calls = 0
        for part in chunks(told):
            sending = self.messages.bot.send_message(player, part, disable_notification=True)
            await self.tell(view, player, sending)
            calls += 1
        for i, sheet in enumerate(batch.sheets):
            last = i == len(batch.sheets) - 1
            caption = f"{title}\n{text}" if last and text else title
            await self.tell(view, player, self.messages.send_photo(player, sheet, caption, quiet=not last))
            calls += 1
        return calls
