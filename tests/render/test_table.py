"""The table picture: the scene read from a real referee's public view, and the
pictures of both games against reviewed golden pictures."""

from __future__ import annotations

import io

import pytest
from PIL import Image

import render
from engine.gouji.views import HandView
from render.games import table_scene
from render.table import HEIGHT, WIDTH, table_picture
from tests.referee.world import ALICE, BOB, World
from tests.render.golden import MAX_CHANGED, assert_matches_golden, changed_share
from tests.render.samples import gongzhu_table as gongzhu_scene
from tests.render.samples import gouji_table as gouji_scene

ALICE_SEAT = 0  # world.table_with_bots seats the humans first


async def test_the_scene_of_a_running_gouji_table_comes_from_its_public_view(world: World) -> None:
    table = await world.table_with_bots("gouji", humans=(ALICE, BOB))
    view = world.referee.view(table.id)
    names = [f"P{s}" for s in range(6)]
    scene = table_scene(view, names, world.clock.now())
    assert scene.game == "gouji" and scene.round_no == 1
    assert [s.name for s in scene.seats] == names
    assert [s.team for s in scene.seats] == [0, 1, 0, 1, 0, 1]
    assert [s.is_bot for s in scene.seats] == [False, False, True, True, True, True]
    assert view.public is not None
    assert tuple(s.cards_left for s in scene.seats) == view.public.cards_left
    assert scene.to_act == tuple(view.to_act)
    assert scene.seconds_left == round(view.deadline_at - world.clock.now())
    await world.clock.advance(5)
    assert table_scene(view, names, world.clock.now()).seconds_left == scene.seconds_left - 5


async def test_the_scene_of_a_gongzhu_table_holds_no_card_of_any_hand(world: World) -> None:
    table = await world.table_with_bots("gongzhu")
    deal = table.match.rounds[-1]
    for _ in range(3):  # into the play: a trick on the table
        seat = world.referee.view(table.id).to_act
        if seat == (0,):
            await world.referee.submit(table.id, ALICE, deal.legal_moves(0)[0], table.version)
        await world.clock.advance(30)
    scene = table_scene(world.referee.view(table.id), ["A", "B", "C", "D"], world.clock.now())
    assert scene.game == "gongzhu" and len(scene.seats) == 4
    words = set(repr(scene).replace("'", " ").replace(",", " ").replace("(", " ").replace(")", " ").split())
    for seat in range(4):
        hidden = {str(c) for c in deal.hand(seat)} - set(scene.seats[seat].corner)  # the exposed
        assert not hidden & words, f"seat {seat}'s hand shows in the scene"
    assert [s.cards_left for s in scene.seats] == [len(deal.hand(s)) for s in range(4)]


def test_the_table_picture_has_the_size_phones_show_whole() -> None:
    for scene in (gouji_scene(), gongzhu_scene()):
        image = Image.open(io.BytesIO(table_picture(scene)))
        assert image.size == (WIDTH, HEIGHT)


def test_whose_turn_it_is_changes_the_picture() -> None:
    a = Image.open(io.BytesIO(table_picture(gouji_scene(to_act=(3,)))))
    b = Image.open(io.BytesIO(table_picture(gouji_scene(to_act=(0,)))))
    assert changed_share(a, b) > 0.005


@pytest.mark.parametrize(("theme", "lang"), [("light", "zh"), ("dark", "en")])
def test_gouji_table_matches_its_golden_picture(theme: str, lang: str) -> None:
    assert_matches_golden(table_picture(gouji_scene(), theme, lang), f"gouji_table_{theme}_{lang}")


@pytest.mark.parametrize(("theme", "lang"), [("light", "en"), ("dark", "zh")])
def test_gongzhu_table_matches_its_golden_picture(theme: str, lang: str) -> None:
    assert_matches_golden(table_picture(gongzhu_scene(), theme, lang), f"gongzhu_table_{theme}_{lang}")


async def test_a_live_gouji_table_shows_pass_and_headless_only_where_the_engine_has_them(
    world: World,
) -> None:
    """The scene read the engine's per-seat boolean lists as sets of seats, so seat 1
    (1 == True) showed 过 before anyone played and 无头 showed from the first move."""
    table = await world.table_with_bots("gouji", humans=(ALICE,))
    world.referee.bot_delay = 1.0
    names = [f"P{s}" for s in range(6)]
    seen_pass = False
    for _ in range(60):
        view = world.referee.view(table.id)
        if view.status != "running":
            break
        public = view.public
        assert isinstance(public, HandView)
        scene = table_scene(view, names, world.clock.now())
        expected = [p and s not in public.finish_order for s, p in enumerate(public.passed)]
        assert [any(m.key == "passed" for m in s.marks) for s in scene.seats] == expected
        headless = [h and s not in public.finish_order for s, h in enumerate(public.headless)]
        assert [any(m.key == "headless" for m in s.marks) for s in scene.seats] == headless
        assert ("headless" in scene.notes) == any(public.headless)
        seen_pass = seen_pass or any(expected)
        if view.to_act == (0,):
            legal = world.referee.private_view(table.id, ALICE).legal
            await world.referee.submit(table.id, ALICE, legal[-1], view.version)
        await world.clock.advance(1.0)
    assert seen_pass  # the walk saw passes, so the comparison was not empty
    first = table_scene(world.referee.view(table.id), names, world.clock.now())
    assert first.game == "gouji"


async def test_a_live_gouji_table_matches_its_golden_picture(world: World) -> None:
    """Drawn from a real referee's public view a few moves into a hand, not from a hand-made
    scene: what the group sees (passes where they are, no stray 无头)."""
    table = await world.table_with_bots("gouji", humans=(ALICE,))
    world.referee.bot_delay = 1.0
    for _ in range(12):  # Alice plays her last offered set each time; the bots answer
        view = world.referee.view(table.id)
        if view.to_act == (0,):
            legal = world.referee.private_view(table.id, ALICE).legal
            await world.referee.submit(table.id, ALICE, legal[-1], view.version)
        await world.clock.advance(1.0)
    view = world.referee.view(table.id)
    picture = table_picture(table_scene(view, [f"P{s}" for s in range(6)], world.clock.now()))
    assert_matches_golden(picture, "gouji_table_live")


@pytest.mark.parametrize("game", ["gouji", "gongzhu"])
async def test_a_live_private_view_shows_the_table_on_top_of_the_hand(world: World, game: str) -> None:
    """The player's own picture holds what they need to decide — each seat's cards and
    state, whose turn, the set or trick to beat — drawn from a live referee, not a made-up scene."""
    table = await world.table_with_bots(game, humans=(ALICE,))
    world.referee.bot_delay = 1.0
    for _ in range(8):
        view = world.referee.view(table.id)
        mine = world.referee.private_view(table.id, ALICE)
        if mine.legal:  # Alice decides now (in 拱猪's exposure window too, which view.to_act hides)
            await world.referee.submit(table.id, ALICE, mine.legal[0], view.version)
        await world.clock.advance(1.0)
    view = world.referee.view(table.id)
    names = [f"P{s}" for s in range(len(view.seats))]
    scene = table_scene(view, names, world.clock.now())
    mine = world.referee.private_view(table.id, ALICE)
    assert [s.cards_left for s in scene.seats][ALICE_SEAT] == len(mine.hand.split())
    draw = render.gouji.hand if game == "gouji" else render.gongzhu.hand
    with_table = draw(mine.hand, table=scene, me=ALICE_SEAT)
    alone = Image.open(io.BytesIO(draw(mine.hand)))
    picture = Image.open(io.BytesIO(with_table))
    assert picture.height > alone.height  # the table sits on top ...
    bottom = picture.crop((0, picture.height - alone.height, alone.width, picture.height))
    assert changed_share(bottom, alone) <= MAX_CHANGED  # ... of the very same hand
    assert_matches_golden(with_table, f"{game}_private_live")
