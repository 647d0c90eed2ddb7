"""The real bot (python-telegram-bot over HTTP) against the fake Bot API server, on a real SQLite
file with a manual referee clock: what every end-to-end test drives."""

from __future__ import annotations

import asyncio
import logging
import re
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from telegram.ext import Application

from engine.referee.clock import ManualClock
from handlers.app import build
from handlers.config import Config
from handlers.i18n import t
from handlers.ratelimit import never_waiting
from tests.e2e.fake_api import Call, FakeBotApi

TOKEN = "123456:TEST-token"
SEED = "e2e-6"  # a seed where Alice may expose a card in the first 拱猪 deal
THINK = 2.0  # seconds a player takes per move: the group's paced messages go out meanwhile
STEP = 5.0  # seconds the clock may jump when nothing happens: less than any move's time
GROUP = {"id": -100500, "type": "supergroup", "title": "牌友群"}
ALICE = {"id": 501, "is_bot": False, "first_name": "Alice", "language_code": "zh-hans"}
BOB = {"id": 502, "is_bot": False, "first_name": "Bob", "language_code": "en"}
CAROL = {"id": 503, "is_bot": False, "first_name": "Carol", "language_code": "en"}
MALLORY = {"id": 666, "is_bot": False, "first_name": "Mallory", "language_code": "en"}  # hostile


def from_group(lang: str, text: str) -> str:
    """An answer to a command in the group that concerns the asker alone, as sent to them
    privately."""
    return t(lang, "answer.from_group", group=GROUP["title"], text=text)


def private(user: dict[str, Any]) -> dict[str, Any]:
    return {"id": user["id"], "type": "private", "first_name": user["first_name"]}


@dataclass
class Bot:
    api: FakeBotApi
    app: Application
    clock: ManualClock
    database: Path

    @classmethod
    async def start(
        cls,
        api: FakeBotApi,
        database: Path,
        clock: ManualClock | None = None,
        move_delay: float = 0.0,
        seed: str = SEED,
        limiter: Any = None,
        **settings: Any,
    ) -> Bot:
        """`move_delay`: BOT_MOVE_DELAY; at 0 the bots' moves all happen at one instant.
        `settings`: more of the Config's fields (the Mini App's `webapp_url` …). `limiter`: by
        default none that waits (the fake Bot API sets no limits)."""
        config = replace(Config(TOKEN, database, api.url, move_delay, logging.INFO, None, 8443), **settings)
        clock = clock or ManualClock()
        app = build(config, clock=clock, limiter=limiter or never_waiting(), new_seed=lambda: seed)
        await app.initialize()
        await app.post_init(app)  # type: ignore[misc]
        await app.updater.start_polling(poll_interval=0.0, timeout=1)  # type: ignore[union-attr]
        await app.start()
        return cls(api, app, clock, database)

    async def stop(self) -> None:
        # An update the open poll brings back after the updater stopped is dropped, and PTB logs
        # it as CRITICAL: stop once the bot has confirmed every update the test sent
        await self.wait(lambda _: self.api.fetched_all())
        await self.app.updater.stop()  # type: ignore[union-attr]
        await self.close()

    async def close(self) -> None:
        """The rest of a stop, once the updater has stopped."""
        await self.app.stop()
        await self.app.post_stop(self.app)  # type: ignore[misc]  # as run_polling does
        await self.app.post_shutdown(self.app)  # type: ignore[misc]
        await self.app.shutdown()

    async def wait(self, predicate: Any, timeout: float = 20.0) -> Any:
        return await asyncio.to_thread(self.api.wait_for, predicate, timeout)

    async def until(self, predicate: Any, tries: int = 40, step: float = STEP) -> Any:
        """Lets the referee's clock fire what is due (bots move at once) until `predicate(calls)`
        holds. Each try waits for the bot's next HTTP call, up to a quarter of a second; when
        none comes, the clock moves on to its next job, at most `step` seconds ahead (the group's
        paced messages wait seconds, a move's deadline much longer)."""
        for _ in range(tries):
            await self.clock.advance(0)
            await self.told()
            found = predicate(self.api.calls)
            if found:
                return found
            try:
                await asyncio.to_thread(self.api.wait_for, _more_than(len(self.api.calls)), 0.25)
            except AssertionError:  # nothing new: time moves on
                due = self.clock.pending()
                if due:
                    await self.clock.advance(min(step, max(0.0, due[0] - self.clock.now())))
        raise AssertionError(f"never happened; last calls: {[c.method for c in self.api.calls[-8:]]}")

    async def told(self) -> None:
        """Waits until the referee's outbox has told Telegram every notice committed so far."""
        services, notifier = self.app.bot_data.services, self.app.bot_data.notifier
        if services is not None:
            await services.referee.flush_notices()
        if notifier is not None:
            await notifier.feed.idle()  # the groups' news, sent by tasks of their own
            await notifier.private.idle()  # replaced hand messages, deleted likewise

    async def say(
        self, user: dict[str, Any], chat: dict[str, Any], text: str, reply_to: dict[str, Any] | None = None
    ) -> int:
        """Sends a message (`reply_to`: in reply to that one) and waits until the bot has handled
        it (its reply or its effects have reached the server); returns how many calls there were
        before it."""
        before = len(self.api.calls)
        self.api.send(user, chat, text, reply_to)
        await self.settle(before)
        return before

    async def press(
        self, user: dict[str, Any], message: dict[str, Any], data: str, bots: bool = True
    ) -> Call:
        """Presses a button and waits for its answer; then (`bots`) the bots move at once."""
        query = self.api.press(user, message, data)
        answer = await asyncio.to_thread(self.api.answer_of, query)
        if bots:
            await self.clock.advance(0)
        await self.told()
        return answer

    def version(self, table: int = 1) -> int:
        return self.app.bot_data.services.referee.view(table).version

    async def settle(self, before: int) -> None:
        """Waits for the bot's first call after `before`, then lets the bots move."""
        await self.wait(lambda calls: len(calls) > before)
        await self.clock.advance(0)
        await self.told()

    def buttons(self, chat: int) -> list[tuple[dict[str, Any], str, str]]:
        return buttons(self.api, chat)


def buttons(api: FakeBotApi, chat: int) -> list[tuple[dict[str, Any], str, str]]:
    """(message, text, data) of every button on the chat's messages that still have a keyboard."""
    out = []
    for (chat_id, _), message in sorted(api.messages.items()):
        if chat_id != chat:
            continue
        for row in (message.get("reply_markup") or {}).get("inline_keyboard", []):
            out += [(message, b["text"], b.get("callback_data", "")) for b in row if b.get("callback_data")]
    return out


def choices(bot: Bot, chat: int) -> list[tuple[dict[str, Any], str, str]]:
    """The chat's buttons that decide something: every button but the 💡 hint."""
    return [button for button in bot.buttons(chat) if not button[2].startswith("i|")]


def _more_than(count: int) -> Any:
    return lambda calls: len(calls) > count


def first(calls: list[Call], test: Any) -> Call | None:
    return next((c for c in calls if test(c)), None)


async def join_link(bot: Bot, after: int = 0) -> str:
    """`/start <payload>` of the newest join link the bot sent (after call `after`), as following
    it in Telegram sends."""
    sent = await bot.wait(lambda calls: [c.text for c in calls[after:] if "?start=" in c.text])
    payload = re.match(r"[A-Za-z0-9_-]+", sent[-1].split("?start=", 1)[1])
    assert payload is not None
    return "/start " + payload.group()


async def seated_alone(bot: Bot, game: str, options: str = "fast") -> None:
    """Alice opens a table, arrives through the deep link, bots fill the rest, the match starts."""
    await bot.say(ALICE, GROUP, f"/{game} {options}")
    await bot.say(ALICE, private(ALICE), await join_link(bot))
    await bot.say(ALICE, GROUP, "/fill")
    await bot.say(ALICE, GROUP, "/startgame")
    await bot.until(lambda calls: bot.buttons(ALICE["id"]))


async def play_until(
    bot: Bot,
    done: Any,
    limit: int = 400,
    players: tuple[dict[str, Any], ...] = (ALICE,),
    prefer: tuple[str, ...] = (),
) -> int:
    """The players press a button of their keyboards (`choose`; a button labelled as in
    `prefer` first), after THINK seconds, until `done(calls)`; returns their presses."""
    presses = 0

    def ready(calls: list[Call]) -> Any:
        return done(calls) or next((p for p in players if bot.buttons(p["id"])), None)

    while not done(bot.api.calls):
        player = await bot.until(ready)
        if done(bot.api.calls):
            break
        await bot.clock.advance(THINK)
        if not bot.buttons(player["id"]):  # the deadline of a decision shared with bots moved on
            continue
        message, _, data = choose(bot.buttons(player["id"]), prefer)
        answer = await bot.press(player, message, data)
        assert answer.method == "answerCallbackQuery"
        presses += 1
        assert presses < limit
    return presses


def choose(
    keyboard: list[tuple[dict[str, Any], str, str]], prefer: tuple[str, ...] = ()
) -> tuple[dict[str, Any], str, str]:
    """A player's simple mind: a preferred button, else the exposure's done button, else the
    first move (a warned play is then confirmed by the next press), else the first step."""
    preferred = [button for button in keyboard if button[1] in prefer]
    if preferred:
        return preferred[0]
    actions = [data.split("|", 1)[0] for _, _, data in keyboard]
    for wanted in ("d", "m"):
        if wanted in actions:
            return keyboard[actions.index(wanted)]
    return keyboard[0]


def score_sheets(calls: list[Call]) -> list[Call]:
    """Photos to the group captioned as score sheets."""
    return [c for c in calls if c.method == "sendPhoto" and c.chat == GROUP["id"] and c.text.startswith("📊")]


def deal_results(calls: list[Call], player: dict[str, Any]) -> list[Call]:
    """The 拱猪 deals' results the player got in private ("第1副结束：…")."""
    return [c for c in calls if c.method == "sendMessage" and c.chat == player["id"] and "副结束" in c.text]


def hands_sent(bot: Bot, player: dict[str, Any]) -> list[str]:
    """The notation line of every hand message the player got."""
    return [
        c.text.split("\n")[0]
        for c in bot.api.calls
        if c.method in ("sendPhoto", "editMessageMedia", "editMessageCaption") and c.chat == player["id"]
    ]


def assert_no_hand_leaves_its_chat(bot: Bot, player: dict[str, Any]) -> None:
    """Every hand the player was shown (of three cards or more: one played card is public)
    appears in no message to any other chat; no photo sent elsewhere is one of their pictures."""
    hands = {h for h in hands_sent(bot, player) if len(h.split()) >= 3}
    assert hands
    elsewhere = [c for c in bot.api.calls if c.chat not in (None, player["id"])]
    for call in elsewhere:
        lines = call.text.split("\n")
        assert not hands & set(lines), call.text  # not as a line (another player's hand caption) ...
        # ... nor inside any other text (short hands may match by chance, and so may another
        # player's own hand, the first line of a private caption, which holds a longer hand)
        rest = "\n".join(lines[1:] if call.chat is not None and call.chat > 0 else lines)
        long = [h for h in hands if len(h.split()) >= 8 and h in rest]
        assert not long, long
    pictures = {  # pictures of hands of three cards or more (two empty hands look the same)
        f
        for c in bot.api.calls
        if c.chat == player["id"] and len(c.text.split("\n")[0].split()) >= 3
        for f in c.files.values()
    }
    assert not [c for c in elsewhere if pictures & set(c.files.values())]
