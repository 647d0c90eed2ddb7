"""Telegram's budget spent where players feel it: python-telegram-bot's rate limiter
seam (`BaseRateLimiter`), with priorities `AIORateLimiter` cannot give.

Every call waits for a token of the bot's overall budget (about 30 calls a second); calls in a
group also for room in that group's window (Telegram's 20 messages in any minute: a bucket,
burst 5 then one every 4 s, made the sixth of 13 commands typed a second
apart wait 20 s; a window lets a lobby's burst through at once and still never floods).
Waiting calls go in priority order: answering a press first, then private chats (the hand and
keyboard of the player whose turn it is), then the rest, then replies in groups, then the
players' housekeeping, each passed over only for a few seconds at most (`PATIENCE`: a lobby
being opened must never starve behind the private traffic of the tables already playing); the
groups' feed goes last, however long it waits, since it merges what piles up meanwhile and
drops nothing. In a group's full window, its waiting calls go in the same order.

A call Telegram refuses for a moment is tried again: after a `429 retry_after` the whole bot
pauses as long as asked (the flood limit is the bot's, not the chat's; with `REDIS_URL`, every
process of the bot pauses, as each takes its turns from one shared budget: `sharedlimits`); a
server error or a broken connection is tried again after a short back-off. A timed-out send is
not, since it may have arrived (a second copy would be worse than a missing one, which the
referee forgives)."""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import heapq
import itertools
import logging
import time
from collections import deque
from collections.abc import Awaitable, Callable, Coroutine, Iterator, Sequence
from datetime import timedelta
from typing import Any

from telegram.error import BadRequest, NetworkError, RetryAfter, TelegramError, TimedOut
from telegram.ext import BaseRateLimiter

from handlers.sharedlimits import SharedBudget

log = logging.getLogger(__name__)

# Priorities, first served first: answering a press; a private message by default (the hand and
# keyboard of the player whose turn it is); any other call; a group's by default (a command's
# reply, a lobby); the players' housekeeping (a replaced hand message deleted: `TIDY`); replies
# to commands in private chats (`CHATTER`: /help, /stats, which a crowd can send by thousands);
# the groups' feed of redraws and news (`FEED`, merged meanwhile).
PRESS, PRIVATE, OTHER, GROUP, TIDY, CHATTER, FEED = range(7)
# Waiting calls go in four classes: answers to presses first (a player's pace bounds them),
# then every other call but the chatter's and the feed's, then the chatter (2,000
# strangers' /help took 80 s of the budget, and every table's messages waited behind them), then
# the feed, however long it waits (what piles up meanwhile is merged, never lost). Within the
# middle class calls go in the order of arrival +
# patience: a keyboard goes before a group's reply that came up to 1.75 s earlier, but none
# starves (at 200 tables the players' private traffic alone could take the whole budget, and the
# lobbies being opened, and the tables waiting on them, never went on).
PATIENCE = {PRIVATE: 0.25, OTHER: 1.0, GROUP: 2.0, TIDY: 5.0}
_CLASS = {PRESS: 0, CHATTER: 2, FEED: 3}  # the rest: 1
_AT: contextvars.ContextVar[int | None] = contextvars.ContextVar("priority", default=None)
# A bucket lets `burst + rate × window` calls through in any window: kept within Telegram's
# limit of 30 in any second, so its 429s are the exception
PER_SECOND = 25.0
BURST = 5.0
# Messages to one group in any `GROUP_WINDOW` seconds: Telegram's 20 a minute, less two for
# the clocks' skew and the way to Telegram (a slot is counted when granted, not when it lands)
GROUP_PER_MINUTE = 18
GROUP_WINDOW = 61.0
BACKOFF = (0.5, 1.5, 4.0)  # seconds before each retry of a failed call
MAX_PAUSE = 60.0  # a retry_after beyond this is not waited for: the call fails
# calls that only read what Telegram knows of a chat: Telegram's per-group limit is on messages
# sent to the group, so these wait for the bot's budget only (an outsider's page asking whether
# they may watch must never spend the group's messages)
READS = frozenset({"getChatMember", "getChat", "getChatAdministrators", "getChatMemberCount"})
# calls that may be repeated safely when their answer timed out (they change nothing twice)
IDEMPOTENT = frozenset(
    {
        "answerCallbackQuery",
        "editMessageText",
        "editMessageCaption",
        "editMessageMedia",
        "editMessageReplyMarkup",
        "deleteMessage",
        "deleteMessages",
        "getChatMember",
        "getChat",
        "getMe",
        "setMyCommands",
    }
)

Sleep = Callable[[float], Awaitable[None]]
Later = Callable[[float, Callable[[], None]], Any]  # runs a callback after a delay; its handle cancels


def _call_later(delay: float, callback: Callable[[], None]) -> asyncio.TimerHandle:
    return asyncio.get_running_loop().call_later(delay, callback)


class Dropped(TelegramError):
    """A reply to chatter not sent: the bot is stopping (a crowd's 2,000 /help replies would
    hold a SIGTERM for 80 s)."""

    def __init__(self) -> None:
        super().__init__("not sent: the bot is stopping")


def _seconds(error: RetryAfter) -> float:
    """How long Telegram asked to wait (read without PTB's deprecated int-or-timedelta property)."""
    wait: timedelta = error._retry_after
    return wait.total_seconds()


@contextlib.contextmanager
def calls_at(priority: int) -> Iterator[None]:
    """The calls made inside (in this task, and tasks it starts) wait at `priority`, whatever
    their chat; a press's answer still goes first."""
    token = _AT.set(priority)
    try:
        yield
    finally:
        _AT.reset(token)


def priority_of(endpoint: str, data: dict[str, Any]) -> int:
    if endpoint == "answerCallbackQuery":
        return PRESS
    chosen = _AT.get()
    if chosen is not None:
        return chosen
    chat = _chat_of(data)
    if chat is None:
        return OTHER
    return PRIVATE if chat > 0 else GROUP


def _chat_of(data: dict[str, Any]) -> int | None:
    try:
        return int(data["chat_id"])
    except (KeyError, TypeError, ValueError):  # no chat, or a channel's @name
        return None


class _Bucket:
    """Tokens refilled at `rate` a second up to `burst`."""

    __slots__ = ("at", "burst", "rate", "tokens")

    def __init__(self, rate: float, burst: float, now: float) -> None:
        self.rate, self.burst, self.tokens, self.at = rate, burst, burst, now

    def refill(self, now: float) -> None:
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now

    def wait(self, now: float) -> float:
        """Seconds until a token is there (0 when one is)."""
        self.refill(now)
        return 0.0 if self.tokens >= 1 else (1 - self.tokens) / self.rate


class _Window:
    """When the last messages to a group went, and the calls waiting for room there (by
    priority, then arrival: a lobby's edit before the feed's redraw)."""

    __slots__ = ("sent", "size", "span", "timer", "waiting")

    def __init__(self, size: float, span: float) -> None:
        self.size, self.span = size, span
        self.sent: deque[float] = deque()
        self.waiting: list[tuple[int, int, asyncio.Future[None]]] = []
        self.timer: Any = None

    def free_at(self, now: float) -> float:
        """When one more message may go (`now` when it may now)."""
        while self.sent and self.sent[0] <= now - self.span:
            self.sent.popleft()
        return now if len(self.sent) < self.size else self.sent[0] + self.span


class PriorityRateLimiter(BaseRateLimiter[int]):
    """`rate_limit_args`, when a call passes one, is its priority (else it is read from the call)."""

    def __init__(
        self,
        per_second: float = PER_SECOND,
        burst: float = BURST,
        group_per_minute: float = GROUP_PER_MINUTE,
        group_window: float = GROUP_WINDOW,
        backoff: Sequence[float] = BACKOFF,
        sleep: Sleep = asyncio.sleep,
        now: Callable[[], float] = time.monotonic,
        later: Later = _call_later,
        shared: SharedBudget | None = None,
    ) -> None:
        """`sleep`, `now` and `later` are time's seams: tests drive them from a manual clock.
        `shared`: the bot token's budget in Redis, which every process of the bot takes its
        turns from after its own (`handlers.sharedlimits`)."""
        self.backoff, self.sleep, self.now, self.later = tuple(backoff), sleep, now, later
        self.shared = shared
        self._bucket = _Bucket(per_second, burst, now())
        self._group_size, self._group_window = group_per_minute, group_window
        self._groups: dict[int, _Window] = {}
        # (its class, when it is due, arrival order, its future): see `_turn`
        self._waiting: list[tuple[int, float, int, asyncio.Future[None]]] = []
        self._order = itertools.count()
        self._timer: Any = None  # `later`'s handle
        self._resumed = asyncio.Event()  # cleared while Telegram has asked the bot to wait
        self._resumed.set()
        self.retried = 0  # calls tried again (for the log and the benchmarks)
        self.chatter_dropped = False  # the bot is stopping: replies to chatter are not sent

    async def initialize(self) -> None:
        pass

    def short(self) -> bool:
        """Whether the calls that would go before a player's message take more than a second of
        the budget (the players' messages then take the cheaper way: an edit rather than a new
        message). The chatter and the groups' feed wait behind them, so their backlog does not count."""
        ahead = sum(1 for kind, *_, waiter in self._waiting if kind < _CLASS[CHATTER] and not waiter.done())
        return ahead > self._bucket.rate

    def drop_chatter(self) -> None:
        """From now on replies to chatter fail at once with `Dropped`, those waiting too: the
        bot is stopping, and what players are owed goes first within its bounded flush."""
        self.chatter_dropped = True
        for kind, *_, waiter in self._waiting:
            if kind == _CLASS[CHATTER] and not waiter.done():
                waiter.set_exception(Dropped())

    async def shutdown(self) -> None:
        if self.shared is not None:
            await self.shared.close()
        if self._timer is not None:
            self._timer.cancel()
        for *_, waiter in self._waiting:
            waiter.cancel()
        self._waiting.clear()
        for window in self._groups.values():
            if window.timer is not None:
                window.timer.cancel()
            for *_, waiter in window.waiting:
                waiter.cancel()
        self._groups.clear()

    async def process_request(
        self,
        callback: Callable[..., Coroutine[Any, Any, bool | dict[str, Any] | list[dict[str, Any]]]],
        args: Any,
        kwargs: dict[str, Any],
        endpoint: str,
        data: dict[str, Any],
        rate_limit_args: int | None,
    ) -> bool | dict[str, Any] | list[dict[str, Any]]:
        priority = priority_of(endpoint, data) if rate_limit_args is None else rate_limit_args
        if priority == CHATTER and self.chatter_dropped:
            raise Dropped()
        chat = _chat_of(data)
        # a group's budget too, for what is sent there
        group = chat if chat is not None and chat < 0 and endpoint not in READS else None
        attempt = 0
        while True:
            if group is not None:
                await self._group_turn(group, priority)
            await self._turn(priority)
            if self.shared is not None:
                await self._shared_turn(group)
            try:
                return await callback(*args, **kwargs)
            except RetryAfter as error:
                pause = _seconds(error)
                if self.shared is not None:  # every process waits, not only this one
                    await self.shared.pause(min(pause, MAX_PAUSE))
                if attempt >= len(self.backoff) or pause > MAX_PAUSE:
                    raise
                await self._pause(pause)
            except BadRequest:  # Telegram refused the call itself: the same call fails again
                raise
            except TimedOut:
                if endpoint not in IDEMPOTENT or attempt >= len(self.backoff):
                    raise
                await self.sleep(self.backoff[attempt])
            except NetworkError:  # a 5xx, a broken connection: Telegram did not take the call
                if attempt >= len(self.backoff):
                    raise
                await self.sleep(self.backoff[attempt])
            attempt += 1
            self.retried += 1
            log.info("%s tried again (%d)", endpoint, attempt)

    # -- the budget ---------------------------------------------------------------------------

    async def _pause(self, seconds: float) -> None:
        """Telegram asked the bot to wait: no call goes before then (calls refused meanwhile
        wait for the same end, they do not add their pauses up)."""
        if not self._resumed.is_set():
            await self._resumed.wait()
            return
        self._resumed.clear()
        try:
            await self.sleep(seconds)
        finally:
            self._bucket.refill(self.now())
            self._resumed.set()
            if self._timer is None:  # the calls that queued meanwhile go on
                self._release()

    async def _shared_turn(self, group: int | None) -> None:
        """Waits until the token's budget, shared by every process, has room for this call."""
        assert self.shared is not None
        while (wait := await self.shared.turn(group)) > 0:
            await self.sleep(min(wait, MAX_PAUSE))  # then asks again: Redis says what holds now

    async def _group_turn(self, group: int, priority: int) -> None:
        window = self._groups.get(group)
        if window is None:
            window = self._groups[group] = _Window(self._group_size, self._group_window)
        now = self.now()
        if not window.waiting and window.free_at(now) <= now:
            window.sent.append(now)
            return
        waiter: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        heapq.heappush(window.waiting, (priority, next(self._order), waiter))
        if window.timer is None:
            self._group_release(window)
        await waiter

    def _group_release(self, window: _Window) -> None:
        """Lets the group's first waiters go while its window has room; comes back when it will."""
        window.timer = None
        now = self.now()
        while window.waiting:
            if window.waiting[0][-1].done():  # its caller went away
                heapq.heappop(window.waiting)
                continue
            if window.free_at(now) > now:
                break
            heapq.heappop(window.waiting)[-1].set_result(None)
            window.sent.append(now)
        if window.waiting:
            delay = max(window.free_at(now) - now, 0.001)
            window.timer = self.later(delay, lambda: self._group_release(window))

    async def _turn(self, priority: int) -> None:
        if not self._resumed.is_set():
            await self._resumed.wait()
        if not self._waiting and self._take():
            return
        waiter: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        due = self.now() + PATIENCE.get(priority, PATIENCE[OTHER])
        heapq.heappush(self._waiting, (_CLASS.get(priority, 1), due, next(self._order), waiter))
        if self._timer is None:  # else the timer lets it go when a token is there
            self._release()
        await waiter

    def _take(self) -> bool:
        if self._bucket.wait(self.now()) > 0:
            return False
        self._bucket.tokens -= 1
        return True

    def _release(self) -> None:
        """Lets the first waiters go while there are tokens; comes back when the next is due.
        While Telegram has asked the bot to wait, nobody goes: the pause's end calls it again."""
        self._timer = None
        if not self._resumed.is_set():
            return
        while self._waiting:
            if self._waiting[0][-1].done():  # its caller went away (a cancelled task)
                heapq.heappop(self._waiting)
                continue
            if not self._take():
                break
            heapq.heappop(self._waiting)[-1].set_result(None)
        if self._waiting:
            delay = max(self._bucket.wait(self.now()), 0.001)
            self._timer = self.later(delay, self._release)


def never_waiting(sleep: Sleep | None = None) -> PriorityRateLimiter:
    """A limiter for a local Bot API server in tests: no budget to wait for; retries and
    Telegram's pauses go through `sleep` (by default none: a test never sleeps)."""
    return PriorityRateLimiter(1e9, 1e9, 1e12, 1.0, (0.0, 0.0, 0.0), sleep or _no_sleep)


async def _no_sleep(seconds: float) -> None:
    await asyncio.sleep(0)
