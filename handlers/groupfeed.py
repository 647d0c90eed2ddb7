"""What a group sees during play, paced to Telegram's limit of about 20 messages a minute in a
group (edits count too). Each table's news waits in a batch: announcement lines are merged into
one message, score sheets queue up, and the table message is edited once, to the latest state.
A batch with news goes out at once while the group has budget left, else when the budget
refills; a table that only moved is redrawn every few seconds at most. Nothing is dropped, only
merged; a busy table costs the group a message every few seconds at most. Each post hands back
its `Delivery`, done once the batch holding the news has gone out: a round's end stays owed in
the store until then, so an owner that dies while the sheet waits for the group's budget leaves
it to be told by the next."""

from __future__ import annotations

import asyncio
import math
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from engine.referee import Clock, Timer, abandoned, finished, kept
from handlers.limits import CAPTION_LIMIT, utf16_len

PER_MINUTE = 12  # with BURST, 16 in any minute: below Telegram's 20, so command replies still fit
EPSILON = 1e-6  # refilled "to 1" may fall short by a rounding error: never wait for that
BURST = 4  # a quiet group may spend this many at once (a hand's end: table, lines, sheet)
TABLE_EVERY = 8.0  # seconds between redraws of a table that only moved (no news to tell)
# Redraws of tables that only moved, a second, over all groups: beyond, each waits longer, so
# that many groups' redraws never take the budget the players' presses and hands need
REDRAWS_PER_SECOND = 8.0


Delivery = asyncio.Future[None]  # done when the batch went out (tried whole), or its group is gone


@dataclass
class Batch:
    """One table's news not yet in the group."""

    view: Any = None  # the latest TableView: the table message is edited to it
    lines: list[str] = field(default_factory=list)
    sheets: list[bytes] = field(default_factory=list)
    results: int = 0  # the last lines that tell the newest sheet's round end (its caption)
    delivery: Delivery | None = None  # handed to each post it holds: done once it went out

    def add(self, view: Any, lines: list[str], sheet: bytes | None, results: int = 0) -> None:
        self.view = view
        self.lines += lines
        if sheet is not None:  # its round's end is the caption's
            self.results = results
        elif lines:  # news after the sheet: the caption is the title alone
            self.results = 0
        if sheet is not None:
            self.sheets.append(sheet)


Send = Callable[[int, int, Batch], Awaitable[int]]  # (group, table, batch) sent; returns its calls


@dataclass
class _Group:
    tokens: float
    at: float
    batches: dict[int, Batch] = field(default_factory=dict)
    timer: Timer | None = None
    sending: bool = False
    shown_at: dict[int, float] = field(default_factory=dict)  # table → when its batch last went


def _done(delivery: Delivery | None) -> None:
    if delivery is not None and not delivery.done():
        delivery.set_result(None)


class GroupFeed:
    def __init__(
        self,
        clock: Clock,
        send: Send,
        per_minute: float = PER_MINUTE,
        burst: float = BURST,
        table_every: float = TABLE_EVERY,
    ) -> None:
        self.clock = clock
        self.send = send
        self.rate = per_minute / 60.0
        self.burst = burst
        self.table_every = table_every
        self._closing = False
        self._groups: dict[int, _Group] = {}
        self._sending: set[asyncio.Task[None]] = set()  # drains started by `post`

    async def post(
        self, group: int, table: int, view: Any, lines: list[str], sheet: bytes | None, results: int = 0
    ) -> Delivery:
        """Adds a table's news (`results`: how many of the last lines tell the sheet's round
        end); starts sending what is waiting if the group has budget for it (returns at once:
        see `idle`). Returns the waiting batch's delivery."""
        state = self._groups.setdefault(group, _Group(self.burst, self.clock.now()))
        batch = state.batches.setdefault(table, Batch())
        batch.add(view, lines, sheet, results)
        if batch.delivery is None:
            batch.delivery = asyncio.get_running_loop().create_future()
        delivery = batch.delivery
        news = bool(lines) or sheet is not None
        if state.sending or (state.timer is not None and not news):
            return delivery
        if state.timer is not None:  # news need not wait for a redraw's turn (the budget may)
            state.timer.cancel()
            state.timer = None
        # sent by a task of its own: the table's notice goes on to the players' hands and
        # keyboards at once, never waiting for the group's budget or Telegram's answer
        state.sending = True
        kept(asyncio.create_task(self._drain(group)), self._sending, "a group's news failed")
        return delivery

    async def idle(self) -> None:
        """Waits until the sends `post` started are over (the paced ones wait for their timer)."""
        await finished(self._sending)

    async def flush(self) -> None:
        """At shutdown: what waits goes out now, over budget if need be (the rate limiter still
        spaces it), and no timer is left to fire after the bot has gone."""
        self._closing = True
        await self.idle()
        for group, state in list(self._groups.items()):
            if state.timer is not None:
                state.timer.cancel()
            await self._drain(group)

    async def abandon(self) -> None:
        """At shutdown, after `flush` ran out of time: the sends still under way are cancelled,
        and so are the deliveries of what was not sent (its round's end stays owed)."""
        self._closing = True
        await abandoned(self._sending)
        for state in self._groups.values():
            for batch in state.batches.values():
                if batch.delivery is not None:
                    batch.delivery.cancel()

    def forget(self, group: int) -> None:
        """The group is gone (it removed the bot): what waits for it is dropped, its timer too."""
        state = self._groups.pop(group, None)
        if state is not None:
            for batch in state.batches.values():  # nothing is owed to a group that is gone
                _done(batch.delivery)
            state.batches.clear()  # a drain under way stops after its current batch
            if state.timer is not None:
                state.timer.cancel()

    def waiting(self, group: int) -> bool:
        state = self._groups.get(group)
        return bool(state and state.batches)

    async def _drain(self, group: int) -> None:
        state = self._groups.get(group)
        if state is None:  # forgotten meanwhile
            return
        state.timer = None
        state.sending = True
        try:
            while state.batches:
                self._refill(state)
                now = self.clock.now()
                table = min(state.batches, key=lambda t: self._ready_at(state, t))
                when = self._ready_at(state, table)
                if state.tokens < 1 - EPSILON:
                    when = max(when, now + (1 - state.tokens) / self.rate)
                if when > now and not self._closing:
                    state.timer = self.clock.call_at(max(when, now + EPSILON), lambda: self._drain(group))
                    return
                batch = state.batches.pop(table)
                state.shown_at[table] = now
                try:
                    calls = await self.send(group, table, batch)
                except asyncio.CancelledError:  # cut off at shutdown: its round's end stays owed
                    if batch.delivery is not None:
                        batch.delivery.cancel()
                    raise
                finally:  # tried whole, even when it failed (it would fail again)
                    _done(batch.delivery)
                state.tokens -= calls
        finally:
            state.sending = False

    def _ready_at(self, state: _Group, table: int) -> float:
        """News goes as soon as the budget allows; a table that only moved is redrawn at most
        every `table_every` seconds (spectators see it a little late, the group stays quiet)."""
        batch = state.batches[table]
        if batch.lines or batch.sheets:
            return -math.inf
        every = max(self.table_every, len(self._groups) / REDRAWS_PER_SECOND)
        return state.shown_at.get(table, -math.inf) + every

    def _refill(self, state: _Group) -> None:
        now = self.clock.now()
        state.tokens = min(self.burst, state.tokens + (now - state.at) * self.rate)
        state.at = now


def news_parts(batch: Batch, title: str) -> tuple[list[str], str]:
    """A batch's lines as a message of their own, and the text under the sheet's title. A sheet's
    caption tells the round's end (the result, the match's, the ratings): the plays before it go
    first, so that the caption opens with the end; a caption too long for Telegram says none."""
    if not batch.sheets:
        return batch.lines, ""
    told = batch.lines[: len(batch.lines) - batch.results]
    text = "\n".join(batch.lines[len(told) :])
    if utf16_len(f"{title}\n{text}") > CAPTION_LIMIT:
        return batch.lines, ""
    return told, text
