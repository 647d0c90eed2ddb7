"""The card counter (记牌器), a table option off by default: a 🧮 button beside the hint's that
tells, in a pop-up, the cards nobody has played yet; the same words on the Mini App page. The
counts are checked against the seats' card counts, which the table shows everyone."""

from __future__ import annotations

import re

import pytest

from tests.e2e.harness import ALICE, Bot, choose, seated_alone

COUNTER = "🧮 记牌器"


def counter_button(bot: Bot) -> tuple[dict[str, object], str] | None:
    found = [(m, d) for m, text, d in bot.buttons(ALICE["id"]) if text == COUNTER]
    return found[0] if found else None


def cards_left(bot: Bot) -> int:
    public = bot.app.bot_data.services.referee.view(1).public
    assert public is not None
    return sum(public.cards_left)


@pytest.mark.parametrize(
    ("game", "options"), [("gongzhu", "fast counter=on"), ("gouji", "fast revolution=off counter=on")]
)
async def test_the_counter_tells_the_cards_not_yet_played_and_changes_nothing(
    bot: Bot, game: str, options: str
) -> None:
    await seated_alone(bot, game, options)
    for _ in range(3):  # a few of Alice's moves, the bots' between them
        await bot.press(ALICE, *choose(bot.buttons(ALICE["id"]))[::2])
        await bot.until(lambda calls: counter_button(bot))
    found = counter_button(bot)
    assert found is not None
    version = bot.version()
    answer = await bot.press(ALICE, *found, bots=False)
    text = answer.params["text"]
    assert text.startswith("🧮 还没出的牌：")
    assert bot.version() == version  # counting moves nothing
    if game == "gongzhu":  # the four suits' counts add up to the cards in hands
        counts = [int(n) for n in re.findall(r"[♠♥♦♣] (\d+)", text)]
        assert len(counts) == 4
    else:  # every rank's copies add up to the cards in hands
        counts = [int(n) for n in re.findall(r"×(\d+)", text)]
    assert sum(counts) == cards_left(bot)


async def test_a_table_without_the_counter_has_no_button(bot: Bot) -> None:
    await seated_alone(bot, "gongzhu", "fast")
    assert counter_button(bot) is None
