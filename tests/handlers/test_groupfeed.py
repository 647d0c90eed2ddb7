"""The group's pacing: news merged, never dropped, and a busy table held under the group limit."""

from __future__ import annotations

from engine.referee.clock import ManualClock
from handlers.groupfeed import BURST, PER_MINUTE, REDRAWS_PER_SECOND, Batch, GroupFeed

GROUP = -100


class Group:
    """Records what would be sent: one call for the table, one per line message and sheet."""

    def __init__(self) -> None:
        self.sent: list[tuple[float, int, Batch]] = []
        self.clock = ManualClock()

    async def send(self, group: int, table: int, batch: Batch) -> int:
        self.sent.append((self.clock.now(), table, batch))
        return 1 + bool(batch.lines) + len(batch.sheets)


async def test_a_quiet_group_gets_news_at_once() -> None:
    group = Group()
    feed = GroupFeed(group.clock, group.send)
    await feed.post(GROUP, 1, "v1", ["够级！"], None)
    await feed.idle()
    assert [(t, b.view, b.lines) for t, _, b in group.sent] == [(group.clock.now(), "v1", ["够级！"])]


async def test_a_busy_table_is_merged_into_few_messages_and_nothing_is_lost() -> None:
    group = Group()
    feed = GroupFeed(group.clock, group.send)
    start = group.clock.now()
    for move in range(600):  # a move every half second for five minutes, each with a line
        await feed.post(GROUP, 1, f"v{move}", [f"line {move}"], b"sheet" if move % 100 == 99 else None)
        await feed.idle()
        await group.clock.advance(0.5)
    await group.clock.advance(60)  # the rest goes out once the budget refills
    lines = [line for _, _, batch in group.sent for line in batch.lines]
    assert lines == [f"line {m}" for m in range(600)]  # every line, in order
    assert sum(len(b.sheets) for _, _, b in group.sent) == 6
    assert group.sent[-1][2].view == "v599"  # the table ends at the latest state
    calls = [(t, 1 + bool(b.lines) + len(b.sheets)) for t, _, b in group.sent]
    for minute in range(6):  # in any minute: the budget, plus the burst saved before it
        window = [n for t, n in calls if start + 60 * minute <= t < start + 60 * (minute + 1)]
        assert sum(window) <= PER_MINUTE + BURST + 1, minute  # a batch may overdraw by one


async def test_tables_in_different_groups_do_not_wait_for_each_other() -> None:
    group = Group()
    feed = GroupFeed(group.clock, group.send, per_minute=1, burst=1)
    await feed.post(GROUP, 1, "a", ["x"], None)
    await feed.idle()
    await feed.post(GROUP, 1, "b", ["y"], None)  # over budget: waits
    await feed.idle()
    await feed.post(GROUP - 1, 2, "c", ["z"], None)  # another group: at once
    await feed.idle()
    assert [b.view for _, _, b in group.sent] == ["a", "c"] and feed.waiting(GROUP)
    await group.clock.advance(600)
    assert [b.view for _, _, b in group.sent] == ["a", "c", "b"] and not feed.waiting(GROUP)


async def test_a_table_that_only_moved_is_redrawn_every_few_seconds_but_news_goes_at_once() -> None:
    group = Group()
    feed = GroupFeed(group.clock, group.send, table_every=8)
    start = group.clock.now()
    await feed.post(GROUP, 1, "v1", [], None)
    await feed.idle()
    await group.clock.advance(1)
    await feed.post(GROUP, 1, "v2", [], None)  # a move: waits for the redraw
    await feed.idle()
    await group.clock.advance(1)
    await feed.post(GROUP, 1, "v3", [], None)
    await feed.idle()
    assert [b.view for _, _, b in group.sent] == ["v1"]
    await group.clock.advance(6)
    assert [(t - start, b.view) for t, _, b in group.sent] == [(0, "v1"), (8, "v3")]
    await feed.post(GROUP, 1, "v4", ["够级！"], None)  # news: at once, with the latest table
    await feed.idle()
    assert [b.view for _, _, b in group.sent][-1] == "v4"


async def test_at_shutdown_everything_waiting_goes_out() -> None:
    group = Group()
    feed = GroupFeed(group.clock, group.send, per_minute=1, burst=1)
    for n in range(5):
        await feed.post(GROUP, 1, f"v{n}", [f"line {n}"], None)
        await feed.idle()
    await feed.flush()
    assert [line for _, _, b in group.sent for line in b.lines] == [f"line {n}" for n in range(5)]
    assert not feed.waiting(GROUP) and not group.clock.pending()


async def test_many_groups_redraws_stretch_out_but_their_news_does_not() -> None:
    """200 groups each redrawn every 8 s took 25 calls a second, the bot's whole
    budget, and presses waited behind them. Redraws of tables that only moved stretch out with
    the number of groups; news still goes at once."""
    group = Group()
    feed = GroupFeed(group.clock, group.send, table_every=8)
    groups = [GROUP - i for i in range(int(REDRAWS_PER_SECOND * 30))]  # redraws every 30 s
    for g in groups:
        await feed.post(g, g, "v1", [], None)
        await feed.idle()
    for g in groups:
        await feed.post(g, g, "v2", [], None)  # a move: waits for the redraw
        await feed.idle()
    await group.clock.advance(20)
    assert not [b for _, _, b in group.sent if b.view == "v2"]  # not after 8 s, nor 20
    await feed.post(groups[0], groups[0], "v3", ["够级！"], None)
    await feed.idle()
    assert group.sent[-1][2].view == "v3"  # news at once
    await group.clock.advance(15)
    redrawn = [t for t, _, b in group.sent if b.view == "v2"]
    assert len(redrawn) == len(groups) - 1
    start = group.sent[0][0]
    assert min(redrawn) - start >= 30 - 1e-6


async def test_a_posts_delivery_is_done_once_its_batch_went_out_not_while_it_waits() -> None:
    """A round's end stays owed until its sheet is in the group: the delivery says when."""
    group = Group()
    feed = GroupFeed(group.clock, group.send, per_minute=1, burst=1)
    first = await feed.post(GROUP, 1, "a", ["x"], None)
    await feed.idle()
    assert first.done()
    sheet = await feed.post(GROUP, 1, "b", ["the deal ends"], b"sheet")  # over budget: waits
    merged = await feed.post(GROUP, 1, "c", ["next deal"], None)  # joins the waiting batch
    await feed.idle()
    assert merged is sheet and not sheet.done()
    await group.clock.advance(600)
    assert sheet.done() and group.sent[-1][2].sheets == [b"sheet"]
    later = await feed.post(GROUP, 1, "d", ["after"], None)  # a new batch: a delivery of its own
    assert later is not sheet


async def test_a_delivery_ends_with_its_group_gone_and_is_cancelled_when_the_stop_cuts_it_off() -> None:
    group = Group()
    feed = GroupFeed(group.clock, group.send, per_minute=1, burst=1)
    await feed.post(GROUP, 1, "a", ["x"], None)
    await feed.post(GROUP - 1, 2, "a", ["x"], None)
    await feed.idle()
    gone = await feed.post(GROUP, 1, "b", ["y"], b"sheet")
    cut_off = await feed.post(GROUP - 1, 2, "b", ["y"], b"sheet")
    await feed.idle()
    feed.forget(GROUP)  # the group removed the bot: nothing is owed to it any more
    assert gone.done() and not gone.cancelled()
    await feed.abandon()  # the stop's time ran out before the sheet went: it stays owed
    assert cut_off.cancelled() and len(group.sent) == 2
