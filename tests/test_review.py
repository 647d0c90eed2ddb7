"""Reviews: a play weighed from what its player could see. A clear loss is marked
with the right better move, an equal choice is not, the hidden hands are never read, a loss
inside the noise is no mistake; in the referee, only a finished match of the group is reviewed,
once, in the workers, and only its people's plays."""

from __future__ import annotations

import random
from concurrent.futures import ThreadPoolExecutor

import pytest

from engine.errors import Refused
from engine.gongzhu import Rules, deal_from, from_hands
from engine.gongzhu.review import MARKS, weigh
from engine.gouji import Rules as GoujiRules
from engine.gouji import bot as gouji_bot
from engine.gouji import from_hands as gouji_hands
from engine.gouji import new_match as gouji_match
from engine.gouji import review as gouji_review
from engine.referee import reviews
from engine.referee.table import LiveTable
from engine.referee.thinking import Thinkers
from engine.review import Judgement, Weighed, judge, mark_of
from engine.seeding import rng
from tests.referee.test_league import allow_many_tables
from tests.referee.world import ALICE, BOB, GROUP, World

OTHER_GROUP = -2002
# seat 0 leads ♥5; Alice (seat 1) holds no heart: she may shed the pig (♠Q) on the trick that ♥A
# wins, or keep it and take it when ♠ is led to her next
PIG_HANDS = ["H5 H6 H7", "SQ C2 C3", "HA S2 S3", "D4 D5 D6"]


def judged(hands: list[str], made: str) -> tuple[str, float, float, str]:
    deal = from_hands(hands, leader=0, rules=Rules(auto_claim=False))
    deal.apply(0, "H5")
    weighed = weigh(deal, 1, made, random.Random(5), 32)
    assert weighed is not None
    return judge(weighed, made, MARKS)


def test_keeping_the_pig_when_it_could_be_shed_is_marked_with_the_pig_as_the_better_play() -> None:
    best, loss, noise, mark = judged(PIG_HANDS, "C2")
    assert best == "SQ" and mark in ("mistake", "blunder") and loss > 2 * noise
    assert judged(PIG_HANDS, "SQ")[3] == "good"


def test_an_equal_choice_is_not_marked() -> None:
    hands = ["H5 H6 H7", "C2 C3 D2", "HA S2 S3", "D4 D5 D6"]
    for made in ("C2", "C3", "D2"):
        assert judged(hands, made)[1:] == (0.0, 0.0, "good")


def test_the_review_never_reads_a_hidden_hand() -> None:
    """Seats 2 and 3 swap hands: nothing Alice could see changed, so nothing of the review does."""
    swapped = [PIG_HANDS[0], PIG_HANDS[1], PIG_HANDS[3], PIG_HANDS[2]]
    assert judged(swapped, "C2") == judged(PIG_HANDS, "C2")
    assert judged(swapped, "C3") == judged(PIG_HANDS, "C3")


def test_a_loss_inside_its_noise_is_no_mistake_and_the_marks_follow_the_thresholds() -> None:
    marks = (30.0, 60.0, 120.0)
    assert mark_of(50.0, 30.0, marks) == "good"  # 50 ≤ 2 × 30: the samples cannot tell
    assert [mark_of(loss, 1.0, marks) for loss in (20, 30, 59.9, 60, 120, 500)] == [
        "good", "inaccuracy", "inaccuracy", "mistake", "blunder", "blunder",
    ]  # fmt: skip


def test_the_best_moves_loss_is_read_from_fresh_samples_not_the_ones_that_picked_it() -> None:
    """The best of several noisy estimates won partly by luck: what it is worth comes from the
    decision weighed again (`confirmed`), where it was not picked."""
    marks = (30.0, 60.0, 120.0)
    picked = [Weighed("SQ", 80.0, 5.0), Weighed("C2", 0.0, 0.0)]
    lucky = [Weighed("SQ", -3.0, 4.0), Weighed("C2", 0.0, 0.0)]
    assert judge(picked, "C2", marks, lucky) == ("SQ", 0.0, 4.0, "good")
    real = [Weighed("SQ", 70.0, 6.0), Weighed("C2", 0.0, 0.0)]
    assert judge(picked, "C2", marks, real) == ("SQ", 70.0, 6.0, "mistake")


def test_a_gouji_play_is_weighed_from_the_players_view_only() -> None:
    """够级: the move made is among the weighed candidates at no gain over itself, and swapping
    two other seats' hidden hands changes nothing of the weights."""
    hands = [
        "3 4 5 6 7 8 9 10 J Q K A 2", "4 4 5 5 6 6 7 7 8 8 9 9 BJ", "10 10 J J Q Q K K A A 2 2 SJ",
        "3 3 5 5 7 7 9 9 J J K K 2", "4 4 6 6 8 8 10 10 Q Q A A 2", "3 5 7 9 J K 4 6 8 10 Q A SJ",
    ]  # fmt: skip
    weights = []
    for order in (hands, [*hands[:3], hands[5], hands[4], hands[3]]):
        hand = gouji_hands(order, leader=0)
        made = str(hand.legal_moves(0)[0])
        weighed = gouji_review.weigh(hand, 0, made, rng("review-test"), 4)
        assert weighed is not None and any(w.move == made and w.gain == 0.0 for w in weighed)
        weights.append([(w.move, w.gain, w.noise) for w in weighed])
    assert weights[0] == weights[1]


def test_a_gongzhu_exposure_is_not_judged() -> None:
    """明牌's worth rests on the whole deal's play, which playouts estimate worst: the judge
    weighs plays only (docs/bots.md, "What the judge cannot see")."""
    hands = ["SQ S2 H3", "SA SK H2", "DJ D2 D3", "C2 C3 C4"]
    deal = deal_from(hands, leader=1, rules=Rules(auto_claim=False))
    assert deal.phase == "expose" and 0 in deal.to_act and len(deal.legal_moves(0)) > 1
    assert weigh(deal, 0, "pass", random.Random(3), 32) is None


def test_a_gouji_decision_before_play_is_weighed_among_its_choices() -> None:
    """革命 and the other searched decisions before play are reviewed among their choices."""
    match = gouji_match(2, GoujiRules())
    for ply in range(142):  # the heuristic's match, up to seat 3's revolution (seed 2)
        seat = match.to_act[0]
        match.apply(seat, gouji_bot.choose(match.current, seat, random.Random(ply)))
    hand, seat = match.current, match.to_act[0]
    assert hand.phase == "revolution"
    made = str(gouji_bot.choose(hand, seat, random.Random(142)))
    weighed = gouji_review.weigh(hand, seat, made, rng("review-test"), 2)
    assert (
        weighed is not None and len(weighed) >= 2 and any(w.move == made and w.gain == 0.0 for w in weighed)
    )


# -- in the referee, on a real file ------------------------------------------------------------


async def played_by(world: World, table: LiveTable, people: tuple[int, ...]) -> None:
    """The people play the normal bot's move at each of their decisions; the bots theirs."""
    game = table.game
    while world.referee.view(table.id).status == "running":
        view = world.referee.view(table.id)
        match = world.referee.match_of(table.id)
        assert match is not None
        seat = next((s for s in match.to_act if view.seats[s].player in people), None)
        if seat is None:
            await world.clock.advance(1)
            continue
        move = game.bots["normal"](match.current, seat, random.Random(view.version))
        await world.referee.submit(table.id, view.seats[seat].player or 0, str(move), view.version)


async def test_a_finished_match_is_reviewed_once_in_the_workers_and_only_its_peoples_plays(
    world: World,
) -> None:
    await allow_many_tables(world)
    table = await world.table_with_bots("gongzhu", humans=(ALICE, BOB), deals="1")
    with pytest.raises(Refused, match="review_after_end"):
        await world.referee.review(GROUP, table.match_id)
    await played_by(world, table, (ALICE, BOB))
    with pytest.raises(Refused, match="no_review"):  # another group's is as unknown as none
        await world.referee.review(OTHER_GROUP, table.match_id)
    untouched = await world.referee.review(GROUP, start=False)
    assert untouched.ready is None and untouched.judgements == ()  # reading starts nothing
    asked = await world.referee.review(GROUP)
    assert asked.ready is not None and not asked.ready.done() and asked.judgements == ()
    again = await world.referee.review(GROUP)
    assert again.ready is asked.ready  # one review a match, however often it is asked
    await asked.ready
    made = await world.referee.review(GROUP)
    assert made.ready is not None and made.ready.done()
    seats = {view.seat for view in world.referee.view(table.id).seats if view.player in (ALICE, BOB)}
    assert made.judgements and {j.seat for j in made.judgements} <= seats
    assert all(j.round == 1 and j.step >= 1 for j in made.judgements)
    moves = await world.moves(table)
    for j in made.judgements:  # each judges the very move the person made at that step
        row = moves[j.step - 1]
        assert (row.seat, row.move, row.actor) == (j.seat, j.move, "player")
        # named by its trick as players count them: the cards played before it, four a trick
        played = sum(1 for r in moves[: j.step - 1] if r.kind == "move" and len(r.move) <= 3)
        assert j.moment == played // 4 + 1
        assert bool(j.reason) == (j.mark != "good")  # a mark says why the better move is better
    assert world.referee.core.thinkers.busy == 0  # a review never holds a table's search worker
    # a review another judge made counts as none: it is made again when asked, in its place
    async with world.referee.core.store.transaction() as q:
        await q._run("UPDATE reviews SET judge = 'an older judge' WHERE match_id = ?", (table.match_id,))
    stale = await world.referee.review(GROUP, start=False)
    assert stale.judgements == () and stale.ready is None
    remade = await world.referee.review(GROUP)
    assert remade.ready is not None
    await remade.ready
    assert (await world.referee.review(GROUP, start=False)).judgements == made.judgements


async def test_reviews_made_at_once_are_bounded(world: World, monkeypatch: pytest.MonkeyPatch) -> None:
    """A group asking for every old match at once cannot hold every search worker: beyond the
    bound a review is refused (try again later), and once one is stored the next may start."""
    monkeypatch.setattr(reviews, "MAKING_AT_ONCE", 1)
    await allow_many_tables(world)
    tables = []
    for _ in range(2):
        table = await world.table_with_bots("gongzhu", humans=(ALICE,), deals="1")
        await played_by(world, table, (ALICE,))
        tables.append(table)
    first = await world.referee.review(GROUP, tables[0].match_id)
    with pytest.raises(Refused, match="review_busy"):
        await world.referee.review(GROUP, tables[1].match_id)
    assert first.ready is not None
    await first.ready
    second = await world.referee.review(GROUP, tables[1].match_id)
    assert second.ready is not None
    await second.ready


async def test_a_review_that_fails_is_told_stores_nothing_and_may_be_asked_again(
    world: World, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    def lost(*args: object) -> list[Judgement]:
        raise RuntimeError("the worker was lost")

    world.referee.core.thinkers = Thinkers(1, pool=lambda workers: ThreadPoolExecutor(workers))
    table = await world.table_with_bots("gongzhu", humans=(ALICE,), deals="1")
    await played_by(world, table, (ALICE,))
    monkeypatch.setattr(reviews, "review_in_worker", lost)
    asked = await world.referee.review(GROUP)
    assert asked.ready is not None
    with pytest.raises(RuntimeError, match="worker was lost"):
        await asked.ready
    assert not [r for r in caplog.records if r.levelname == "ERROR"]  # a warning, read and told
    monkeypatch.undo()
    again = await world.referee.review(GROUP)  # nothing was stored: it is made anew
    assert again.ready is not None and again.ready is not asked.ready
    await again.ready
    assert (await world.referee.review(GROUP)).judgements
