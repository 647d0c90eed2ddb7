"""The referee's notices, told on Telegram: the group's lobby or table message (edited in place),
announcements and score sheets in the group, and each player's private hand message and turn
keyboard. Nothing of a hand is ever sent anywhere but its owner's private chat."""

from __future__ import annotations

import logging
from typing import Any

from telegram import InputMediaPhoto, Message
from telegram.error import BadRequest, Forbidden

import render
from engine.games import GAMES
from engine.referee.notifier import Notice, TableView
from handlers import announce
from handlers.i18n import t
from handlers.keyboards import Keys
from handlers.services import Services
from handlers.sheets import score_sheet_of
from render.clockface import time_left

log = logging.getLogger(__name__)

ROUND_ENDS = {"HandEnded", "DealEnded"}


class TelegramNotifier:
    def __init__(self, services: Services) -> None:
        self.services = services
        self.bot: Any = None  # telegram.Bot, set when the application starts
        self._hands: dict[tuple[int, int], str] = {}  # (table, player) → the hand last shown
        self._turns: dict[tuple[int, int], int] = {}  # (table, player) → the turn message's id

    # -- the group -----------------------------------------------------------------------------

    async def publish(self, notice: Notice) -> None:
        if self.bot is None:
            return
        view = notice.table
        try:
            await self._publish(view, notice)
        except Forbidden as error:  # the bot was removed from the group, or a player blocked it
            log.warning("table %s: %s", view.id, error)

    async def _publish(self, view: TableView, notice: Notice) -> None:
        lang = await self.services.group_lang(view)
        names = await self.services.seat_names(view, lang)
        if view.status == "lobby":
            await self.lobby(view, lang, names)
            return
        kinds = {e.kind for e in notice.events}
        if "MatchStarted" in kinds:
            await self._close_lobby(view, lang)
        players = {p: await self.services.name_of(p) for p in _players(notice)}
        answerers = ", ".join(names[s] for s in view.to_act)
        lines = announce.lines(notice.events, names, lambda p: players.get(p, str(p)), lang, answerers)
        await self.table(view, lang, names)
        if lines:
            await self.bot.send_message(view.group_id, "\n".join(lines))
        if kinds & ROUND_ENDS or "MatchEnded" in kinds:
            sheet = score_sheet_of(self.services.referee, view, names, final="MatchEnded" in kinds)
            if sheet is not None:
                await self.bot.send_photo(view.group_id, render.score_sheet(sheet, lang=lang))
        await self._private(view, notice)

    async def lobby(self, view: TableView, lang: str, names: list[str]) -> None:
        seats = [f"{i + 1}. {name}" for i, name in enumerate(names)]
        seats += [
            f"{i + 1}. {t(lang, 'lobby.seat_empty')}" for i in range(len(names), GAMES[view.game].seats)
        ]
        options = ", ".join(f"{k}={v}" for k, v in sorted(view.options.items()))
        text = "\n".join(
            [
                t(lang, "lobby.title", game=t(lang, f"game.{view.game}"), time=view.time_control),
                "",
                *seats,
                "",
                t(lang, "lobby.options", options=options),
            ]
        )
        keys = Keys(self.services.signer, view.game, view.id, view.version, lang).lobby()
        await self._show_text(view.id, view.group_id, "lobby", text, keys)

    async def _close_lobby(self, view: TableView, lang: str) -> None:
        text = t(lang, "lobby.started", game=t(lang, f"game.{view.game}"))
        await self._show_text(view.id, view.group_id, "lobby", text, None)

    async def table(self, view: TableView, lang: str, names: list[str], repost: bool = False) -> None:
        scene = render.table_scene(view, names, self._now())
        picture = render.table_picture(scene, lang=lang)
        caption = self._caption(view, lang, names)
        await self._show_photo(view.id, view.group_id, "table", picture, caption, repost)

    def _caption(self, view: TableView, lang: str, names: list[str]) -> str:
        game = t(lang, f"game.{view.game}")
        if view.status != "running":
            return game
        turn = ", ".join(names[s] for s in view.to_act) or t(lang, "play.nobody")
        left = "" if view.deadline_at is None else f" · {time_left(round(view.deadline_at - self._now()))}"
        return f"{game} · {turn}{left}"

    # -- the players' private chats ------------------------------------------------------------

    async def _private(self, view: TableView, notice: Notice) -> None:
        played = {e.seat: e.cards for e in notice.events if e.kind in ("Played", "CardPlayed")}  # type: ignore[attr-defined]
        running = view.status == "running"
        for seat in view.seats:
            if seat.player is None:
                continue
            private = self.services.referee.private_view(view.id, seat.player) if running else {}
            if running:
                await self.hand(view, seat.player, private=private)
            await self._turn(view, seat.player, seat.seat, played.get(seat.seat), private)

    async def hand(
        self, view: TableView, player: int, repost: bool = False, private: dict[str, Any] | None = None
    ) -> None:
        """The player's hand message: sent at a round's start, edited when the hand changes.
        `private` is the player's private view when the caller has it already."""
        if view.status != "running":
            return
        if private is None:
            private = self.services.referee.private_view(view.id, player)
        key, shown = (view.id, player), f"{private.get('hand_no', private.get('deal_no'))}:{private['hand']}"
        if not repost and self._hands.get(key) == shown:
            return  # edited only when the hand changes: not on every move at the table
        self._hands[key] = shown
        lang = await self.services.lang_of(player)
        names = await self.services.seat_names(view, lang)
        caption = _hand_caption(view, private, names, lang)
        if view.game == "gouji":
            picture = render.gouji_hand(private["hand"], lang=lang)
        else:
            picture = render.gongzhu_hand(private["hand"], exposed=" ".join(private["my_exposed"]), lang=lang)
        await self._show_photo(view.id, player, "hand", picture, caption, repost)

    async def _turn(
        self, view: TableView, player: int, seat: int, played: str | None, private: dict[str, Any]
    ) -> None:
        """A new decision: a new message with the keyboard (it notifies). Still deciding at a new
        version: the keyboard is replaced in place. Decided: the keyboard is removed."""
        key = (view.id, player)
        lang = await self.services.lang_of(player)
        legal = private.get("legal") or []
        message = self._turns.get(key)
        if (legal and seat in view.to_act) or (legal and private.get("phase") == "expose"):
            keys = Keys(self.services.signer, view.game, view.id, view.version, lang)
            markup = keys.moves(legal, str(private.get("phase")))
            text = self._turn_text(view, private, lang)
            if message is None:
                sent = await self.bot.send_message(player, text, reply_markup=markup)
                self._turns[key] = sent.message_id
            else:
                await self._edit_text(player, message, text, markup)
            return
        if message is not None:
            del self._turns[key]
            text = t(lang, "play.played", move=played) if played else t(lang, "play.sent")
            await self._edit_text(player, message, text, None)

    def _turn_text(self, view: TableView, private: dict[str, Any], lang: str) -> str:
        left = "—" if view.deadline_at is None else time_left(round(view.deadline_at - self._now()))
        if private.get("phase") == "expose":
            return t(lang, "play.expose_title", time=left)
        return t(lang, "play.your_turn", time=left)

    # -- messages ------------------------------------------------------------------------------

    async def _show_photo(
        self, table: int, chat: int, purpose: str, picture: bytes, caption: str, repost: bool
    ) -> None:
        """Edits the chat's picture message of this purpose in place; sends a new one when there is
        none, it is gone, or `repost` asks for it at the bottom of the chat."""
        message = None if repost else await self._message_id(table, chat, purpose)
        if message is not None:
            try:
                media = InputMediaPhoto(picture, caption=caption)
                await self.bot.edit_message_media(media, chat_id=chat, message_id=message)
                return
            except BadRequest as error:
                if "not modified" in str(error).lower():
                    return
        sent = await self.bot.send_photo(chat, picture, caption=caption)
        await self._remember(table, chat, purpose, sent.message_id)

    async def _show_text(self, table: int, chat: int, purpose: str, text: str, markup: Any) -> None:
        message = await self._message_id(table, chat, purpose)
        if message is not None and await self._edit_text(chat, message, text, markup):
            return
        sent: Message = await self.bot.send_message(chat, text, reply_markup=markup)
        await self._remember(table, chat, purpose, sent.message_id)

    async def _edit_text(self, chat: int, message: int, text: str, markup: Any) -> bool:
        try:
            await self.bot.edit_message_text(text, chat_id=chat, message_id=message, reply_markup=markup)
        except BadRequest as error:
            return "not modified" in str(error).lower()
        return True

    async def _message_id(self, table: int, chat: int, purpose: str) -> int | None:
        async with self.services.referee.store.reading() as q:
            return await q.message(table, chat, purpose)

    async def _remember(self, table: int, chat: int, purpose: str, message: int) -> None:
        async with self.services.referee.store.transaction() as q:
            await q.save_message(table, chat, purpose, message)

    def _now(self) -> float:
        return self.services.referee.clock.now()


def _players(notice: Notice) -> set[int]:
    return {e.player for e in notice.events if isinstance(getattr(e, "player", None), int)}  # type: ignore[attr-defined]


def _hand_caption(view: TableView, private: dict[str, Any], names: list[str], lang: str) -> str:
    """The hand in engine notation on one line (copyable), then the public state."""
    turn = ", ".join(names[s] for s in view.to_act) or t(lang, "play.nobody")
    if view.game == "gouji":
        table = private.get("table") or t(lang, "play.empty")
        info = t(lang, "play.table_info", round=private.get("hand_no"), table=table, turn=turn)
    else:
        info = t(
            lang, "play.table_info_gz", round=private.get("deal_no"), trick=private.get("trick_no"), turn=turn
        )
    return f"{private['hand']}\n{info}"
