"""The bot's messages that live on: their ids are kept in the store (a restarted bot goes on
editing them), and a picture already uploaded is sent again by its Telegram file id, not as bytes."""

from __future__ import annotations

import contextlib
import hashlib
from collections import OrderedDict
from typing import Any

from telegram import InputMediaPhoto, Message
from telegram.error import BadRequest, TelegramError

from data.store import Store

FILE_IDS = 2048  # pictures remembered; a hand changes with each play, so old ones go first


def _not_modified(error: BadRequest) -> bool:
    return "not modified" in str(error).lower()


class Messages:
    def __init__(self, store: Store) -> None:
        self.store = store
        self.bot: Any = None  # telegram.Bot, set when the application starts
        self._file_ids: OrderedDict[bytes, str] = OrderedDict()
        # (table, chat, purpose) → message id, None when known to have none: the store's rows,
        # read once, so a notice does not cost every player two reads
        self._ids: dict[tuple[int, int, str], int | None] = {}

    # -- which message is which -------------------------------------------------------------------

    async def id(self, table: int, chat: int, purpose: str) -> int | None:
        key = (table, chat, purpose)
        if key not in self._ids:  # read once; this process is the file's only writer
            async with self.store.reading() as q:
                self._ids[key] = await q.message(table, chat, purpose)
        return self._ids[key]

    async def remember(self, table: int, chat: int, purpose: str, message: int) -> None:
        async with self.store.transaction() as q:
            await q.save_message(table, chat, purpose, message)
        self._ids[(table, chat, purpose)] = message

    async def forget(self, table: int, chat: int, purpose: str) -> None:
        async with self.store.transaction() as q:
            await q.forget_message(table, chat, purpose)
        self._ids[(table, chat, purpose)] = None

    # -- pictures ----------------------------------------------------------------------------------

    def _photo(self, picture: bytes) -> tuple[bytes, bytes | str]:
        digest = hashlib.blake2b(picture, digest_size=16).digest()
        known = self._file_ids.get(digest)
        if known is not None:
            self._file_ids.move_to_end(digest)
        return digest, known or picture

    def _learn(self, digest: bytes, message: Message | bool) -> None:
        photo = getattr(message, "photo", None)
        if photo:
            self._file_ids[digest] = photo[-1].file_id
            while len(self._file_ids) > FILE_IDS:
                self._file_ids.popitem(last=False)

    async def send_photo(
        self, chat: int, picture: bytes, caption: str, markup: Any = None, quiet: bool = False
    ) -> int:
        """`quiet`: delivered without a notification (nothing for the player to do yet)."""
        digest, photo = self._photo(picture)
        sent = await self.bot.send_photo(
            chat, photo, caption=caption, reply_markup=markup, disable_notification=quiet
        )
        self._learn(digest, sent)
        return sent.message_id

    async def edit_photo(
        self, chat: int, message: int, picture: bytes, caption: str, markup: Any = None
    ) -> bool:
        """Replaces the picture and caption; False when the message is gone."""
        digest, photo = self._photo(picture)
        try:
            edited = await self.bot.edit_message_media(
                InputMediaPhoto(photo, caption=caption), chat_id=chat, message_id=message, reply_markup=markup
            )
        except BadRequest as error:
            return _not_modified(error)
        self._learn(digest, edited)
        return True

    async def edit_caption(self, chat: int, message: int, caption: str, markup: Any = None) -> bool:
        try:
            await self.bot.edit_message_caption(
                chat_id=chat, message_id=message, caption=caption, reply_markup=markup
            )
        except BadRequest as error:
            return _not_modified(error)
        return True

    async def show_photo(
        self,
        table: int,
        chat: int,
        purpose: str,
        picture: bytes,
        caption: str,
        repost: bool = False,
        markup: Any = None,
    ) -> None:
        """Edits the chat's picture message of this purpose in place; sends a new one when there
        is none, it is gone, or `repost` asks for it at the bottom of the chat."""
        message = None if repost else await self.id(table, chat, purpose)
        if message is not None and await self.edit_photo(chat, message, picture, caption, markup):
            return
        await self.remember(table, chat, purpose, await self.send_photo(chat, picture, caption, markup))

    # -- text ----------------------------------------------------------------------------------------

    async def edit_text(self, chat: int, message: int, text: str, markup: Any = None) -> bool:
        try:
            await self.bot.edit_message_text(text, chat_id=chat, message_id=message, reply_markup=markup)
        except BadRequest as error:
            return _not_modified(error)
        return True

    async def send_text(self, chat: int, text: str, markup: Any = None, quiet: bool = False) -> int:
        """`quiet`: delivered without a notification."""
        sent = await self.bot.send_message(chat, text, reply_markup=markup, disable_notification=quiet)
        return int(sent.message_id)

    async def show_text(self, table: int, chat: int, purpose: str, text: str, markup: Any = None) -> None:
        message = await self.id(table, chat, purpose)
        if message is not None and await self.edit_text(chat, message, text, markup):
            return
        sent = await self.bot.send_message(chat, text, reply_markup=markup)
        await self.remember(table, chat, purpose, sent.message_id)

    async def delete(self, chat: int, messages: list[int]) -> None:
        """Deletes the bot's messages (one call for up to 100). One Telegram will not delete (too
        old, already gone) at least loses its keyboard, so no stale button is left to press."""
        if not messages:
            return
        try:
            await self.bot.delete_messages(chat, messages[:100])
        except TelegramError:
            for message in messages:
                await self.remove_keyboard(chat, message)

    async def remove_keyboard(self, chat: int, message: int) -> None:
        with contextlib.suppress(BadRequest):  # gone, or no keyboard any more: none is left either way
            await self.bot.edit_message_reply_markup(chat_id=chat, message_id=message, reply_markup=None)
