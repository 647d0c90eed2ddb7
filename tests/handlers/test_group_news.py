"""What the group's batch of news becomes: a score sheet's caption opens with the round's end
(its result, the match's, the ratings), never with the last plays before it."""

from __future__ import annotations

from handlers.groupfeed import Batch, news_parts

TITLE = "📊 Score sheet"


def test_the_sheets_caption_opens_with_the_rounds_end_and_the_plays_go_before_it() -> None:
    batch = Batch()
    batch.add(None, ["Bob plays 7 7"], None)
    batch.add(None, ["Bob goes out: 4th.", "Dave plays 8 BJ BJ", "Hand 1 is over.", "Team 1 won!"], b"png", 2)
    told, caption = news_parts(batch, TITLE)
    assert told == ["Bob plays 7 7", "Bob goes out: 4th.", "Dave plays 8 BJ BJ"]
    assert caption == "Hand 1 is over.\nTeam 1 won!"


def test_lines_after_the_sheet_go_in_the_message_and_the_caption_is_the_title() -> None:
    batch = Batch()
    batch.add(None, ["Hand 1 is over."], b"png", 1)
    batch.add(None, ["Hand 2 begins."], None)
    assert news_parts(batch, TITLE) == (["Hand 1 is over.", "Hand 2 begins."], "")


def test_without_a_sheet_every_line_is_the_message() -> None:
    batch = Batch()
    batch.add(None, ["Alice plays 3"], None)
    assert news_parts(batch, TITLE) == (["Alice plays 3"], "")


def test_a_caption_over_telegrams_limit_leaves_every_line_to_the_message() -> None:
    batch = Batch()
    batch.add(None, ["x" * 600, "y" * 600], b"png", 2)
    assert news_parts(batch, TITLE) == (["x" * 600, "y" * 600], "")
