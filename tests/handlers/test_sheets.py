"""Issue 16: every column of a score sheet adds up: the rounds, then a row for each thing the
totals hold besides them (罚分 penalties, 够级's 补偿积分), drawn from a live referee's match."""

from __future__ import annotations

from handlers.sheets import score_sheet_of
from tests.referee.world import World


async def test_the_rows_penalties_and_compensation_add_up_to_the_totals(world: World) -> None:
    table = await world.table_with_bots("gouji", time="fast", strikes="1", penalty_points="10", max_hands="1")
    await world.clock.advance(20)  # Alice misses her deadline: the penalty, then her bot plays
    for _ in range(200):
        if world.referee.view(table.id).status != "running":
            break
        await world.clock.advance(20)
    view = world.referee.view(table.id)
    assert view.status == "finished"
    sheet = score_sheet_of(world.referee, view, [f"P{s}" for s in range(6)], final=True)
    assert sheet is not None
    adjustments = dict(sheet.adjustments)
    assert adjustments["penalty"][0] == -10 and set(adjustments["penalty"][1:]) == {0}
    for seat in range(6):
        column = sum(r[seat] for r in sheet.rounds) + sum(a[seat] for a in adjustments.values())
        assert column == sheet.totals[seat]
