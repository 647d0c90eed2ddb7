"""The league: who a finished match rates and how, checked against openskill's own
numbers; the match-end announcement; a rebuild from the move logs equal to the live ratings; two
matches ending at once both counted."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from openskill.models import BradleyTerryPart

from engine import league
from engine.league import SeatResult, Skill, bot_rater
from engine.referee.ratings import main as ratings_main
from engine.referee.ratings import rebuild
from engine.referee.table import LiveTable
from tests.referee.world import ALICE, BOB, GROUP, World, on_both_engines

world = on_both_engines  # the store's every query, on SQLite and on PostgreSQL

NORMAL_BOT = bot_rater("normal")


# -- the arithmetic, by hand-made results -------------------------------------------------------


def test_gouji_ranks_the_winning_team_first_and_a_draw_ties() -> None:
    team = lambda seat: seat % 2  # noqa: E731
    won = league.standings((10, -4, 5, -4, 3, -10), team, [1, 2, 3, 4, 5, 6])
    assert [r.rank for r in won] == [0, 1, 0, 1, 0, 1]
    assert {r.side for r in won} == {0, 1}
    drawn = league.standings((10, -4, -5, 4, 0, 5), team, [1, 2, 3, 4, 5, 6])
    assert [r.rank for r in drawn] == [0] * 6


def test_gongzhu_ranks_each_player_by_score_and_partners_by_their_sum() -> None:
    alone = league.standings((-100, 50, 50, -300), lambda seat: None, [1, 2, 3, 4])
    assert [r.rank for r in alone] == [1, 0, 0, 2]
    assert len({r.side for r in alone}) == 4
    partners = league.standings((-100, 50, 50, -300), lambda seat: seat % 2, [1, 2, 3, 4])
    # sides: seats 0+2 = -50, seats 1+3 = -250
    assert [r.rank for r in partners] == [0, 1, 0, 1]


def test_a_team_win_moves_every_player_as_openskill_does() -> None:
    model = BradleyTerryPart()
    priors = {1: Skill(30.0, 4.0, 7), 2: Skill(25.0, 8.0, 1), 3: Skill(20.0, 6.0, 3)}
    results = [SeatResult(0, 1, 0, 0), SeatResult(1, 2, 1, 1), SeatResult(2, 3, 0, 0)]
    changes = {c.rater: c for c in league.rate(results, priors.__getitem__)}
    expected = model.rate(
        [
            [model.rating(mu=30.0, sigma=4.0), model.rating(mu=20.0, sigma=6.0)],
            [model.rating(mu=25.0, sigma=8.0)],
        ],
        ranks=[0, 1],
    )
    assert changes[1].after.mu == pytest.approx(expected[0][0].mu)
    assert changes[3].after.sigma == pytest.approx(expected[0][1].sigma)
    assert changes[2].after.mu == pytest.approx(expected[1][0].mu)
    assert changes[1].after.mu > 30.0 and changes[2].after.mu < 25.0
    assert [changes[r].after.matches for r in (1, 2, 3)] == [8, 2, 4]


def test_a_draw_and_partners_move_as_openskill_does() -> None:
    """A 够级 draw: both teams tied, as openskill rates a tie; 拱猪 partners: two sides of two."""
    model = BradleyTerryPart()
    priors = {r: Skill(20.0 + r, 5.0 + r / 2, 3) for r in range(1, 7)}
    drawn = league.standings((10, -4, -5, 4, 0, 5), lambda seat: seat % 2, [1, 2, 3, 4, 5, 6])
    changes = {c.rater: c for c in league.rate(drawn, priors.__getitem__)}
    teams = [[model.rating(mu=priors[r].mu, sigma=priors[r].sigma) for r in (1, 3, 5)],
             [model.rating(mu=priors[r].mu, sigma=priors[r].sigma) for r in (2, 4, 6)]]  # fmt: skip
    expected = model.rate(teams, ranks=[0, 0])
    assert [changes[r].after.mu for r in (1, 3, 5)] == pytest.approx([p.mu for p in expected[0]])
    assert [changes[r].after.sigma for r in (2, 4, 6)] == pytest.approx([p.sigma for p in expected[1]])
    partners = league.standings((-100, 50, 50, -300), lambda seat: seat % 2, [1, 2, 3, 4])
    changes = {c.rater: c for c in league.rate(partners, priors.__getitem__)}
    teams = [[model.rating(mu=priors[r].mu, sigma=priors[r].sigma) for r in (1, 3)],
             [model.rating(mu=priors[r].mu, sigma=priors[r].sigma) for r in (2, 4)]]  # fmt: skip
    expected = model.rate(teams, ranks=[0, 1])  # seats 0 and 2 sum to -50, seats 1 and 3 to -250
    assert [changes[r].after.mu for r in (1, 3, 2, 4)] == pytest.approx([p.mu for t in expected for p in t])


def test_a_bot_level_on_several_seats_moves_by_their_mean() -> None:
    bot = bot_rater("strong")
    results = [
        SeatResult(0, 1, 0, 1),
        SeatResult(1, bot, 1, 0),
        SeatResult(2, bot, 2, 2),
        SeatResult(3, 9, 3, 3),
    ]
    fresh = lambda rater: Skill.new()  # noqa: E731
    changes = {c.rater: c for c in league.rate(results, fresh)}
    model = BradleyTerryPart()
    expected = model.rate([[model.rating()] for _ in range(4)], ranks=[1, 0, 2, 3])
    assert changes[bot].seats == (1, 2)
    assert changes[bot].after.mu == pytest.approx((expected[1][0].mu + expected[2][0].mu) / 2)
    assert changes[bot].after.matches == 1  # one match, however many seats


@settings(max_examples=300, deadline=None)
@given(
    totals=st.lists(st.integers(-400, 200).map(lambda t: t * 10), min_size=3, max_size=6),
    partners=st.booleans(),
    prior=st.tuples(st.floats(10.0, 40.0), st.floats(1.0, 25 / 3)),
    others=st.lists(st.tuples(st.floats(10.0, 40.0), st.floats(1.0, 25 / 3)), min_size=6, max_size=6),
    equal=st.lists(st.booleans(), min_size=6, max_size=6),
)
def test_of_two_players_starting_equal_the_one_placed_higher_never_gains_less(
    totals: list[int],
    partners: bool,
    prior: tuple[float, float],
    others: list[tuple[float, float]],
    equal: list[bool],
) -> None:
    """Whatever the places, ties and the other seats' ratings: among the seats that start the match
    with one rating, a better rank gains at least as much, in mu and in the rating shown."""
    seats = len(totals)
    team = (lambda seat: seat % 2) if partners and seats % 2 == 0 else (lambda seat: None)
    results = league.standings(totals, team, list(range(1, seats + 1)))
    priors = {r: Skill(*(prior if equal[r - 1] else others[r - 1]), matches=3) for r in range(1, seats + 1)}
    changes = {c.rater: c for c in league.rate(results, priors.__getitem__)}
    same = [r for r in results if equal[r.rater - 1]]
    for high in same:
        for low in same:
            if high.rank < low.rank:
                up, down = changes[high.rater], changes[low.rater]
                assert up.after.mu - up.before.mu >= down.after.mu - down.before.mu - 1e-9
                assert up.after.shown - up.before.shown >= down.after.shown - down.before.shown


def test_winners_tied_at_the_top_gain_more_than_the_third() -> None:
    """A 拱猪 match ending 0, 0, -140, -200 from new ratings: the two tied winners gain the most."""
    results = league.standings((0, 0, -140, -200), lambda seat: None, [1, 2, 3, 4])
    gains = {c.rater: c.after.shown - c.before.shown for c in league.rate(results, lambda r: Skill.new())}
    assert gains[1] == gains[2] > gains[3] > gains[4]
    assert gains[3] <= 0 < gains[1]


def test_the_seat_is_rated_for_who_held_it_first_even_after_leaving() -> None:
    log = [(0, "player", 7), (1, "bot", None), (0, "referee", 7), (0, "bot", None), (2, "autopilot", 8)]
    assert league.raters(4, log, "strong") == [7, bot_rater("strong"), 8, bot_rater("strong")]


def test_shown_ratings_start_at_1500_and_are_provisional_for_a_few_matches() -> None:
    assert Skill.new().shown == 1500 and Skill.new().provisional
    assert Skill(25.0, 25 / 3, league.PROVISIONAL_BELOW).provisional is False
    assert Skill(30.0, 2.0).shown == round(1500 + 20 * (30.0 - 6.0))
    assert league.bot_level(bot_rater("easy")) == "easy" and league.bot_level(5) is None


# -- in the referee, on a real file ----------------------------------------------------------------


async def play_out(world: World, table: LiveTable) -> None:
    """The humans time out once (strikes=1): on autopilot, the bots play the match to its end."""
    while world.referee.view(table.id).status == "running":
        await world.clock.advance(30)


async def changes_of(world: World, match_id: int, scope: int) -> dict[int, tuple[float, float, int]]:
    async with world.store.reading() as q:
        rows = await q._all(
            "SELECT seat, mu, sigma, rank FROM rating_changes WHERE match_id = ? AND scope = ?",
            (match_id, scope),
        )
    return {r[0]: (r[1], r[2], r[3]) for r in rows}


async def test_a_finished_gongzhu_match_rates_the_player_and_the_bot_level_in_group_and_globally(
    world: World,
) -> None:
    table = await world.table_with_bots("gongzhu", deals="1", strikes="1")
    await play_out(world, table)
    [ended] = world.recorder.events("MatchEnded")
    [told] = world.recorder.events("RatingsChanged")
    seat = world.referee.view(table.id).seat_of(ALICE)
    assert seat is not None
    model = BradleyTerryPart()
    ranks = [sorted(set(ended.totals), reverse=True).index(t) for t in ended.totals]
    expected = model.rate([[model.rating()] for _ in range(4)], ranks=ranks)
    for scope in (GROUP, league.GLOBAL):
        rows = await changes_of(world, table.match_id or 0, scope)
        assert rows[seat][0] == pytest.approx(expected[seat][0].mu)
        assert rows[seat][2] == ranks[seat]
        bots = [s for s in range(4) if s != seat]
        mean = sum(expected[s][0].mu for s in bots) / 3
        assert [rows[s][0] for s in bots] == pytest.approx([mean] * 3)
    alice = next(c for c in told.changes if c.rater == ALICE)
    after = Skill(expected[seat][0].mu, expected[seat][0].sigma, 1)
    assert (alice.seats, alice.before, alice.after, alice.provisional) == ((seat,), 1500, after.shown, True)
    assert {c.rater for c in told.changes} == {ALICE, NORMAL_BOT}
    async with world.store.reading() as q:
        assert await q.skill(GROUP, "gongzhu", ALICE) == pytest.approx((after.mu, after.sigma, 1))
        assert (await q.skill(league.GLOBAL, "gongzhu", NORMAL_BOT) or (0, 0, 0))[2] == 1


async def test_a_gouji_team_win_moves_the_winners_up_and_the_losers_down(world: World) -> None:
    table = await world.table_with_bots("gouji", humans=(ALICE, BOB), max_hands="1", strikes="1")
    await play_out(world, table)
    [ended] = world.recorder.events("MatchEnded")
    rows = await changes_of(world, table.match_id or 0, GROUP)
    view = world.referee.view(table.id)
    alice, bob = view.seat_of(ALICE), view.seat_of(BOB)
    assert alice is not None and bob is not None and alice % 2 != bob % 2  # join order: opposite teams
    if not ended.winners:
        assert {rank for _, _, rank in rows.values()} == {0}
        return
    winner, loser = (alice, bob) if alice in ended.winners else (bob, alice)
    assert rows[winner][2] == 0 and rows[loser][2] == 1
    assert rows[winner][0] > 25.0 > rows[loser][0]


async def test_a_leaver_is_rated_with_their_team_at_full_weight(world: World) -> None:
    table = await world.table_with_bots("gongzhu", humans=(ALICE, BOB), deals="1", strikes="1", partners="on")
    seat = world.referee.view(table.id).seat_of(ALICE)
    await world.referee.leave(table.id, ALICE)
    await play_out(world, table)
    [told] = world.recorder.events("RatingsChanged")
    assert ALICE in {c.rater for c in told.changes}
    rows = await changes_of(world, table.match_id or 0, GROUP)
    async with world.store.reading() as q:
        raters = dict(
            await q._all("SELECT seat, rater FROM rating_changes WHERE match_id = ?", (table.match_id,))
        )
    assert raters[seat] == ALICE  # not the bot that sat in
    partner = (seat + 2) % 4
    assert rows[seat][2] == rows[partner][2]  # her side's rank


async def test_a_match_without_a_person_is_not_rated(world: World) -> None:
    table = await world.table_with_bots("gongzhu", humans=(), deals="1")
    assert world.referee.view(table.id).status == "finished"
    assert world.recorder.events("RatingsChanged") == []
    assert await changes_of(world, table.match_id or 0, GROUP) == {}


async def test_a_stopped_match_is_not_rated(world: World) -> None:
    table = await world.table_with_bots("gongzhu", deals="1")
    await world.referee.stop(table.id, None)
    assert world.recorder.events("RatingsChanged") == []


async def league_snapshot(world: World) -> tuple[list[tuple[object, ...]], list[tuple[object, ...]]]:
    async with world.store.reading() as q:
        ratings = await q._all("SELECT * FROM ratings ORDER BY scope, game, rater")
        changes = await q._all("SELECT * FROM rating_changes ORDER BY match_id, scope, seat")
    return [tuple(r) for r in ratings], [tuple(r) for r in changes]


async def allow_many_tables(world: World) -> None:
    async with world.store.transaction() as q:
        await q.save_group(GROUP, "")
        await q.set_group_settings(GROUP, {}, True, None)


async def test_a_rebuild_from_the_move_logs_gives_the_live_ratings_exactly(world: World) -> None:
    await allow_many_tables(world)
    first = await world.table_with_bots("gongzhu", humans=(ALICE, BOB), deals="1", strikes="1")
    await play_out(world, first)
    second = await world.table_with_bots("gouji", humans=(ALICE,), max_hands="1", strikes="1")
    await play_out(world, second)
    await world.referee.rematch(first.id)
    await play_out(world, first)
    live = await league_snapshot(world)
    assert len(live[0]) >= 8 and len(live[1]) >= 2 * (4 + 6 + 4)
    assert await rebuild(world.store) == 3
    assert await league_snapshot(world) == live
    async with world.store.transaction() as q:  # a league lost (or a database from before it)
        await q.clear_league()
    assert (await league_snapshot(world))[0] == []
    assert await rebuild(world.store) == 3
    assert await league_snapshot(world) == live


async def test_the_rebuild_command_refuses_a_database_the_bot_holds(
    world: World, capsys: pytest.CaptureFixture[str]
) -> None:
    refused = await asyncio.to_thread(ratings_main, ["--rebuild", "--database", str(world.path)])
    assert refused == 1 and "stop the bot first" in capsys.readouterr().err


async def test_the_rebuild_command_rates_a_closed_database(
    world: World, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    table = await world.table_with_bots("gongzhu", deals="1", strikes="1")
    await play_out(world, table)
    live = await league_snapshot(world)
    await world.close()
    done = await asyncio.to_thread(ratings_main, ["--rebuild", "--database", str(world.path)])
    assert done == 0 and "rated 1 finished matches" in capsys.readouterr().out
    again = await World.open(world.path, heartbeat=None)
    try:
        assert await league_snapshot(again) == live
    finally:
        await again.close()


async def test_matches_ending_at_once_both_count(world: World) -> None:
    """Two tables whose last moves commit together: the bot level, in both, keeps both updates."""
    await allow_many_tables(world)
    tables = [
        await world.table_with_bots("gongzhu", humans=(player,), deals="1", strikes="1")
        for player in (ALICE, BOB)
    ]
    while any(world.referee.view(t.id).status == "running" for t in tables):
        await world.clock.advance(30)  # both tables' clocks fire in the same step
    live = await league_snapshot(world)
    async with world.store.reading() as q:
        bot = await q.skill(GROUP, "gongzhu", NORMAL_BOT)
    assert bot is not None and bot[2] == 2
    assert await rebuild(world.store) == 2  # sequential, from the logs: the same numbers
    assert await league_snapshot(world) == live


async def test_a_database_from_before_the_league_is_rated_once_at_start_up(world: World) -> None:
    """An upgraded store (schema 5 added, nothing rated yet): its finished matches are rated from
    their logs when the referee starts, once; the numbers are those the league would have kept."""
    table = await world.table_with_bots("gongzhu", humans=(ALICE, BOB), deals="1", strikes="1")
    await play_out(world, table)
    live = await league_snapshot(world)
    async with world.store.transaction() as q:  # as migration 5 leaves an older file
        await q.clear_league()
        await q._run("DELETE FROM meta WHERE key = 'league_rated'")
    await world.crash()
    later = await world.reopen()
    assert await league_snapshot(later) == live
    async with later.store.reading() as q:
        assert await q.meta("league_rated") == league.MODEL_NAME
    async with later.store.transaction() as q:  # a second start rates nothing again
        await q._run("DELETE FROM rating_changes")
    await later.crash()
    again = await later.reopen()
    try:
        assert (await league_snapshot(again))[1] == []
    finally:
        await again.close()


async def test_ratings_made_by_another_model_are_made_again_at_start_up(world: World) -> None:
    """A store whose ratings another model made (its meta names no model, or another one): every
    finished match is rated again from its log at the next start, under the model in force."""
    table = await world.table_with_bots("gongzhu", humans=(ALICE, BOB), deals="1", strikes="1")
    await play_out(world, table)
    live = await league_snapshot(world)
    async with world.store.transaction() as q:  # as a build rating with Plackett-Luce left it
        await q._run("UPDATE ratings SET mu = mu + 3")
        await q.set_meta("league_rated", "1")
    await world.crash()
    later = await world.reopen()
    try:
        assert await league_snapshot(later) == live
    finally:
        await later.close()


async def test_each_scope_starts_from_its_own_ratings(world: World) -> None:
    """Alice plays in two groups: each group's rating starts from 1500 for her, the global one
    from where her first match left it."""
    other = GROUP - 1
    first = await world.table_with_bots("gongzhu", deals="1", strikes="1")
    await play_out(world, first)
    second = await world.referee.open_table(other, ALICE, "gongzhu", {"deals": "1", "strikes": "1"}, "fast")
    await world.referee.add_bot(second.id, 0)
    await world.referee.start(second.id)
    await play_out(world, second)
    async with world.store.reading() as q:
        after_first = await q.skill(GROUP, "gongzhu", ALICE)
        in_other = await q._all(
            "SELECT scope, mu_before, sigma_before, matches FROM rating_changes "
            "WHERE match_id = ? AND rater = ?",
            (second.match_id, ALICE),
        )
        everywhere = await q.skill(league.GLOBAL, "gongzhu", ALICE)
    fresh = Skill.new()
    befores = {scope: (mu, sigma, matches) for scope, mu, sigma, matches in in_other}
    assert befores[other] == pytest.approx((fresh.mu, fresh.sigma, 1))
    assert after_first is not None and befores[league.GLOBAL] == pytest.approx((*after_first[:2], 2))
    assert everywhere is not None and everywhere[2] == 2
    # the second group is told its own numbers, not the global ones
    told = next(c for c in world.recorder.events("RatingsChanged")[-1].changes if c.rater == ALICE)
    in_group = await changes_of(world, second.match_id or 0, other)
    seat = world.referee.view(second.id).seat_of(ALICE)
    assert seat is not None and after_first is not None
    assert told.before == fresh.shown != Skill(*after_first).shown
    assert told.after == Skill(in_group[seat][0], in_group[seat][1], 1).shown and told.provisional


async def test_bot_seats_are_rated_as_the_level_the_table_played_with(world: World) -> None:
    """A table of easy bots rated as normal ones would move the wrong level's rating."""
    table = await world.table_with_bots("gongzhu", deals="1", strikes="1", bots="easy")
    await play_out(world, table)
    [told] = world.recorder.events("RatingsChanged")
    assert {c.rater for c in told.changes} == {ALICE, bot_rater("easy")}
    async with world.store.reading() as q:
        assert await q.skill(GROUP, "gongzhu", NORMAL_BOT) is None
        assert (await q.skill(league.GLOBAL, "gongzhu", bot_rater("easy")) or (0, 0, 0))[2] == 1


async def test_a_rebuild_keeps_the_order_matches_were_rated_in_when_their_ends_say_otherwise(
    world: World,
) -> None:
    """Matches are rated in the order they were first rated (a database from before
    the league was rated by end time, at once); a rebuild that sorted by end time instead gave
    other numbers once the two orders differ."""
    await allow_many_tables(world)
    first = await world.table_with_bots("gongzhu", humans=(ALICE, BOB), deals="1", strikes="1")
    await play_out(world, first)
    second = await world.table_with_bots("gongzhu", humans=(ALICE,), deals="1", strikes="1")
    await play_out(world, second)
    live = await league_snapshot(world)
    async with world.store.transaction() as q:  # the second match's end written earlier than the first's
        await q._run("UPDATE matches SET ended_at = ? WHERE id = ?", (0.0, second.match_id))
    assert await rebuild(world.store) == 2
    assert (await league_snapshot(world))[0] == live[0]  # every skill as live (the changes' times moved)


async def test_a_profile_after_two_matches_charts_three_points_and_names_who_was_met(world: World) -> None:
    table = await world.table_with_bots("gongzhu", humans=(ALICE, BOB), deals="1", strikes="1", partners="on")
    await play_out(world, table)
    await world.referee.rematch(table.id)
    await play_out(world, table)
    profile = await world.referee.profile(ALICE, GROUP)
    assert profile is not None and profile.name == "Alice"
    [game] = profile.games
    assert (game.game, game.rated, game.matches, len(game.history)) == ("gongzhu", 2, 2, 3)
    assert game.history[0] == 1500
    async with world.store.reading() as q:
        skill = await q.skill(GROUP, "gongzhu", ALICE)
    assert skill is not None and game.history[-1] == Skill(*skill).shown == game.rating
    view = world.referee.view(table.id)
    alice, bob = view.seat_of(ALICE), view.seat_of(BOB)
    assert alice is not None and bob is not None
    partners = alice % 2 == bob % 2
    met = {m.rater: m for m in (game.teammates if partners else game.opponents)}
    assert met[BOB].matches == 2
    assert NORMAL_BOT in {m.rater for m in (*game.teammates, *game.opponents)}
    assert await world.referee.profile(BOB, GROUP - 5) is None  # never played in that group
