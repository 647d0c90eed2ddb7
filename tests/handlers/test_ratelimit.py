"""The rate limiter: a press is answered before private messages, private messages go
before the groups' redraws, and a call Telegram refuses for a moment is tried again."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from telegram.error import BadRequest, NetworkError, RetryAfter, TimedOut

from handlers.ratelimit import (
    CHATTER,
    FEED,
    GROUP,
    PATIENCE,
    PRESS,
    PRIVATE,
    TIDY,
    PriorityRateLimiter,
    calls_at,
    priority_of,
)


class Sleeps:
    def __init__(self) -> None:
        self.asked: list[float] = []

    async def __call__(self, seconds: float) -> None:
        self.asked.append(seconds)
        await asyncio.sleep(0)


def failing(*errors: Exception) -> Any:
    """A Bot API call that fails with these errors, one per try, then succeeds."""
    left = list(errors)
    tries: list[int] = []

    async def call() -> bool:
        tries.append(1)
        if left:
            raise left.pop(0)
        return True

    call.tries = tries  # type: ignore[attr-defined]
    return call


async def through(limiter: PriorityRateLimiter, call: Any, endpoint: str, chat: int = 5) -> Any:
    return await limiter.process_request(call, (), {}, endpoint, {"chat_id": chat}, None)


def recording(order: list[str], name: str) -> Any:
    """A call that notes, in `order`, that it went."""

    async def call() -> bool:
        order.append(name)
        return True

    return call


async def one_token_a_second(limiter: PriorityRateLimiter, now: list[float], waiting: list[Any]) -> None:
    """Lets the waiting calls go: as many seconds as there are calls, a token each."""
    await asyncio.sleep(0)
    for _ in waiting:
        now[0] += 1.0
        limiter._release()
        await asyncio.sleep(0)
    await asyncio.gather(*waiting)


def test_priorities_follow_what_players_feel() -> None:
    assert priority_of("answerCallbackQuery", {"callback_query_id": "1"}) == PRESS
    assert priority_of("sendPhoto", {"chat_id": 501}) == PRIVATE
    assert priority_of("editMessageMedia", {"chat_id": "-100500"}) == GROUP
    assert PRESS < PRIVATE < GROUP < TIDY < FEED
    with calls_at(FEED):
        assert priority_of("editMessageMedia", {"chat_id": "-100500"}) == FEED
        assert priority_of("answerCallbackQuery", {"callback_query_id": "1"}) == PRESS
    assert priority_of("editMessageMedia", {"chat_id": "-100500"}) == GROUP


async def test_housekeeping_and_the_feed_wait_behind_a_groups_reply() -> None:
    """At 200 tables the private traffic of the tables already playing starved the
    groups, so lobbies being opened never appeared; deleting a replaced hand message and the
    group feed's redraws are what wait, in that order."""
    now = [0.0]
    limiter = PriorityRateLimiter(per_second=1, burst=3, group_per_minute=1e6, now=lambda: now[0])
    for _ in range(3):  # the budget is spent
        await through(limiter, failing(), "sendMessage")
    order: list[str] = []

    async def call(name: str, endpoint: str, chat: int, priority: int | None = None) -> None:
        if priority is None:
            await through(limiter, recording(order, name), endpoint, chat)
            return
        with calls_at(priority):
            await through(limiter, recording(order, name), endpoint, chat)

    waiting = [
        asyncio.create_task(call("feed", "editMessageMedia", -100, FEED)),
        asyncio.create_task(call("tidy", "deleteMessages", 7, TIDY)),
        asyncio.create_task(call("lobby", "sendMessage", -200)),
        asyncio.create_task(call("keyboard", "sendPhoto", 8)),
    ]
    await one_token_a_second(limiter, now, waiting)
    assert order == ["keyboard", "lobby", "tidy", "feed"]
    await limiter.shutdown()


class Timers:
    """`later` on a manual clock: callbacks run when the test moves time past them."""

    def __init__(self) -> None:
        self.now = 0.0
        self.due: list[tuple[float, Any]] = []

    def later(self, delay: float, callback: Any) -> Any:
        entry = (self.now + delay, callback)
        self.due.append(entry)
        timers = self

        class Handle:
            def cancel(self) -> None:
                if entry in timers.due:
                    timers.due.remove(entry)

        return Handle()

    async def run_to(self, when: float) -> None:
        """Moves time to `when`, running each callback due on the way, in time order."""
        while True:
            await asyncio.sleep(0)
            ready = sorted((d for d in self.due if d[0] <= when), key=lambda d: d[0])
            if not ready:
                break
            self.due.remove(ready[0])
            self.now = max(self.now, ready[0][0])
            ready[0][1]()
        self.now = when
        for _ in range(3):
            await asyncio.sleep(0)


def group_window(size: int, span: float = 60.0) -> tuple[PriorityRateLimiter, Timers]:
    """A limiter whose groups may take `size` messages in any `span` seconds (the bot's budget
    unbounded), on a clock the test moves."""
    timers = Timers()
    limiter = PriorityRateLimiter(
        per_second=1e6, burst=1e6, group_per_minute=size, group_window=span,
        now=lambda: timers.now, later=timers.later,
    )  # fmt: skip
    return limiter, timers


async def test_a_groups_burst_goes_at_once_up_to_its_window_and_the_next_waits_for_the_oldest() -> None:
    """13 commands a second apart got their replies one every 4 s after the fifth
    (a bucket); Telegram counts messages in any minute, so a quiet group's burst goes at once."""
    limiter, timers = group_window(size=18)
    for second in range(18):
        timers.now = float(second)
        await asyncio.wait_for(through(limiter, failing(), "sendMessage", -100), 0.1)  # no wait
    timers.now = 20.0
    late = asyncio.create_task(through(limiter, failing(), "sendMessage", -100))
    other = await asyncio.wait_for(through(limiter, failing(), "sendMessage", -200), 0.1)  # its own
    assert other is True
    await timers.run_to(59.5)
    assert not late.done()  # 18 went within the last minute
    await timers.run_to(60.0)  # the first of them is a minute old
    assert late.done()
    await limiter.shutdown()


async def test_in_a_full_window_a_commands_reply_goes_before_the_feed_that_waited_longer() -> None:
    limiter, timers = group_window(size=1)
    await through(limiter, failing(), "sendMessage", -100)
    order: list[str] = []

    async def feed() -> None:
        with calls_at(FEED):
            await through(limiter, recording(order, "feed"), "editMessageMedia", -100)

    waiting = [asyncio.create_task(feed())]
    await asyncio.sleep(0)
    waiting.append(asyncio.create_task(through(limiter, recording(order, "reply"), "sendMessage", -100)))
    for minute in (1, 2):
        await timers.run_to(60.0 * minute)
    await asyncio.gather(*waiting)
    assert order == ["reply", "feed"]
    await limiter.shutdown()


async def test_waiting_calls_go_press_first_then_private_then_group() -> None:
    now = [0.0]
    limiter = PriorityRateLimiter(per_second=1, burst=3, group_per_minute=1e6, now=lambda: now[0])
    for _ in range(3):  # the budget is spent
        await through(limiter, failing(), "sendMessage")
    order: list[str] = []
    waiting = [
        asyncio.create_task(through(limiter, recording(order, "group"), "editMessageMedia", -100)),
        asyncio.create_task(through(limiter, recording(order, "private"), "sendPhoto", 7)),
        asyncio.create_task(
            limiter.process_request(recording(order, "press"), (), {}, "answerCallbackQuery", {}, None)
        ),
    ]
    await asyncio.sleep(0)
    assert order == []  # no token yet
    now[0] += 1.0  # one token: the press
    limiter._release()
    await asyncio.sleep(0)
    now[0] += 2.0  # two more: private, then the group
    limiter._release()
    await asyncio.gather(*waiting)
    assert order == ["press", "private", "group"]
    await limiter.shutdown()


async def test_a_server_error_is_tried_again_after_a_back_off() -> None:
    sleeps = Sleeps()
    limiter = PriorityRateLimiter(backoff=(0.5, 1.5, 4.0), sleep=sleeps)
    call = failing(NetworkError("Bad Gateway"), NetworkError("Internal Server Error (500)"))
    assert await through(limiter, call, "sendPhoto") is True
    assert len(call.tries) == 3 and sleeps.asked == [0.5, 1.5] and limiter.retried == 2


async def test_a_server_error_that_lasts_fails_after_the_retries() -> None:
    limiter = PriorityRateLimiter(backoff=(0.0, 0.0), sleep=Sleeps())
    call = failing(*[NetworkError("Bad Gateway")] * 5)
    with pytest.raises(NetworkError):
        await through(limiter, call, "sendPhoto")
    assert len(call.tries) == 3


async def test_retry_after_pauses_the_bot_for_as_long_as_asked() -> None:
    sleeps = Sleeps()
    limiter = PriorityRateLimiter(sleep=sleeps)
    assert await through(limiter, failing(RetryAfter(7)), "sendMessage") is True
    assert sleeps.asked == [7.0]


async def test_a_timed_out_send_is_not_sent_twice_but_an_edit_is_tried_again() -> None:
    limiter = PriorityRateLimiter(backoff=(0.0, 0.0), sleep=Sleeps())
    send = failing(TimedOut())
    with pytest.raises(TimedOut):
        await through(limiter, send, "sendPhoto")
    assert len(send.tries) == 1  # it may have arrived: a second copy would be worse
    edit = failing(TimedOut())
    assert await through(limiter, edit, "editMessageCaption") is True
    assert len(edit.tries) == 2


async def test_a_refusal_is_never_tried_again() -> None:
    limiter = PriorityRateLimiter(sleep=Sleeps())
    call = failing(BadRequest("message to edit not found"))
    with pytest.raises(BadRequest):
        await through(limiter, call, "editMessageText")
    assert len(call.tries) == 1


async def test_a_call_passed_over_for_its_patience_goes_before_newer_keyboards() -> None:
    """Nothing but the feed starves: a group's reply that has waited longer than its patience
    goes before a keyboard that came after (a press still goes first); the feed goes last."""
    now = [0.0]
    limiter = PriorityRateLimiter(per_second=1, burst=1, group_per_minute=1e6, now=lambda: now[0])
    await through(limiter, failing(), "sendMessage")  # the budget is spent
    order: list[str] = []

    async def feed() -> None:
        with calls_at(FEED):
            await through(limiter, recording(order, "feed"), "editMessageMedia", -300)

    waiting = [
        asyncio.create_task(feed()),
        asyncio.create_task(through(limiter, recording(order, "lobby"), "sendMessage", -200)),
    ]
    await asyncio.sleep(0)
    now[0] += PATIENCE[GROUP] + 0.5  # no token meanwhile (Telegram's budget, spent elsewhere)
    limiter._bucket.tokens, limiter._bucket.at = 0.0, now[0]
    answer = limiter.process_request(recording(order, "press"), (), {}, "answerCallbackQuery", {}, None)
    waiting += [
        asyncio.create_task(through(limiter, recording(order, "keyboard"), "sendPhoto", 8)),
        asyncio.create_task(answer),
    ]
    await one_token_a_second(limiter, now, waiting)
    assert order == ["press", "lobby", "keyboard", "feed"]
    await limiter.shutdown()


async def test_calls_already_waiting_do_not_go_while_telegram_asks_the_bot_to_wait() -> None:
    """A 429 pauses the whole bot: the calls queued for a token before it came wait for the
    pause's end too (the release timer let them through, into more 429s)."""
    now = [0.0]
    pause_over, answer_came = asyncio.Event(), asyncio.Event()

    async def sleep(seconds: float) -> None:
        await pause_over.wait()

    limiter = PriorityRateLimiter(
        per_second=1, burst=1, group_per_minute=1e6, sleep=sleep, now=lambda: now[0]
    )
    order: list[str] = []
    tries: list[int] = []

    async def refused_once() -> bool:  # in flight when the next call queues; then a 429
        tries.append(1)
        await answer_came.wait()
        if len(tries) == 1:
            raise RetryAfter(7)
        return True

    async def queued() -> bool:
        order.append("queued")
        return True

    in_flight = asyncio.create_task(through(limiter, refused_once, "sendMessage"))
    await asyncio.sleep(0)  # it took the only token
    waiting = asyncio.create_task(through(limiter, queued, "sendPhoto", 8))
    await asyncio.sleep(0)
    assert limiter._waiting  # queued for a token
    answer_came.set()
    await asyncio.sleep(0)  # the 429: the bot pauses
    now[0] += 5.0  # tokens are back, but the pause is not over
    limiter._release()
    await asyncio.sleep(0)
    assert order == []
    pause_over.set()
    for _ in range(4):  # a token a second again
        await asyncio.sleep(0)
        now[0] += 1.0
        limiter._release()
    assert await in_flight is True and await waiting is True
    assert order == ["queued"]
    await limiter.shutdown()


async def test_short_of_budget_when_the_waiting_calls_need_more_than_a_second_of_it() -> None:
    now = [0.0]
    limiter = PriorityRateLimiter(per_second=2, burst=1, group_per_minute=1e6, now=lambda: now[0])
    await through(limiter, failing(), "sendMessage")  # the budget is spent
    order: list[str] = []
    waiting = [
        asyncio.create_task(through(limiter, recording(order, str(i)), "sendPhoto", 8)) for i in range(2)
    ]
    await asyncio.sleep(0)
    assert not limiter.short()  # two calls: a second of budget
    with calls_at(FEED):  # the groups' feed goes after a player's message: it never makes one short
        waiting += [
            asyncio.create_task(through(limiter, recording(order, "f"), "sendPhoto", -9)) for _ in range(3)
        ]
    await asyncio.sleep(0)
    assert not limiter.short()
    waiting.append(asyncio.create_task(through(limiter, recording(order, "2"), "sendPhoto", 8)))
    await asyncio.sleep(0)
    assert limiter.short()
    await one_token_a_second(limiter, now, waiting)
    assert not limiter.short()
    await limiter.shutdown()


async def test_replies_to_a_crowds_commands_wait_behind_every_tables_traffic_but_not_the_feed() -> None:
    """2,000 strangers' /help in private, replied at PRIVATE priority, took 80 s of the
    budget ahead of the tables' hands and lobbies; their replies now wait behind them (and the
    group feed, which merges, still behind them)."""
    now = [0.0]
    limiter = PriorityRateLimiter(per_second=1, burst=3, group_per_minute=1e6, now=lambda: now[0])
    for _ in range(3):  # the budget is spent
        await through(limiter, failing(), "sendMessage")
    order: list[str] = []

    async def call(name: str, chat: int, priority: int | None) -> None:
        await limiter.process_request(
            recording(order, name), (), {}, "sendMessage", {"chat_id": chat}, priority
        )

    waiting = [asyncio.create_task(call(f"help{n}", 1000 + n, CHATTER)) for n in range(3)]
    waiting.append(asyncio.create_task(call("feed", -100, FEED)))
    await asyncio.sleep(0)
    now[0] += 30.0  # the crowd's replies have waited long: patience does not lift them
    waiting += [asyncio.create_task(call("hand", 8, None)), asyncio.create_task(call("lobby", -200, None))]
    await one_token_a_second(limiter, now, waiting)
    assert order == ["hand", "lobby", "help0", "help1", "help2", "feed"]
    assert not limiter.short()
    await limiter.shutdown()


async def test_a_membership_check_in_a_group_spends_the_bots_budget_not_the_groups() -> None:
    """An outsider's 40 page requests spent the group's 15 messages a minute on
    getChatMember, and the group's /help went unanswered for 100 s."""
    limiter, _ = group_window(size=1)
    for _ in range(40):  # no wait: reading a membership is no message to the group
        await asyncio.wait_for(through(limiter, failing(), "getChatMember", -100), 0.1)
    # the group's one message is still there
    await asyncio.wait_for(through(limiter, failing(), "sendMessage", -100), 0.1)
    late = asyncio.create_task(through(limiter, failing(), "sendMessage", -100))
    await asyncio.sleep(0)
    assert not late.done()  # and now it is spent
    await limiter.shutdown()
    late.cancel()
