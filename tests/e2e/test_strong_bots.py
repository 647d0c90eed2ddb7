"""End to end: a table of searching bots (`bots=strong`) through the real bot, the
searches thought in worker processes while the human plays on."""

from __future__ import annotations

from engine.referee.thinking import Thinkers
from tests.e2e.harness import Bot, play_until, seated_alone


async def test_searching_bots_think_in_worker_processes_and_the_human_plays_on(bot: Bot) -> None:
    await seated_alone(bot, "gouji", "fast bots=strong")
    referee = bot.app.bot_data.services.referee
    thinkers: Thinkers = referee.core.thinkers
    searched = []
    think = thinkers.move

    async def counted(*args: object) -> object:
        move = await think(*args)  # type: ignore[arg-type]
        searched.append(move)
        return move

    thinkers.move = counted  # type: ignore[method-assign]
    presses = await play_until(bot, lambda calls: len(searched) >= 6, limit=60)
    assert presses >= 1
    assert all(move is not None for move in searched)  # each came back from a worker
    assert referee.view(1).version > 6
