"""A leak found reading a live 拱猪 table: during the exposure window every caption
said "to play: Bob, bot 2, Alice" — the seats asked, that is, the holders of ♠Q ♦J ♣10 ♥A — and
the group's table picture outlined them. Who is asked is as secret as the cards themselves."""

from __future__ import annotations

from render.games import table_scene
from tests.referee.world import ALICE, World


async def test_nothing_public_names_the_seats_asked_to_expose(world: World) -> None:
    table = await world.table_with_bots("gongzhu", humans=(ALICE,), expose_seconds="30")
    view = world.referee.view(table.id)
    assert view.public is not None and view.public.phase == "expose"
    assert world.referee.private_view(table.id, ALICE).legal  # Alice is asked (the seed deals her one)
    assert view.to_act == ()  # ... and nothing public says so
    assert table_scene(view, ["A", "B", "C", "D"], world.clock.now()).to_act == ()
    for notice in world.recorder.notices:  # every notice of the window, the group's included
        public = notice.table.public
        assert public is None or public.phase != "expose" or notice.table.to_act == ()
