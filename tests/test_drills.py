"""Drills (engine/referee/drills.py): a reviewed mistake asked again at the very position it was
made — the match replayed to the decision agrees with the replay's own record of every hand —
with the move made and the better one among the choices; an answer counts once."""

from __future__ import annotations

import pytest

from engine.errors import Refused
from tests.referee.world import ALICE, BOB, GROUP, World
from tests.test_review import played_by


@pytest.mark.parametrize(
    ("game", "options"), [("gongzhu", {"deals": "1"}), ("gouji", {"max_hands": "1", "revolution": "off"})]
)
async def test_a_drill_is_the_position_its_mistake_was_made_in(
    world: World, game: str, options: dict[str, str]
) -> None:
    with pytest.raises(Refused, match="no_drill"):
        await world.referee.next_drill(ALICE)
    table = await world.table_with_bots(game, humans=(ALICE,), **options)
    await played_by(world, table, (ALICE,))
    asked = await world.referee.review(GROUP)
    assert asked.ready is not None
    await asked.ready
    made = await world.referee.review(GROUP)
    mistakes = [j for j in made.judgements if j.mark != "good"]
    if not mistakes:
        with pytest.raises(Refused, match="no_drill"):
            await world.referee.next_drill(ALICE)
        return
    drill = await world.referee.next_drill(ALICE)
    judged = drill.judged
    assert judged in mistakes and drill.own and drill.maker == ALICE
    assert {judged.move, judged.best} <= set(drill.choices) <= set(drill.position.legal)
    # the position agrees with the replay's record of the hands before that step
    replayed = await world.referee.replay(GROUP, table.match_id, judged.round)
    before = replayed.replay.steps[judged.step - 1]
    assert sorted(drill.position.hand.split()) == sorted(before.hands[judged.seat].split())
    assert drill.position.seat == judged.seat
    # answering: the better move is right, and an answer counts once
    result = world.referee.answer_drill(ALICE, drill.number, drill.choices.index(judged.best))
    assert result.right
    with pytest.raises(Refused, match="stale"):
        world.referee.answer_drill(ALICE, drill.number, 0)
    # Bob sees none of Alice's mistakes until she shares them
    with pytest.raises(Refused, match="no_shared_drill"):
        await world.referee.next_drill(BOB, shared=True)
