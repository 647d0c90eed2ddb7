"""Who asked to hear of new tables in a group (`/notify`) and when each was last told are in the
file: a restart neither forgets an ask nor tells anyone twice within the hour."""

from __future__ import annotations

from engine.referee.players import NOTIFY_GAP
from tests.referee.world import World, on_both_engines

world = on_both_engines  # the store's every query, on SQLite and on PostgreSQL

GROUP, OTHER, ALICE, BOB = -100, -200, 1, 2


async def test_an_ask_and_the_hour_since_the_last_word_survive_a_restart(world: World) -> None:
    assert await world.referee.set_notified(GROUP, ALICE) is True  # the other way round: on
    assert await world.referee.set_notified(GROUP, BOB, True) is True
    assert await world.referee.set_notified(OTHER, BOB, True) is True
    assert await world.referee.to_notify(GROUP, opener=BOB) == [ALICE]  # never the opener
    await world.close()
    again = await world.reopen(after=60)
    try:
        await told_after_the_restart(again)
    finally:
        await again.close()


async def told_after_the_restart(again: World) -> None:
    assert await again.referee.to_notify(GROUP, opener=None) == [BOB]  # Alice was told a minute ago
    assert await again.referee.to_notify(OTHER, opener=None) == []  # Bob too, of another group's
    await again.clock.advance(NOTIFY_GAP)
    assert await again.referee.to_notify(OTHER, opener=None) == [BOB]
    assert await again.referee.set_notified(GROUP, ALICE) is False  # and off
    await again.clock.advance(NOTIFY_GAP)
    assert await again.referee.to_notify(GROUP, opener=None) == [BOB]
