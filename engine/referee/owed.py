"""What the groups are owed: a change that ends a round or the match is told with its
score sheet, its result and the rating changes, and a crash between the commit and the telling
lost them for good (the file held the match ended and rated; the group never heard). Such a
notice is written, pickled, in the transaction of the change; the outbox deletes it once it has
been told whole, the part paced by a group's budget (its score sheet) included; a restart tells
what is still owed, oldest first. Its players' messages (their results) go out before the
group's part, and the row notes when they have: told again, such a notice tells the group only.
So a crash repeats a message only when it falls between a message's sending and its mark."""

from __future__ import annotations

import contextlib
import dataclasses
import logging
import pickle
from collections.abc import Awaitable, Callable, Sequence

from data.queries import Queries
from data.store import Store, StoreError
from engine.errors import Refused
from engine.events import Event
from engine.referee.notifier import Notice, ends_round

log = logging.getLogger(__name__)


def owing(events: Sequence[Event]) -> bool:
    """Whether a change's notice must survive a crash: it ends a round or the match."""
    return any(ends_round(event) for event in events)


async def owe(q: Queries, notice: Notice) -> int:
    """Records the notice in the change's own transaction; returns its id, for `Notice.owed`."""
    return await q.owe(notice.table.id, pickle.dumps(notice, protocol=pickle.HIGHEST_PROTOCOL))


def teller(store: Store) -> Callable[[int], Awaitable[None]]:
    """What the outbox calls once an owed notice has been told: it is owed no more."""

    async def told(owed_id: int) -> None:
        try:
            async with store.transaction() as q:
                await q.told(owed_id)
        except StoreError as error:  # told again after a restart: a repeat, not a loss
            log.warning("a told notice is still marked owed: %s", error)

    return told


def private_teller(store: Store) -> Callable[[int], Awaitable[None]]:
    """What the outbox calls once an owed notice's players have been told and its group's part
    waits for the group's budget: told again, it tells the group only."""

    async def told_privately(owed_id: int) -> None:
        try:
            async with store.transaction() as q:
                await q.told_privately(owed_id)
        except StoreError as error:  # told again after a restart: its players' messages repeat
            log.warning("an owed notice's players' part is not marked told: %s", error)

    return told_privately


async def still_owed(store: Store) -> list[Notice]:
    """The notices a crash left untold, oldest first, each with its `owed` id. One this version
    of the bot cannot read (written by another) is dropped with a warning."""
    async with store.reading() as q:
        rows = await q.owed()
    notices, told = [], teller(store)
    for owed_id, blob, told_privately in rows:
        try:
            notice = pickle.loads(blob)
            if not isinstance(notice, Notice):
                raise TypeError(f"not a notice: {type(notice).__name__}")
        except Exception as error:
            log.warning("an owed notice cannot be read and is dropped: %r", error)
            await told(owed_id)
            continue
        notices.append(dataclasses.replace(notice, owed=owed_id, told_privately=told_privately))
    return notices


async def tell_owed(
    store: Store, load: Callable[[int], Awaitable[object]], put: Callable[[Notice], Awaitable[None]]
) -> int:
    """At recovery: every notice still owed goes to the outbox, its table loaded first (a
    finished table's score sheet reads its match). Returns how many."""
    notices = await still_owed(store)
    for notice in notices:
        with contextlib.suppress(Refused):  # a stopped table is not loaded: its notice still goes
            await load(notice.table.id)
        await put(notice)
    return len(notices)
