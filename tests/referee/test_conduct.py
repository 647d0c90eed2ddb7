"""Leaving, stopping, match end, rematch and statistics."""

import pytest

from engine.errors import Refused
from engine.gouji.events import HandEnded
from tests.referee.world import ALICE, BOB, CAROL, GROUP, World, on_both_engines

world = on_both_engines  # the store's every query, on SQLite and on PostgreSQL


async def test_leaving_a_running_hand_makes_the_leaver_last_and_a_bot_takes_the_seat(world: World) -> None:
    table = await world.table_with_bots("gouji", humans=(ALICE, BOB))
    events = await world.referee.leave(table.id, ALICE)
    assert [e.kind for e in events] == ["Forfeited", "ReplacedByBot"]
    view = world.referee.view(table.id)
    assert view.seats[0].is_bot and view.status == "running"
    assert (await world.moves(table))[-1].kind == "forfeit"
    await world.referee.leave(table.id, BOB)  # nobody left to play for: the table stops
    assert world.referee.tables.get(table.id) is None
    async with world.store.reading() as q:
        assert (await q.table(table.id)).status == "stopped"  # type: ignore[union-attr]
        alice = await q.player_stats(ALICE)
    assert alice[0].forfeits == 1 and alice[0].matches == 0


async def test_the_leaver_is_last_when_the_bots_finish_the_hand(world: World) -> None:
    table = await world.table_with_bots("gouji", humans=(ALICE, BOB), strikes="1")
    await world.referee.leave(table.id, ALICE)
    await world.clock.advance(20)  # Bob's seat goes on autopilot: the bots play the hand out
    first_hand = world.recorder.events("HandEnded")[0]
    assert isinstance(first_hand, HandEnded) and first_hand.finish_order[-1] == 0  # 罚为大落


async def test_leaving_a_gongzhu_deal_scores_its_worst(world: World) -> None:
    table = await world.table_with_bots("gongzhu", humans=(ALICE, BOB), deals="1", strikes="1")
    seat = world.referee.view(table.id).seat_of(ALICE)
    await world.referee.leave(table.id, ALICE)
    await world.clock.advance(20)
    await world.clock.advance(20)
    [deal] = world.recorder.events("DealEnded")
    assert deal.scores[seat] == min(deal.scores)


async def test_the_creator_stops_at_once_and_others_vote(world: World) -> None:
    table = await world.table_with_bots("gouji", humans=(ALICE, BOB, CAROL))
    with pytest.raises(Refused) as refusal:
        await world.referee.stop(table.id, 999)
    assert refusal.value.key == "not_allowed"
    [vote] = await world.referee.stop(table.id, BOB)
    assert (vote.votes, vote.needed) == (1, 2)
    with pytest.raises(Refused, match="already_voted"):
        await world.referee.stop(table.id, BOB)
    events = await world.referee.stop(table.id, CAROL)
    assert [e.kind for e in events] == ["StopVoted", "MatchEnded", "TableStopped"]
    assert events[1].reason == "stopped"
    async with world.store.reading() as q:
        row = await q.table(table.id)
        match = await q.last_match(table.id)
    assert row is not None and row.status == "stopped" and match is not None and match.ended


async def test_an_admin_stops_a_lobby(world: World) -> None:
    table = await world.referee.open_table(GROUP, ALICE, "gongzhu")
    events = await world.referee.stop(table.id, BOB, admin=True)
    assert [e.kind for e in events] == ["TableStopped"]
    with pytest.raises(Refused):
        world.referee.view(table.id)
    await world.referee.open_table(GROUP, BOB, "gouji")  # the group is free again


async def test_a_finished_match_records_hands_results_and_statistics(world: World) -> None:
    table = await world.table_with_bots("gongzhu", humans=(ALICE,), deals="2", strikes="1")
    await world.clock.advance(20)  # the exposure window closes
    await world.clock.advance(20)  # a timeout in play: autopilot, and the bots finish the match
    view = world.referee.view(table.id)
    assert view.status == "finished"
    seat = view.seat_of(ALICE)
    [ended] = world.recorder.events("MatchEnded")
    async with world.store.reading() as q:
        hands = await q.hand_seeds(table.match_id or 0)
        [stats] = await q.player_stats(ALICE)
        board = await q.rating_board(GROUP, "gongzhu")
    assert [(n, seed) for n, seed, _ in hands] == [(1, "test-seed/1"), (2, "test-seed/2")]
    assert all(scores is not None for _, _, scores in hands)
    penalty = 100  # strikes=1: the one timeout cost the table's penalty (one pig)
    assert sum(scores[seat] for _, _, scores in hands) - penalty == ended.totals[seat]  # type: ignore[index]
    assert (stats.matches, stats.hands, stats.points, stats.timeouts) == (1, 2, ended.totals[seat], 1)
    assert stats.wins == (seat in ended.winners)
    assert [row.rater for row in board if row.rater > 0] == [ALICE]


async def test_a_rematch_starts_a_new_match_with_the_same_seats(world: World) -> None:
    table = await world.table_with_bots("gongzhu", humans=(), deals="1")
    assert world.referee.view(table.id).status == "finished"
    seeds = iter(["second"])
    world.referee.new_seed = lambda: next(seeds)
    events = await world.referee.rematch(table.id)
    assert events[0].kind == "MatchStarted" and events[0].number == 2
    await world.clock.advance(0)
    async with world.store.reading() as q:
        match = await q.last_match(table.id)
    assert match is not None and (match.number, match.seed, match.ended) == (2, "second", True)


async def test_no_rematch_while_the_match_is_played(world: World) -> None:
    table = await world.table_with_bots("gongzhu")
    with pytest.raises(Refused, match="not_over"):
        await world.referee.rematch(table.id)


async def test_a_rematch_after_a_restart(world: World) -> None:
    table = await world.table_with_bots("gongzhu", humans=(), deals="1")
    await world.crash()
    later = await world.reopen()
    try:
        assert table.id not in later.referee.tables  # only lobbies and running tables are loaded
        events = await later.referee.rematch(table.id)
        assert events[0].kind == "MatchStarted" and events[0].number == 2
    finally:
        await later.close()


async def test_a_finished_table_leaves_memory_when_the_group_opens_another(world: World) -> None:
    table = await world.table_with_bots("gongzhu", humans=(), deals="1")
    await world.referee.open_table(GROUP, ALICE, "gouji")
    assert table.id not in world.referee.tables
    assert (await world.referee.stored_table(table.id)).status == "finished"
