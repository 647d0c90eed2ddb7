"""Submitting moves: who may, on which version, what is stored and when the table is told."""

import asyncio
from dataclasses import asdict

import pytest

from engine.errors import IllegalMove, Refused
from engine.referee import Notice
from tests.referee.world import ALICE, BOB, World, on_both_engines

world = on_both_engines  # the store's every query, on SQLite and on PostgreSQL


async def test_a_legal_move_is_logged_committed_and_then_published(world: World) -> None:
    table = await world.table_with_bots("gouji")
    view = world.referee.view(table.id)
    move = world.referee.private_view(table.id, ALICE).legal[0]
    seen_in_store: list[bool] = []
    publish = world.recorder.publish

    async def check_then_record(notice: Notice) -> None:  # the move must be on disk before
        async with world.store.reading() as q:
            rows = await q.moves(table.match_id or 0)
        seen_in_store.append(any(r.player_id == ALICE and r.move == move for r in rows))
        await publish(notice)

    world.recorder.publish = check_then_record  # type: ignore[method-assign]
    await world.referee.submit(table.id, ALICE, move, view.version)
    assert seen_in_store[0]
    last = [r for r in await world.moves(table) if r.player_id == ALICE][-1]
    assert (last.seat, last.kind, last.move, last.actor) == (0, "move", move, "player")
    assert world.recorder.notices[-1].table.version == view.version + 1


async def test_a_typed_move_is_logged_in_canonical_notation(world: World) -> None:
    table = await world.table_with_bots("gouji")
    assert "pass" in world.referee.private_view(table.id, ALICE).legal
    await world.referee.submit(table.id, ALICE, "过", world.referee.view(table.id).version)
    assert [r.move for r in await world.moves(table) if r.player_id == ALICE] == ["pass"]


@pytest.mark.parametrize(
    ("who", "version_shift", "move", "key"),
    [
        (BOB, 0, None, "not_seated"),
        (ALICE, -1, None, "stale"),
        (ALICE, 1, None, "stale"),
        (ALICE, 0, "BJ BJ BJ BJ", "not_in_hand"),
        (ALICE, 0, "SQ", "unknown_move"),
    ],
)
async def test_bad_submissions_are_refused_and_change_nothing(
    world: World, who: int, version_shift: int, move: str | None, key: str
) -> None:
    table = await world.table_with_bots("gouji")
    before = world.referee.view(table.id)
    rows = await world.moves(table)
    notices = len(world.recorder.notices)
    text = move or world.referee.private_view(table.id, ALICE).legal[0]
    with pytest.raises((Refused, IllegalMove)) as refusal:
        await world.referee.submit(table.id, who, text, before.version + version_shift)
    assert refusal.value.key == key  # type: ignore[attr-defined]
    assert world.referee.view(table.id) == before
    assert await world.moves(table) == rows and len(world.recorder.notices) == notices


async def test_a_move_out_of_turn_is_refused(world: World) -> None:
    table = await world.table_with_bots("gouji", humans=(ALICE, BOB))
    view = world.referee.view(table.id)
    idle = ALICE if view.to_act == (1,) else BOB
    with pytest.raises(IllegalMove) as refusal:
        await world.referee.submit(table.id, idle, "pass", view.version)
    assert refusal.value.key == "not_your_turn"


async def test_a_double_press_applies_once_and_is_answered_as_made(world: World) -> None:
    """The same move on the same version again (a second press, a page's post sent again) is
    the move already made: no events, nothing stored or told again. Another move on that
    version, or one on a version the table has not reached, is out of date; so is a decision
    the clock made for her."""
    table = await world.table_with_bots("gouji")
    version = world.referee.view(table.id).version
    legal = world.referee.private_view(table.id, ALICE).legal
    move, other = legal[0], legal[1]
    assert await world.referee.submit(table.id, ALICE, move, version)
    after, notices = world.referee.view(table.id), len(world.recorder.notices)
    assert await world.referee.submit(table.id, ALICE, move, version) == []
    assert await world.referee.played_on(table.id, ALICE, version) == move
    for late, at in ((other, version), (move, version + 5)):
        with pytest.raises(Refused) as refusal:
            await world.referee.submit(table.id, ALICE, late, at)
        assert refusal.value.key == "stale"
    assert await world.referee.played_on(table.id, BOB, version) is None  # Bob has no seat
    assert world.referee.view(table.id) == after and len(world.recorder.notices) == notices
    assert sum(r.player_id == ALICE for r in await world.moves(table)) == 1
    await world.clock.advance(0)  # the bots play up to her next decision
    waiting = world.referee.private_view(table.id, ALICE)
    assert waiting.legal and waiting.version > version and waiting.deadline_at is not None
    await world.clock.advance(waiting.deadline_at - world.clock.now())  # the clock decides for her
    assert world.referee.view(table.id).version > waiting.version
    assert await world.referee.played_on(table.id, ALICE, waiting.version) is None
    assert await world.referee.played_on(table.id, ALICE, version) == move  # the first from then
    with pytest.raises(Refused) as refusal:
        await world.referee.submit(table.id, ALICE, waiting.legal[0], waiting.version)
    assert refusal.value.key == "stale"


async def test_a_move_handled_again_by_the_next_process_is_answered_as_made(world: World) -> None:
    """An owner that died after committing a move but before answering it: the next process,
    handling the same press, finds the move in the store's log and answers it as made."""
    table = await world.table_with_bots("gongzhu")
    version = world.referee.view(table.id).version
    move = world.referee.private_view(table.id, ALICE).legal[0]
    await world.referee.submit(table.id, ALICE, move, version)
    await world.crash()
    later = await world.reopen()
    try:
        reloaded = later.referee.view(table.id)
        assert await later.referee.submit(table.id, ALICE, move, version) == []
        assert later.referee.view(table.id) == reloaded
        assert sum(r.player_id == ALICE and r.actor == "player" for r in await later.moves(table)) == 1
    finally:
        await later.close()


async def test_many_simultaneous_submits_for_one_decision_apply_exactly_one(world: World) -> None:
    table = await world.table_with_bots("gouji")
    version = world.referee.view(table.id).version
    legal = world.referee.private_view(table.id, ALICE).legal
    pressed = [legal[i % 3] for i in range(25)]  # three buttons of one keyboard, pressed again and again
    presses = [world.referee.submit(table.id, ALICE, move, version) for move in pressed]
    results = await asyncio.gather(*presses, return_exceptions=True)
    applied = [r for r in results if isinstance(r, list) and r]
    made_already = [r for r in results if r == []]  # the applied move's own presses again
    refused = [r for r in results if isinstance(r, Refused)]
    assert len(applied) == 1 and all(r.key == "stale" for r in refused)
    made = next(r.move for r in await world.moves(table) if r.player_id == ALICE)
    assert len(made_already) == pressed.count(made) - 1 and len(refused) == 25 - pressed.count(made)
    assert sum(r.player_id == ALICE for r in await world.moves(table)) == 1
    assert world.referee.view(table.id).version == version + 1


async def test_two_tables_play_at_once(world: World) -> None:
    async with world.store.transaction() as q:
        await q.save_group(-1001, "")
        await q.set_group_settings(-1001, {}, True, None)
    world.referee.bot_delay = 1.0  # the tables' bots take turns with each other's
    tables = [await world.table_with_bots(game, humans=()) for game in ("gouji", "gongzhu", "gouji")]
    assert all(world.referee.view(t.id).status == "running" for t in tables)
    while any(t.status == "running" for t in tables):
        await world.clock.advance(1.0)
    async with world.store.reading() as q:
        for table in tables:
            row = await q.table(table.id)
            assert row is not None and row.status == "finished"
            assert len(await q.moves(table.match_id or 0)) > 100


async def test_the_private_view_is_only_for_the_seat(world: World) -> None:
    table = await world.table_with_bots("gouji")
    mine = world.referee.private_view(table.id, ALICE)
    assert mine.seat == 0 and mine.hand and mine.legal
    with pytest.raises(Refused, match="not_seated"):
        world.referee.private_view(table.id, BOB)
    public = world.referee.view(table.id)
    assert public.public is not None and not any("hand" in name for name in asdict(public.public))


async def test_a_store_failure_leaves_the_table_as_the_store_has_it(world: World) -> None:
    table = await world.table_with_bots("gouji")
    before = world.referee.view(table.id)
    move = world.referee.private_view(table.id, ALICE).legal[0]

    async def broken_commit() -> None:
        raise OSError("disk full")

    world.store._commit = broken_commit  # type: ignore[method-assign]
    with pytest.raises(OSError, match="disk full"):
        await world.referee.submit(table.id, ALICE, move, before.version)
    del world.store._commit
    assert world.referee.view(table.id) == before
    assert world.referee.private_view(table.id, ALICE).legal[0] == move
    await world.referee.submit(table.id, ALICE, move, before.version)  # and it goes on
