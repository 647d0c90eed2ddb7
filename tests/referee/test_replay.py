"""Replays: a finished match step by step, every hand face up, exactly as the log
played it; never a running match, never another group's."""

from __future__ import annotations

import pytest

from engine.errors import Refused
from tests.referee.test_league import allow_many_tables, play_out
from tests.referee.world import ALICE, BOB, GROUP, World, on_both_engines

world = on_both_engines  # the store's every query, on SQLite and on PostgreSQL

OTHER_GROUP = -2002


def cards_in(hand: str) -> int:
    return len(hand.split())


async def test_a_finished_gouji_hand_replays_step_by_step_with_every_hand(world: World) -> None:
    table = await world.table_with_bots("gouji", humans=(ALICE, BOB), max_hands="2", strikes="1")
    await play_out(world, table)
    found = await world.referee.replay(GROUP)
    rows = await world.moves(table)
    steps = found.replay.steps
    assert found.match_id == table.match_id and found.group_id == GROUP and found.game == "gouji"
    assert found.players[:2] == (ALICE, BOB) and set(found.players[2:]) == {None}
    assert found.replay.number == found.replay.rounds  # the last hand by default
    assert steps[0].kind == "deal" and steps[0].seat == -1
    # every step of the hand is a logged row, in order, and the hand ends with the last row
    logged = [(r.seat, r.kind, r.move, r.actor) for r in rows]
    tail = [(s.seat, s.kind, s.move, s.actor) for s in steps[1:]]
    assert logged[-len(tail) :] == tail
    assert steps[-1].public.phase == "over"
    # the hands are face up and only shrink as they are played (after the tribute's exchanges)
    play = next(i for i, s in enumerate(steps) if s.public.phase == "play")
    for before, after in zip(steps[play:], steps[play + 1 :], strict=False):
        for seat in range(6):
            assert cards_in(after.hands[seat]) <= cards_in(before.hands[seat])
            left = after.public.cards_left[seat]
            assert cards_in(after.hands[seat]) == left or left == 0  # out: 0 shown
    assert sum(cards_in(hand) for hand in steps[play].hands) > 100  # four decks, face up
    first = await world.referee.replay(GROUP, table.match_id, 1)
    assert first.replay.number == 1 and first.replay.steps[0].hands != steps[0].hands


async def test_a_running_match_and_another_groups_match_are_refused(world: World) -> None:
    await allow_many_tables(world)
    mine = await world.table_with_bots("gongzhu", deals="1", strikes="1")
    with pytest.raises(Refused, match="replay_after_end"):
        await world.referee.replay(GROUP, mine.match_id)
    with pytest.raises(Refused, match="no_replay"):  # nothing has ended in the group yet
        await world.referee.replay(GROUP)
    await play_out(world, mine)
    theirs = await world.referee.open_table(
        OTHER_GROUP, BOB, "gongzhu", {"deals": "1", "strikes": "1"}, "fast"
    )
    await world.referee.add_bot(theirs.id, 0)
    await world.referee.start(theirs.id)
    await play_out(world, theirs)
    with pytest.raises(Refused, match="no_replay"):  # the same answer as a match that never was
        await world.referee.replay(GROUP, theirs.match_id)
    with pytest.raises(Refused, match="no_replay"):
        await world.referee.replay(GROUP, 999)
    with pytest.raises(Refused, match="no_round"):
        await world.referee.replay(GROUP, mine.match_id, 2)
    assert (await world.referee.replay(GROUP)).match_id == mine.match_id
    assert (await world.referee.replay(None, theirs.match_id)).group_id == OTHER_GROUP


async def test_a_stopped_match_may_be_replayed_and_names_the_leaver(world: World) -> None:
    table = await world.table_with_bots("gongzhu", humans=(ALICE, BOB), deals="2")
    seat = world.referee.view(table.id).seat_of(ALICE)
    await world.referee.leave(table.id, ALICE)
    await world.referee.stop(table.id, BOB)
    found = await world.referee.replay(GROUP)
    assert found.players[seat or 0] == ALICE  # who held the seat, not the bot that took it
    assert [s.kind for s in found.replay.steps][-2:] == ["forfeit", "stop"]
