"""Opening a table, joining and leaving, teams, bots, options and the start."""

import re

import pytest

from engine.errors import Refused
from tests.helpers import refused, said
from tests.referee.world import ALICE, BOB, CAROL, DAVE, GROUP, World, on_both_engines

world = on_both_engines  # the store's every query, on SQLite and on PostgreSQL


async def test_one_open_table_per_group_unless_the_group_allows_more(world: World) -> None:
    first = await world.referee.open_table(GROUP, ALICE, "gouji")
    await refused("group_busy", world.referee.open_table(GROUP, BOB, "gongzhu"))
    await world.referee.open_table(GROUP - 1, BOB, "gongzhu")  # another group is free
    async with world.store.transaction() as q:
        await q.set_group_settings(GROUP, {}, True, None)
    second = await world.referee.open_table(GROUP, BOB, "gongzhu")
    assert {t.id for t in world.referee.tables_in(GROUP)} == {first.id, second.id}


async def test_bad_games_options_and_time_controls_say_what_is_allowed(world: World) -> None:
    await refused("unknown_game", world.referee.open_table(GROUP, ALICE, "poker"))
    with pytest.raises(Refused) as error:
        await world.referee.open_table(GROUP, ALICE, "gouji", {"colour": "red"})
    assert re.match(r"There is no option “colour”. The options are: .*kaidian", said(error.value))
    with pytest.raises(Refused) as error:
        await world.referee.open_table(GROUP, ALICE, "gouji", {"kaidian": "maybe"})
    assert said(error.value) == "kaidian must be on or off."
    with pytest.raises(Refused) as error:
        await world.referee.open_table(GROUP, ALICE, "gouji", time_control="soon")
    assert "fast、normal、slow" in said(error.value, "zh") and "“soon”" in said(error.value, "zh")
    assert not world.referee.tables  # nothing was created


async def test_join_leave_and_a_full_table(world: World) -> None:
    table = await world.referee.open_table(GROUP, ALICE, "gongzhu")
    await refused("already_seated", world.referee.join(table.id, ALICE))
    await world.referee.join(table.id, BOB)
    await world.referee.join(table.id, CAROL)
    await world.referee.leave(table.id, BOB)
    assert [s.player for s in world.referee.view(table.id).seats] == [ALICE, CAROL]
    await refused("not_seated", world.referee.leave(table.id, BOB))
    await refused("not_full", world.referee.start(table.id))
    await world.referee.add_bot(table.id)
    await world.referee.join(table.id, DAVE)
    await refused("table_full", world.referee.join(table.id, BOB))
    await refused("table_full", world.referee.add_bot(table.id))
    async with world.store.reading() as q:
        seats = await q.seats(table.id)
    assert [s.player_id for s in seats] == [ALICE, CAROL, None, DAVE]


async def test_bots_are_added_removed_and_fill_the_table(world: World) -> None:
    table = await world.referee.open_table(GROUP, ALICE, "gouji")
    await refused("no_bot", world.referee.remove_bot(table.id))
    await world.referee.add_bot(table.id, 2)
    await world.referee.remove_bot(table.id)
    await world.referee.add_bot(table.id, 0)  # fill
    assert [s.is_bot for s in world.referee.view(table.id).seats] == [False] + [True] * 5
    events = await world.referee.start(table.id)
    assert events[0].kind == "MatchStarted" and world.referee.view(table.id).status == "running"
    # a running table: the first bot seat is kept for Bob until the round ends, and only one
    reserved = await world.referee.join(table.id, BOB)
    view = world.referee.view(table.id)
    bots = [s.seat for s in view.seats if s.is_bot]
    assert [(e.kind, e.seat, e.player) for e in reserved] == [("SeatReserved", bots[0], BOB)]
    assert view.seat_of(BOB) is None
    await refused("already_seated", world.referee.join(table.id, BOB))
    for other in range(201, 205):  # the four other bot seats
        await world.referee.join(table.id, other)
    await refused("table_full", world.referee.join(table.id, CAROL))


async def test_chosen_teams_sit_on_the_even_and_odd_seats(world: World) -> None:
    table = await world.referee.open_table(GROUP, ALICE, "gouji", {"teams": "chosen"})
    await world.referee.join(table.id, BOB, team=1)
    await world.referee.join(table.id, CAROL, team=0)
    await world.referee.choose_team(table.id, ALICE, 1)
    await refused("bad_team", world.referee.choose_team(table.id, ALICE, 2))
    await world.referee.add_bot(table.id, 0)
    await world.referee.start(table.id)
    seats = {s.player: s.seat for s in world.referee.view(table.id).seats}
    assert seats[ALICE] % 2 == 1 and seats[BOB] % 2 == 1 and seats[CAROL] % 2 == 0


async def test_a_team_holds_three(world: World) -> None:
    table = await world.referee.open_table(GROUP, ALICE, "gouji", {"teams": "chosen"})
    for player in (ALICE, BOB, CAROL):
        if player != ALICE:
            await world.referee.join(table.id, player)
        await world.referee.choose_team(table.id, player, 0)
    await world.referee.join(table.id, DAVE)
    await refused("team_full", world.referee.choose_team(table.id, DAVE, 0))


async def test_teams_are_chosen_only_when_the_rules_say_so(world: World) -> None:
    table = await world.referee.open_table(GROUP, ALICE, "gouji")
    await refused("no_teams", world.referee.choose_team(table.id, ALICE, 0))


async def test_random_seats_are_drawn_from_the_match_seed(world: World) -> None:
    table = await world.referee.open_table(GROUP, ALICE, "gongzhu")
    for player in (BOB, CAROL, DAVE):
        await world.referee.join(table.id, player)
    await world.referee.start(table.id)
    drawn = [s.player for s in world.referee.view(table.id).seats]
    assert sorted(drawn) == [ALICE, BOB, CAROL, DAVE]
    assert drawn != [ALICE, BOB, CAROL, DAVE]  # this seed does shuffle them


async def test_options_change_in_the_lobby_only(world: World) -> None:
    table = await world.referee.open_table(GROUP, ALICE, "gouji", {"kaidian": "off"})
    await world.referee.set_options(table.id, {"max_hands": "4"}, "slow")
    view = world.referee.view(table.id)
    assert view.options["kaidian"] is False and view.options["max_hands"] == 4
    assert view.time_control == "slow"
    async with world.store.reading() as q:
        row = await q.table(table.id)
    assert row is not None and row.rules["max_hands"] == 4 and row.time_control == "slow"


async def test_choosing_a_variant_in_the_lobby_sets_its_preset_and_what_is_typed_beside_it_wins(
    world: World,
) -> None:
    """docs/rules/gouji-variants.md C: a variant presets its column; a table may still change each part."""
    table = await world.referee.open_table(GROUP, ALICE, "gouji", {"variant": "outline", "scoring": "club"})
    view = world.referee.view(table.id)
    assert view.options["point_rule"] == "outline" and view.options["scoring"] == "club"
    await world.referee.set_options(table.id, {"variant": "houshuiwan"})
    options = world.referee.view(table.id).options
    assert (options["deck"], options["buying"], options["scoring"]) == ("six_decks", "horse", "outline")
    await world.referee.set_options(table.id, {"yield": "off"})  # the variant stays
    options = world.referee.view(table.id).options
    assert options["deck"] == "six_decks" and options["yielding"] is False
    await world.referee.set_options(table.id, {"variant": "standard"})
    defaults = {name: value for name, value in world.referee.view(table.id).options.items()}
    assert defaults["deck"] == "four_decks" and defaults["point_rule"] == "standard"


async def test_a_lobby_is_still_there_after_a_restart(world: World) -> None:
    table = await world.referee.open_table(GROUP, ALICE, "gouji")
    await world.referee.join(table.id, BOB)
    await world.crash()
    later = await world.reopen()
    try:
        view = later.referee.view(table.id)
        assert view.status == "lobby" and [s.player for s in view.seats] == [ALICE, BOB]
        await later.referee.add_bot(table.id, 0)
        await later.referee.start(table.id)
    finally:
        await later.close()


async def test_a_group_sets_defaults_for_its_new_tables(world: World) -> None:
    await world.referee.set_group_defaults(GROUP, "gouji", {"kaidian": "off", "max_hands": "4"}, "slow")
    with pytest.raises(Refused) as error:
        await world.referee.set_group_defaults(GROUP, "gouji", {"max_hands": "0"})
    assert said(error.value) == "max_hands must be between 1 and 100."
    table = await world.referee.open_table(GROUP, ALICE, "gouji", {"max_hands": "6"})
    view = world.referee.view(table.id)
    assert view.options["kaidian"] is False and view.options["max_hands"] == 6  # given beats default
    assert view.time_control == "slow"
    await world.referee.stop(table.id, ALICE)
    table = await world.referee.open_table(GROUP, ALICE, "gongzhu")  # other games keep the rules' own
    assert world.referee.view(table.id).options["decks"] == 1
    assert world.referee.view(table.id).time_control == "normal"
