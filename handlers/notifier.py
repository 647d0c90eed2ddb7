"""The referee's notices, told on Telegram: the group's lobby message and table message (edited in
place), announcements and score sheets in the group (paced by `GroupFeed`), and each player's
private hand message (`PrivateChats`). Nothing of a hand is ever sent anywhere but its owner's
private chat."""

from __future__ import annotations

import asyncio
import inspect
import logging
from collections.abc import Awaitable, Sequence
from typing import Any

from telegram.error import Forbidden, TelegramError

import render
from engine.errors import Refused
from engine.events import CardsPlayed, Event, MatchOver, SeatPassed, TimedOut
from engine.games import GAMES
from engine.referee import (
    Clock,
    Notice,
    RatingsChanged,
    ReplacedByBot,
    SeatTakenOver,
    TableStopped,
    TableView,
    WindowClosed,
    ends_round,
    is_room,
    starts_round,
)
from handlers import announce, settings
from handlers.drawing import drawn
from handlers.games import ui
from handlers.groupfeed import Batch, GroupFeed, news_parts
from handlers.i18n import listed, t
from handlers.keyboards import Keys, watch_button
from handlers.limits import CAPTION_LIMIT, chunks, utf16_len
from handlers.messages import Messages
from handlers.news import news_of
from handlers.private import Late, PrivateChats, deciding_now
from handlers.ratelimit import FEED, calls_at
from handlers.roomnews import RoomNews
from handlers.services import Services

log = logging.getLogger(__name__)

REMATCH = "rematch"  # purpose of the group message that carries the rematch button


class TelegramNotifier:
    def __init__(self, services: Services, messages: Messages, clock: Clock) -> None:
        self.services = services
        self.messages = messages
        self.private = PrivateChats(services, messages)
        self.feed = GroupFeed(clock, self._send_batch)
        self.rooms = RoomNews(services, messages, self.feed, self._to_player)
        self._settings: set[int] = set()  # lobbies showing their settings keyboard
        self.unreachable: set[int] = set()  # players whose private chat Telegram forbids (403)
        self.gone: set[int] = set()  # groups that removed the bot: nothing is sent there again

    @property
    def bot(self) -> Any:
        return self.messages.bot

    async def publish(self, notice: Notice) -> Awaitable[object] | None:
        """Tells the notice; returns its group news still waiting for the group's budget (the
        feed's deliveries), if any."""
        if self.bot is None:
            return None
        view = notice.table
        if view.group_id in self.gone:
            await self._players(view, notice)  # the players still hear that their table stopped
            return None
        try:
            return await self._publish(view, notice)
        except Forbidden as error:  # the bot was removed from the group: its tables stop
            await self.group_gone(view.group_id, error)
            return None

    async def group_gone(self, group: int, why: object = "removed") -> None:
        """The bot is no longer in the group (a 403, or Telegram's own news of it): nothing more
        is sent there, and its tables are stopped."""
        if group in self.gone:
            return
        log.warning("group %s refuses the bot (%s): its tables are stopped", group, why)
        self.gone.add(group)
        self.feed.forget(group)
        await self.services.referee.group_gone(group)

    def group_back(self, group: int) -> None:
        """The bot was added to the group again."""
        self.gone.discard(group)

    async def _publish(self, view: TableView, notice: Notice) -> Awaitable[object] | None:
        if is_room(view.group_id):  # no group: its news goes to the players' private chats
            return await self._publish_in_room(view, notice)
        lang = await self.services.group_lang(view)
        names = await self.services.seat_names(view, lang)
        if not view.dealt:  # a lobby, or one stopped before its start: its message says it all
            by = next((e.by for e in notice.events if isinstance(e, TableStopped)), None)
            await self.lobby(view, lang, names, None if by is None else await self.services.name_of(by))
            return None
        kinds = {e.kind for e in notice.events}
        if "MatchStarted" in kinds:
            await self._close_lobby(view, lang)
            await self._seat_intros(view)
        players = {p: await self.services.name_of(p) for p in announce.named_players(notice.events)}
        news = await news_of(self.services.referee, view, notice.events, names, players, lang)
        # seats deciding together, unseen: a redraw of the group's table would only move its clock
        delivery = None
        if news.story or news.results or news.sheet is not None or not _unseen(view):
            lines = news.story + news.results
            ending = len(news.results)
            delivery = await self.feed.post(view.group_id, view.id, view, lines, news.sheet, ending)
        await self._players(view, notice)
        return delivery

    async def _publish_in_room(self, view: TableView, notice: Notice) -> Awaitable[object] | None:
        """A room's table starts full and has no lobby to show: its players hear their seats, the
        news a group would hear and their hands, all privately."""
        if not view.dealt:
            return None
        if any(e.kind == "MatchStarted" for e in notice.events):
            await self._seat_intros(view)
        deliveries = await self.rooms.post(view, notice)
        await self._players(view, notice)
        return asyncio.gather(*deliveries) if deliveries else None

    # -- the group -------------------------------------------------------------------------------

    async def lobby(self, view: TableView, lang: str, names: list[str], stopper: str | None = None) -> None:
        """The group's lobby message, edited in place; once the lobby is stopped (`stopper`: who
        stopped it, None when the referee did) it says so and loses its buttons."""
        seats = _lobby_seats(view, names, lang)
        game = t(lang, f"game.{view.game}")
        if view.status == "stopped":
            self._settings.discard(view.id)
            title = (
                t(lang, "lobby.stopped_by", game=game, name=stopper)
                if stopper
                else t(lang, "lobby.stopped", game=game)
            )
            await self.messages.show_text(view.id, view.group_id, "lobby", "\n".join([title, "", *seats]))
            return
        time = settings.value_label(lang, view.time_control)
        text = "\n".join(
            [
                t(lang, "lobby.title", game=game, time=time),
                "",
                *seats,
                "",
                settings.options_text(lang, view.game, view.options),
            ]
        )
        keys = Keys(self.services.signer, view.group_id, view.game, view.id, view.version, lang)
        if view.id in self._settings:
            markup = settings.keyboard(keys, view.game, view.options, view.time_control)
        else:
            markup = keys.lobby(
                teams=GAMES[view.game].seating(GAMES[view.game].rules(view.options)) == "chosen"
            )
        await self.messages.show_text(view.id, view.group_id, "lobby", text, markup)

    def show_settings(self, table: int, shown: bool) -> None:
        """The lobby message shows the settings keyboard (or the lobby's) from now on."""
        if shown:
            self._settings.add(table)
        else:
            self._settings.discard(table)

    async def _close_lobby(self, view: TableView, lang: str) -> None:
        self._settings.discard(view.id)  # a rematch's lobby opens with the lobby's own buttons
        offered = await self.messages.id(view.id, view.group_id, REMATCH)
        if offered is not None:  # the rematch is on: its button goes
            await self.messages.remove_keyboard(view.group_id, offered)
            await self.messages.forget(view.id, view.group_id, REMATCH)
        text = t(lang, "lobby.started", game=t(lang, f"game.{view.game}"))
        watch = watch_button(self.services, view.id, lang)  # with the Mini App: a way to watch
        await self.messages.show_text(view.id, view.group_id, "lobby", text, watch)

    async def table(
        self, view: TableView, lang: str, names: list[str], repost: bool = False, news: str = ""
    ) -> None:
        """The group's table message: the picture of the round being played, or the lobby's
        message while no round was dealt (a picture needs every seat of the game). `news`: lines
        its caption carries below the turn."""
        if not view.dealt:
            await self.lobby(view, lang, names)
            return
        scene = render.table_scene(view, names, self._now())
        picture = await drawn(render.table_picture, scene, lang=lang)
        caption = "\n".join(filter(None, [self._caption(view, lang, names), news]))
        markup = None
        if view.status == "running" and any(seat.is_bot for seat in view.seats):  # 入座 a bot's seat
            keys = Keys(self.services.signer, view.group_id, view.game, view.id, view.version, lang)
            markup = keys.take_seat()
        await self.messages.show_photo(view.id, view.group_id, "table", picture, caption, repost, markup)

    async def table_to(self, view: TableView, chat: int, lang: str) -> None:
        """The table picture (the public view only) sent to one chat: `/table` in private."""
        names = await self.services.seat_names(view, lang)
        picture = await drawn(render.table_picture, render.table_scene(view, names, self._now()), lang=lang)
        await self.messages.send_photo(chat, picture, self._caption(view, lang, names))

    async def _send_batch(self, group: int, table: int, batch: Batch) -> int:
        """A table's waiting news in the fewest messages: the table edited to its latest state,
        the lines as one message (or as the caption of the last score sheet). Returns the calls.
        A group that refuses the bot has its tables stopped; a call that failed even when tried
        again is logged (the next batch redraws the table anyway)."""
        view: TableView = batch.view
        if is_room(view.group_id):  # `group` is a player's private chat
            with calls_at(FEED):
                return await self.rooms.send(group, batch)
        try:
            with calls_at(FEED):  # after every player's message: merged while it waits
                return await self._send_news(view, batch)
        except Forbidden as error:
            await self.group_gone(view.group_id, error)
        except TelegramError as error:
            log.error("table %s: the group's news not told: %s", table, error)
        return 1

    async def _send_news(self, view: TableView, batch: Batch) -> int:
        lang = await self.services.group_lang(view)
        names = await self.services.seat_names(view, lang)
        text = "\n".join(batch.lines)
        # the match's first table picture carries its news (the match and round begin) as its
        # caption: one message, not two; an edited picture does not, since news in a
        # caption edited later would be lost, and is not seen as new
        fresh = await self.messages.id(view.id, view.group_id, "table") is None
        caption = f"{self._caption(view, lang, names)}\n{text}"
        if fresh and text and not batch.sheets and utf16_len(caption) <= CAPTION_LIMIT:
            await self.table(view, lang, names, news=text)
            return 1
        await self.table(view, lang, names)
        calls = 1
        title = t(lang, "announce.sheet")
        told, text = news_parts(batch, title)
        if told:
            for part in chunks(told):  # within Telegram's limit, counted as it counts
                await self.bot.send_message(view.group_id, part)
                calls += 1
        over = view.status == "finished"  # the match's last sheet offers a rematch
        keys = Keys(self.services.signer, view.group_id, view.game, view.id, view.version, lang)
        for i, sheet in enumerate(batch.sheets):
            last = i == len(batch.sheets) - 1
            caption = f"{title}\n{text}" if last and text else title
            markup = keys.rematch() if last and over else None
            sent = await self.messages.send_photo(view.group_id, sheet, caption, markup)
            if markup is not None:
                await self.messages.remember(view.id, view.group_id, REMATCH, sent)
            calls += 1
        return calls

    def _caption(self, view: TableView, lang: str, names: list[str]) -> str:
        game = t(lang, f"game.{view.game}")
        if view.status != "running":
            return game
        left = self.services.time_left(view)
        return f"{game} · {self.services.to_act(view, names, lang)}{'' if left is None else f' · {left}'}"

    # -- the players' private chats --------------------------------------------------------------

    async def _results(self, view: TableView, notice: Notice) -> None:
        """Each player's own result as a round ends (the chat said only "🏁 本局已结束"):
        their place or points, the match's outcome and their rating's change at its end."""
        results = self.private.results  # kept for the page, and a quiet chat's one message
        if any(e.kind == "MatchStarted" for e in notice.events):  # a new match: the last one's go
            for key in [key for key in results if key[0] == view.id]:
                del results[key]
        ends = [e for e in notice.events if ends_round(e)]
        if not ends:
            return
        game = GAMES[view.game]
        rules = game.rules(view.options)
        teams = [game.team_of(rules, seat.seat) for seat in view.seats]
        rated = {c.rater: c for e in notice.events if isinstance(e, RatingsChanged) for c in e.changes}
        over = next((e for e in ends if isinstance(e, MatchOver) and e.reason != "stopped"), None)
        alone = all(team is None for team in teams)  # every seat for itself: places and winners said
        # a seat taken from a bot at this boundary: the round that ended was the bot's
        arrived = {e.seat for e in notice.events if isinstance(e, SeatTakenOver)}
        for seat in view.seats:
            if seat.player is None or seat.player in self.unreachable or seat.seat in arrived:
                continue
            lang = await self.services.lang_of(seat.player)
            lines = [line for e in ends if (line := ui(view.game).round_result(e, seat.seat, teams, lang))]
            if over is not None:
                standing = ""
                if alone:
                    names = await self.services.seat_names(view, lang)
                    standing = _standing(over, seat.seat, view.totals, names, lang)
                lines.append(
                    _match_result(over, seat.seat, view.totals, rated.get(seat.player), lang, standing)
                )
            if not lines:
                continue
            text = results[(view.id, seat.player)] = "\n".join(lines)
            if not await self.services.quiet(seat.player):  # a quiet chat is told in its one message
                await self._to_player(view, seat.player, self.bot.send_message(seat.player, text))

    async def _players(self, view: TableView, notice: Notice) -> None:
        """Each player's part of the notice, unless an owed notice told again had told it (its
        group's part was cut off: the restart's own notice brings their hands up to date)."""
        if not notice.told_privately:
            await self._private(view, notice)

    async def _private(self, view: TableView, notice: Notice) -> None:
        await self._results(view, notice)
        played = played_this_round(notice.events)
        late: dict[int, Late] = {e.seat: "bot" for e in notice.events if isinstance(e, TimedOut)}
        late.update({seat: "rules" for e in notice.events if isinstance(e, WindowClosed) for seat in e.seats})
        for event in notice.events:  # a player put on autopilot hears it in private, with the way back
            if isinstance(event, TimedOut) and event.autopilot:
                player = view.seats[event.seat].player
                if player is not None:
                    text = t(await self.services.lang_of(player), "play.autopilot_on")
                    await self._to_player(view, player, self.bot.send_message(player, text))
        for event in notice.events:  # a leaver's hand message says they left; its keyboard goes
            if isinstance(event, ReplacedByBot):
                await self._to_player(
                    view, event.player, self.private.close(view.id, event.player, "play.you_left")
                )
        for seat in view.seats:
            if seat.player is None:
                continue
            try:
                running = view.status == "running"
                private = self.services.referee.private_view(view.id, seat.player) if running else None
            except Refused:  # left since this notice was committed (its hand message was closed)
                continue
            move = played.get(seat.seat)
            if seat.seat not in late and (move is not None or _passed(notice.events, seat.seat)):
                self.private.moved(view.id, seat.player)
            if move is None and late.get(seat.seat) == "bot" and _passed(notice.events, seat.seat):
                move = "pass"  # the bot passed for a player out of time: said so, like a play
            update = self.private.update(view, seat.player, private, move, for_you=late.get(seat.seat, ""))
            told = await self._to_player(view, seat.player, update)
            if told or private is None or not deciding_now(view, private):
                continue
            referee = self.services.referee
            if seat.player in self.unreachable:  # refused as forbidden: autopilot, said once
                await referee.player_unreachable(view.id, seat.player)
            else:  # failed even when tried again: their deadline charges them nothing
                await referee.not_delivered(view.id, seat.player, view.version)

    async def _to_player(self, view: TableView, player: int, sending: Awaitable[Any]) -> bool:
        """One player's messages; whether they were told. A chat Telegram refuses (no private
        chat, the bot blocked, a call failing even when tried again) is logged and never keeps
        the next player from theirs. A chat refused as forbidden is not tried again until the
        player writes to the bot (`reachable`)."""
        if player in self.unreachable:
            if inspect.iscoroutine(sending):
                sending.close()  # never sent: nothing to wait for
            return False
        try:
            await sending
        except Forbidden as error:
            self.unreachable.add(player)
            log.warning(
                "table %s: player %s not told, and not again until they write: %s", view.id, player, error
            )
            return False
        except TelegramError as error:
            log.warning("table %s: player %s not told: %s", view.id, player, error)
            return False
        return True

    def reachable(self, player: int) -> None:
        """The player wrote to the bot in private: their chat works again."""
        self.unreachable.discard(player)

    async def _seat_intros(self, view: TableView) -> None:
        """ "You are here": each player hears, once, their seat and who plays with and against them."""
        for seat in view.seats:
            if seat.player is None:
                continue
            lang = await self.services.lang_of(seat.player)
            names = await self.services.seat_names(view, lang)
            text = ui(view.game).seat_intro(view, seat.seat, names, lang)
            # no private chat (yet): the hand message will find them later
            await self._to_player(view, seat.player, self.bot.send_message(seat.player, text))

    async def hand(self, view: TableView, player: int) -> None:
        """/hand: the player's hand message again, at the bottom of the chat."""
        private = self.services.referee.private_view(view.id, player)
        await self.private.update(view, player, private, repost=True)

    async def redraw_hand(self, player: int) -> None:
        """The player's hand message at their running table, drawn anew in the way they now ask
        for (`/quiet` or the Mini App's switch); nothing when they play at no running table."""
        view = self.services.referee.table_of_player(player)
        if view is not None and view.status == "running":
            await self.hand(view, player)

    def _now(self) -> float:
        return self.services.referee.now()


def _match_result(
    over: Event, seat: int, totals: Sequence[int], change: Any, lang: str, standing: str = ""
) -> str:
    """本局结束：你赢了，总分 +6 · 积分 1500 → 1512; `standing`: the seat's place and who won,
    said before the rating (whose note, when provisional, ends the text)."""
    winners, losers = getattr(over, "winners", ()), getattr(over, "losers", None)
    if seat in winners:
        outcome = "won"
    elif losers is not None:  # a game with losers named (the pig, 当猪): the rest neither won nor lost
        outcome = "lost" if seat in losers else "over"
    else:
        outcome = "lost" if winners else "draw"
    line = t(lang, f"play.result_{outcome}", total=announce.signed(totals[seat]))
    compensation = getattr(over, "compensation", ())  # 补偿积分: part of the total, said apart
    if seat < len(compensation) and compensation[seat]:
        line += t(lang, "play.result_compensation", points=announce.signed(compensation[seat]))
    line += standing
    if change is not None:
        after = announce.shown(change.after, change.provisional)
        line += t(lang, "play.result_rating", before=change.before, after=after)
        line = announce.with_provisional_note(line, change.provisional, lang)
    return line


def _unseen(view: TableView) -> bool:
    """A window where every asked seat decides at once and who has decided is secret (an
    exposure, a declaration): nothing the group sees changes until it closes."""
    return view.status == "running" and not view.to_act and view.deadline_at is not None


def _standing(over: Event, seat: int, totals: Sequence[int], names: Sequence[str], lang: str) -> str:
    """Where a seat playing for itself finished (ties share a place) and, unless it won, who won
    with what total."""
    place = 1 + sum(1 for total in totals if total > totals[seat])
    line = t(lang, "play.result_place", place=t(lang, f"play.place_{place}"), seats=len(totals))
    winners = getattr(over, "winners", ())
    if winners and seat not in winners:
        who = listed(lang, (names[s] for s in winners))
        line += t(lang, "play.result_winners", names=who, total=announce.signed(totals[winners[0]]))
    return line


def _passed(events: Sequence[Event], seat: int) -> bool:
    return any(isinstance(event, SeatPassed) and event.seat == seat for event in events)


def played_this_round(events: Sequence[Event]) -> dict[int, str]:
    """Each seat's last move in these events, within the round now on: a notice that ends a
    deal and starts the next must not caption the new hand with the old deal's card."""
    played: dict[int, str] = {}
    for event in events:
        if starts_round(event):
            played.clear()
        elif isinstance(event, CardsPlayed):
            played[event.seat] = event.cards
    return played


def _lobby_seats(view: TableView, names: list[str], lang: str) -> list[str]:
    """The lobby's people, bots and empty places. Numbered only where the seats go by joining
    order: where they are drawn at the start, a number would name a seat nobody will hold (and
    the bots are named by the seat they draw), which the list says instead."""
    game = GAMES[view.game]
    numbered = game.seating(game.rules(view.options)) == "join_order"
    shown = [
        name if numbered or seat.player is not None else t(lang, "lobby.seat_bot")
        for seat, name in zip(view.seats, names, strict=False)
    ]
    shown += [t(lang, "lobby.seat_empty")] * (game.seats - len(shown))
    listed = [f"{_lobby_mark(i, numbered)} {name}{_team_mark(view, i, lang)}" for i, name in enumerate(shown)]
    return listed if numbered else [*listed, t(lang, "lobby.seats_drawn")]


def _lobby_mark(seat: int, numbered: bool) -> str:
    return f"{seat + 1}." if numbered else "•"


def _team_mark(view: TableView, seat: int, lang: str) -> str:
    """A lobby seat's chosen team (teams=chosen), as the list shows it."""
    team = view.seats[seat].team if seat < len(view.seats) else None
    return "" if team is None else t(lang, "lobby.team_mark", team=team + 1)
