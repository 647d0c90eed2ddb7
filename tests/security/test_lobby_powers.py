"""docs/security.md, "a group member": only the table's creator or a group admin manages a lobby
(bots, settings, the start); a creator who leaves hands that power to the next seated human and
keeps none of it, not even the power to stop the match at once."""

from __future__ import annotations

from tests.helpers import refused
from tests.referee.world import ALICE, BOB, CAROL, GROUP, World


async def test_a_seated_member_cannot_fill_start_or_change_someone_elses_lobby(world: World) -> None:
    table = await world.referee.open_table(GROUP, ALICE, "gongzhu")
    await world.referee.join(table.id, BOB)
    version = world.referee.view(table.id).version
    await refused("not_allowed", world.referee.add_bot(table.id, 0, by=BOB))
    await refused("not_allowed", world.referee.add_bot(table.id, 1, by=CAROL))  # not even seated
    await refused("not_allowed", world.referee.set_options(table.id, {"decks": "2"}, by=BOB))
    await world.referee.add_bot(table.id, 1, by=ALICE)
    await refused("not_allowed", world.referee.remove_bot(table.id, by=BOB))
    await world.referee.add_bot(table.id, 1, by=BOB, admin=True)  # a group admin may
    await refused("not_allowed", world.referee.start(table.id, by=BOB))
    view = world.referee.view(table.id)
    assert view.status == "lobby" and view.version == version + 2  # only the two allowed changes
    assert [s.player for s in view.seats] == [ALICE, BOB, None, None]
    await world.referee.start(table.id, by=ALICE)
    assert world.referee.view(table.id).status == "running"


async def test_a_creator_who_leaves_the_lobby_hands_it_to_the_next_seated_human(world: World) -> None:
    table = await world.referee.open_table(GROUP, ALICE, "gongzhu")
    await world.referee.join(table.id, BOB)
    await world.referee.join(table.id, CAROL)
    await world.referee.leave(table.id, ALICE)
    assert world.referee.view(table.id).creator == BOB
    await refused("not_allowed", world.referee.add_bot(table.id, 0, by=ALICE))
    await refused("not_allowed", world.referee.add_bot(table.id, 0, by=CAROL))
    await world.referee.add_bot(table.id, 0, by=BOB)
    await world.close()
    reopened = await world.reopen()  # the new creator is stored, not only held in memory
    try:
        assert reopened.referee.view(table.id).creator == BOB
        await refused("not_allowed", reopened.referee.start(table.id, by=CAROL))
        await reopened.referee.start(table.id, by=BOB)
    finally:
        await reopened.close()


async def test_a_creator_who_left_a_running_match_cannot_stop_it(world: World) -> None:
    table = await world.table_with_bots("gongzhu", humans=(ALICE, BOB, CAROL))
    await world.referee.leave(table.id, ALICE)  # a forfeit: a bot plays her seat
    view = world.referee.view(table.id)
    assert view.creator == BOB and ALICE not in [s.player for s in view.seats]
    await refused("not_allowed", world.referee.stop(table.id, ALICE))
    assert world.referee.view(table.id).status == "running"
    await world.referee.stop(table.id, BOB)  # the new creator stops at once
    assert table.id not in world.referee.tables


async def test_a_lobby_whose_humans_all_left_has_no_creator_and_any_seated_player_manages_it(
    world: World,
) -> None:
    table = await world.referee.open_table(GROUP, ALICE, "gongzhu")
    await world.referee.leave(table.id, ALICE)
    assert world.referee.view(table.id).creator is None
    await refused("not_allowed", world.referee.add_bot(table.id, 0, by=BOB))  # not seated
    await world.referee.join(table.id, BOB)
    await world.referee.add_bot(table.id, 0, by=BOB)
    assert len(world.referee.view(table.id).seats) == 4


async def test_join_tokens_are_unguessable_distinct_and_find_only_open_tables(world: World) -> None:
    first = await world.referee.open_table(GROUP, ALICE, "gongzhu")
    second = await world.referee.open_table(GROUP - 1, BOB, "gouji")
    tokens = [world.referee.join_token(first.id), world.referee.join_token(second.id)]
    assert tokens[0] != tokens[1]
    assert all(len(token) >= 16 for token in tokens)  # 96 random bits each
    assert world.referee.table_of_token(tokens[0]).id == first.id  # type: ignore[union-attr]
    for guess in ("1", "j1", "", tokens[0][:-1], tokens[0].upper()):
        assert world.referee.table_of_token(guess) is None
    await world.referee.stop(first.id, ALICE)
    assert world.referee.table_of_token(tokens[0]) is None  # a stopped table's link is dead
