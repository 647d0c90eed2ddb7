"""What every handler shares: the referee, the callback signer, the bot's name, and players'
names and languages (kept in memory, backed by the store)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from telegram.helpers import create_deep_linked_url

from engine.referee import Referee, TableView, is_room
from handlers.callbacks import Signer
from handlers.i18n import DEFAULT, language, t
from render.clockface import time_left


@dataclass
class Player:
    name: str
    lang: str
    private_chat: bool
    quiet: bool = False  # the private chat keeps one short message per table (the Mini App's)
    username: str | None = None  # their @name as last seen (`/me @name` finds them by it)
    first_name: str | None = None  # what strangers at a quick table see of them


@dataclass
class Services:
    referee: Referee
    signer: Signer
    username: str = ""  # the bot's @name, known after getMe
    webapp_url: str | None = None  # the Mini App's page (WEBAPP_URL), when it is served
    webapp_name: str | None = None  # its short name (WEBAPP_NAME): links that open it directly
    players: dict[int, Player] = field(default_factory=dict)
    group_langs: dict[int, str | None] = field(default_factory=dict)  # read once, kept

    async def meet(self, user: Any) -> Player:
        """A Telegram user seen in an update: registered (or renamed) in the store."""
        name = user.full_name or user.username or str(user.id)
        username = getattr(user, "username", None)
        first = getattr(user, "first_name", None) or None
        known = await self.player(user.id)
        if known is None or (known.name, known.username, known.first_name) != (name, username, first):
            chosen = None if known is None else known.lang
            lang = language(chosen, getattr(user, "language_code", None))
            await self.referee.register_player(user.id, name, lang, username, first)
            known = Player(
                name,
                lang,
                known.private_chat if known else False,
                known.quiet if known else False,
                username,
                first,
            )
            self.players[user.id] = known
        return known

    async def player(self, player_id: int) -> Player | None:
        known = self.players.get(player_id)
        if known is None:
            row = await self.referee.player(player_id)
            if row is None:
                return None
            known = self.players[player_id] = Player(
                row.name, language(row.language), row.private_chat, row.quiet, row.username, row.first_name
            )
        return known

    async def lang_of(self, player_id: int | None) -> str:
        known = None if player_id is None else await self.player(player_id)
        return known.lang if known else DEFAULT

    async def set_lang(self, player_id: int, lang: str) -> None:
        await self.referee.set_language(player_id, lang)
        known = await self.player(player_id)
        if known:
            known.lang = lang

    async def set_quiet(self, player_id: int, quiet: bool) -> None:
        await self.referee.set_quiet(player_id, quiet)
        known = await self.player(player_id)
        if known:
            known.quiet = quiet

    async def quiet(self, player_id: int) -> bool:
        """The player's chat is kept quiet: only when the Mini App is served to take its place."""
        known = await self.player(player_id)
        return bool(self.webapp_url) and known is not None and known.quiet

    async def open_private_chat(self, player_id: int) -> None:
        await self.referee.set_private_chat(player_id, True)
        known = await self.player(player_id)
        if known:
            known.private_chat = True

    async def name_of(self, player_id: int, first: bool = False) -> str:
        """The player's name; `first`: their first name only (strangers at a room's table)."""
        known = await self.player(player_id)
        if known is None:
            return str(player_id)
        return (known.first_name or known.name.split(" ")[0]) if first else known.name

    async def seat_names(self, view: TableView, lang: str) -> list[str]:
        return await self.names_of([seat.player for seat in view.seats], lang, first=is_room(view.group_id))

    async def names_of(self, players: Sequence[int | None], lang: str, first: bool = False) -> list[str]:
        """Each seat's name: its player's, or a bot's with the seat's number (None: a bot)."""
        names = []
        for seat, player in enumerate(players):
            if player is None:
                names.append(f"{t(lang, 'lobby.seat_bot')} {seat + 1}")
            else:
                names.append(await self.name_of(player, first))
        return names

    @staticmethod
    def to_act(view: TableView, names: list[str], lang: str) -> str:
        """Who the table waits for, by name; in a window where who is asked is secret (an
        exposure), that everyone concerned decides at once."""
        if not view.to_act and view.status == "running" and view.deadline_at is not None:
            return t(lang, "play.together")
        return ", ".join(names[s] for s in view.to_act) or t(lang, "play.nobody")

    def time_left(self, view: TableView) -> str | None:
        """The time left until the table's deadline, as people read it; None without one."""
        if view.deadline_at is None:
            return None
        return time_left(round(view.deadline_at - self.referee.now()))

    async def group_lang(self, view: TableView) -> str:
        """A table's group messages speak the group's language (`/lang` in the group), else
        its creator's."""
        chosen = await self.chosen_lang(view.group_id)
        return chosen or await self.lang_of(view.creator)

    async def chosen_lang(self, group: int) -> str | None:
        """The language a group chose with `/lang` (None: none chosen), read once."""
        if group not in self.group_langs:
            self.group_langs[group] = await self.referee.group_language(group)
        chosen = self.group_langs[group]
        return language(chosen) if chosen else None

    async def chat_lang(self, chat: int, speaker: str) -> str:
        """What a reply in this chat speaks (one group's replies came in each sender's
        language): in a group, the group's (`/lang` there), else its newest table's, else the
        speaker's, as in a private chat."""
        if chat > 0:
            return speaker
        chosen = await self.chosen_lang(chat)
        if chosen:
            return chosen
        tables = sorted(self.referee.tables_in(chat), key=lambda view: view.id)
        return await self.group_lang(tables[-1]) if tables else speaker

    async def set_group_lang(self, group: int, lang: str) -> None:
        await self.referee.set_group_language(group, lang)
        self.group_langs[group] = lang

    def deep_link(self, payload: str) -> str:
        return create_deep_linked_url(self.username, payload)
