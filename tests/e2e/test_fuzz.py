"""Random and hostile updates: each gets at most one short answer, a press is always
answered, nothing at any table changes, and no exception reaches the log."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import string

import pytest

from handlers.limits import ANSWER_LIMIT, TEXT_LIMIT, utf16_len
from tests.e2e.harness import ALICE, GROUP, MALLORY, Bot, private, seated_alone

HOSTILE = [
    "/gouji max_hands=" + "9" * 5000,
    "/gouji variant=🤖 yield=maybe",
    "/gongzhu decks=3 bots=godlike",
    "/lang xx",
    "/join " + "x " * 300,
    "/start " + "j" * 600,
    "/startgame now please",
    "/rules ' OR 1=1 --",
    "/record 1",
    "/fill 999",
    "/dance",
    "9x100000000",
    ",",
    " , ,",
    "大王" * 2000,
    "\u202e\u0000\ufeff",
    "expose ,",
    "merge 5 6",
    "claim " + "SQ=1 " * 800,
    "/quick gouji " + "x" * 3000,
    "/quick 💣 fast fast",
    "/daily " + "g" * 3000,
    "/daily review " + "x" * 500,
    "/daily on",
    "/top quick " + "q" * 500,
    "/cancel please",
]


def random_text(rand: random.Random) -> str:
    alphabet = string.printable + "过让牌大王小王♠♥♦♣🤖💣\u202e"
    text = "".join(rand.choice(alphabet) for _ in range(rand.randint(1, 300)))
    return ("/" if rand.random() < 0.4 else "") + text.strip()


def random_data(rand: random.Random, real: list[str]) -> str:
    choice = rand.random()
    if choice < 0.3 and real:  # a real button's data, tampered with
        data = list(rand.choice(real))
        data[rand.randrange(len(data))] = rand.choice("0123456789|abcxyz-_💣")
        return "".join(data)
    if choice < 0.5:
        return "m|" + "|".join(str(rand.randint(-5, 10**6)) for _ in range(3)) + "|" + "A" * 8
    return "".join(rand.choice(string.printable + "💣测") for _ in range(rand.randint(0, 64)))


async def settle(bot: Bot, before: int) -> None:
    """Lets the bot take the update (an answer may come, or rightly none)."""
    with contextlib.suppress(AssertionError):  # no answer within 0.6 s: rightly none
        await bot.wait(lambda calls: len(calls) > before, timeout=0.6)
    await bot.clock.advance(0)
    await bot.told()


@pytest.mark.parametrize(("game", "seed"), [("gouji", 1), ("gongzhu", 2)])
async def test_random_and_hostile_updates_change_nothing_and_raise_nothing(
    bot: Bot, game: str, seed: int, caplog: pytest.LogCaptureFixture
) -> None:
    await seated_alone(bot, game)
    version = bot.version()
    real = [data for _, _, data in bot.buttons(ALICE["id"])]
    rand = random.Random(seed)
    caplog.set_level(logging.ERROR)
    updates = [
        (user, chat, text) for text in HOSTILE for user, chat in ((ALICE, private(ALICE)), (MALLORY, GROUP))
    ]
    places = ((MALLORY, GROUP), (MALLORY, private(MALLORY)), (ALICE, private(ALICE)))
    updates += [(*rand.choice(places), random_text(rand)) for _ in range(25)]
    for user, chat, text in updates:
        before = len(bot.api.calls)
        bot.api.send(user, chat, text)
        await settle(bot, before)
        replies = [c for c in bot.api.calls[before:] if c.method == "sendMessage" and c.chat == chat["id"]]
        assert len(replies) <= 1, (text[:40], [r.text[:60] for r in replies])
        assert all(utf16_len(c.text) <= TEXT_LIMIT for c in bot.api.calls[before:])
    message = next(m for m, _, _ in bot.buttons(ALICE["id"]))
    for _ in range(30):
        query = bot.api.press(rand.choice((ALICE, MALLORY)), message, random_data(rand, real))
        answer = await asyncio.to_thread(bot.api.answer_of, query)  # always answered: no spinning button
        assert utf16_len(answer.params.get("text") or "") <= ANSWER_LIMIT
        await bot.clock.advance(0)
        await bot.told()
    assert bot.version() == version  # nothing at the table changed
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR], [
        r.getMessage() for r in caplog.records
    ]
