"""Rooms: where tables that belong to no Telegram group are kept. A table's `group_id` names its
group; a room's id is one no Telegram chat can have (Telegram's ids fit in 52 bits), so a room
is never written to, asked about its members, or mistaken for a group.

The quick room holds the tables `/quick` seats people at; it is also the quick league's scope.
The daily room holds each player's table of the day's deal (`/daily`), never rated."""

from __future__ import annotations

from data.queries import Queries

ROOM_BASE = -(1 << 53)  # below every Telegram chat id
QUICK = ROOM_BASE - 1
DAILY = ROOM_BASE - 2
BARRED_FOR = 1800.0  # seconds the quick pool skips a player who timed out into autopilot there


def is_room(group_id: int) -> bool:
    """Whether a table's group is a room: no chat, its players told in their private chats."""
    return group_id <= ROOM_BASE


async def ensure_room(q: Queries, room: int) -> None:
    """The room's row in the store: tables at once without number, in the default language."""
    found = await q.group_or_new(room)
    if not found.many_tables:
        await q.set_group_settings(room, {}, True, None)
