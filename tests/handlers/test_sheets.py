"""Every column of a score sheet adds up: the rounds, then a row for each thing the
totals hold besides them (罚分 penalties, 够级's 补偿积分), drawn from a live referee's match."""

from __future__ import annotations

import io
from dataclasses import replace

from PIL import Image

import render
from handlers.sheets import score_sheet_of
from tests.referee.world import ALICE, World


async def test_the_rows_penalties_and_compensation_add_up_to_the_totals(world: World) -> None:
    table = await world.table_with_bots("gouji", time="fast", strikes="1", penalty_points="10", max_hands="1")
    await world.clock.advance(20)  # Alice misses her deadline: the penalty, then her bot plays
    for _ in range(200):
        if world.referee.view(table.id).status != "running":
            break
        await world.clock.advance(20)
    view = world.referee.view(table.id)
    assert view.status == "finished"
    sheet = await score_sheet_of(world.referee, view, [f"P{s}" for s in range(6)], final=True)
    assert sheet is not None
    adjustments = dict(sheet.adjustments)
    assert adjustments["penalty"][0] == -10 and set(adjustments["penalty"][1:]) == {0}
    for seat in range(6):
        column = sum(r[seat] for r in sheet.rounds) + sum(a[seat] for a in adjustments.values())
        assert column == sheet.totals[seat]


async def test_the_gongzhu_sheet_shows_what_each_player_took(world: World) -> None:
    """The 拱猪 score sheet shows the scoring cards each seat took in the deal just
    scored (public: tricks are taken face up), and its picture draws them."""
    table = await world.table_with_bots("gongzhu", humans=(), deals="1")
    view = world.referee.view(table.id)
    assert view.status == "finished"
    match = world.referee.match_of(table.id)
    assert match is not None
    sheet = await score_sheet_of(world.referee, view, [f"P{s}" for s in range(4)], final=True)
    assert sheet is not None and sheet.taken == match.rounds[-1].public_view().taken
    everything = sorted(card for cards in sheet.taken for card in cards)
    assert "SQ" in everything and len([c for c in everything if c.startswith("H")]) == 13
    plain = Image.open(io.BytesIO(render.score_sheet(replace(sheet, taken=None))))
    drawn = Image.open(io.BytesIO(render.score_sheet(sheet)))
    assert drawn.height > plain.height  # a row of cards under the deal's scores


async def test_a_matchs_sheet_told_once_its_table_began_the_next_match_is_still_that_matchs(
    world: World,
) -> None:
    """A person on the Mini App may start the next match before the last one's notice is told
    (or a process taking over tells it later): the sheet is still the ended match's."""
    table = await world.table_with_bots("gongzhu", humans=(ALICE,), deals="1")
    for _ in range(200):
        if world.referee.view(table.id).status != "running":
            break
        await world.clock.advance(20)
    ended = world.referee.view(table.id)
    names = [f"P{s}" for s in range(4)]
    told_at_once = await score_sheet_of(world.referee, ended, names, final=True)
    await world.referee.rematch(table.id, by=ALICE)
    assert world.referee.view(table.id).match_no == ended.match_no + 1
    told_later = await score_sheet_of(world.referee, ended, names, final=True)
    assert told_later is not None and told_later == told_at_once  # replayed from the store
