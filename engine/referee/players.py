"""Who plays and where: players (name, language, private chat) and groups (language, each
game's defaults for new tables, who asked to be told when a table opens there)."""

from __future__ import annotations

from engine.errors import Refused
from engine.games import GAMES
from engine.referee.core import RefereeCore
from engine.referee.lobby import checked_rules, checked_time

NOTIFY_GAP = 3600.0  # seconds: at most one "a table opened" word a person an hour, whichever group


class Players:
    def __init__(self, core: RefereeCore) -> None:
        self.core = core

    async def register_player(
        self,
        player: int,
        name: str,
        language: str | None = None,
        username: str | None = None,
        first_name: str | None = None,
    ) -> None:
        async with self.core.store.transaction() as q:
            await q.save_player(player, name, language, self.core.clock.now(), username, first_name)

    async def set_private_chat(self, player: int, is_open: bool) -> None:
        async with self.core.store.transaction() as q:
            await q.set_private_chat(player, is_open)

    async def set_quiet(self, player: int, quiet: bool) -> None:
        """Whether the player's private chat is kept to one message per table (the Mini App)."""
        async with self.core.store.transaction() as q:
            await q.set_player_quiet(player, quiet)

    async def set_language(self, player: int, language: str) -> None:
        async with self.core.store.transaction() as q:
            await q.set_player_language(player, language)

    async def set_group_language(self, group: int, language: str) -> None:
        """The language of the group's messages (its tables' lobby, table and announcements)."""
        async with self.core.store.transaction() as q:
            settings = await q.group_or_new(group)
            await q.set_group_settings(group, settings.defaults, settings.many_tables, language)

    async def register_group(self, group: int, title: str = "") -> None:
        async with self.core.store.transaction() as q:
            await q.save_group(group, title)

    async def set_group_defaults(
        self, group: int, game: str, options: dict[str, str], time_control: str | None = None
    ) -> tuple[dict[str, object], str | None]:
        """What the group's new tables of this game start with (checked now, not at opening):
        the rules they make and the time control's label, as stored."""
        kind = GAMES.get(game)
        if kind is None:
            raise Refused("unknown_game", game=game, games=", ".join(GAMES))
        rules = checked_rules(kind.rules_type, options)
        chosen = dict(options) | ({"time": checked_time(time_control).label} if time_control else {})
        async with self.core.store.transaction() as q:
            settings = await q.group_or_new(group)
            defaults = settings.defaults | {game: chosen}
            await q.set_group_settings(group, defaults, settings.many_tables, settings.language)
        return rules.to_dict(), chosen.get("time")

    async def set_notified(self, group: int, player: int, wanted: bool | None = None) -> bool:
        """Whether the player is told privately when a table opens in the group with free seats
        (`wanted` None: the other way round from now); what it is now."""
        async with self.core.store.transaction() as q:
            now = not await q.is_notified(group, player) if wanted is None else wanted
            await q.set_notified(group, player, now)
        return now

    async def to_notify(self, group: int, opener: int | None) -> list[int]:
        """The people to tell, now, that a table opened in the group (never its opener): those
        who asked and were told of no table in the last `NOTIFY_GAP` seconds, marked told."""
        async with self.core.store.transaction() as q:
            return await q.due_notices(group, self.core.clock.now(), NOTIFY_GAP, opener)
