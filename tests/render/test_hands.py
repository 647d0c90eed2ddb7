"""Hand pictures: every card appears where the layout says, groups and marks follow the
rules' grouping, sizes stay phone-friendly, and the drawings match reviewed golden pictures."""

from __future__ import annotations

import io
from collections import Counter

import pytest
from PIL import Image

from engine import gongzhu, gouji
from render.cardface import card_tile
from render.gongzhu.hand_picture import layout as gongzhu_layout
from render.gouji.hand_picture import layout as gouji_layout
from render.hands import paint
from render.layout import CARD_H, CARD_W, MAX_WIDTH, HandLayout
from tests.render.golden import MAX_CHANGED, assert_matches_golden, changed_share
from tests.render.samples import GONGZHU_HAND, GOUJI_HAND


def picture(png: bytes) -> Image.Image:
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    return Image.open(io.BytesIO(png)).convert("RGB")


def assert_every_card_shows(layout: HandLayout, png: bytes, theme: str) -> None:
    """Each card's corner (rank and suit, the part a stack leaves visible) is in the picture,
    pixel for pixel as the card's own tile draws it."""
    image = picture(png)
    for rank, suit, x, y in layout.cards():
        tile = card_tile(rank, suit, theme, CARD_W, CARD_H).convert("RGBA")
        corner = (6, 6, 28, 60)  # inside the border, clear of outlines, badges and tags
        expected = Image.new("RGBA", tile.size, (*image.getpixel((x + 40, y + 2)), 255))
        expected.alpha_composite(tile)
        got = image.crop((x + corner[0], y + corner[1], x + corner[2], y + corner[3]))
        assert changed_share(got, expected.crop(corner)) < 0.05, f"{rank}{suit or ''} at {x},{y}"


def test_a_dealt_36_card_hand_shows_every_card_grouped_by_rank() -> None:
    hand = " ".join(map(str, gouji.new_game(seed=11).hand(0)))
    assert len(hand.split()) == 36
    layout = gouji_layout(hand)
    drawn = Counter(rank for rank, *_ in layout.cards())
    assert drawn == Counter(hand.split())
    png = paint(layout, "light")
    assert_every_card_shows(layout, png, "light")
    image = picture(png)
    assert image.size == (layout.width, layout.height)
    assert image.width <= MAX_WIDTH + 32 and image.height <= 800  # four rows at most
    assert len(png) <= 150_000


def test_gouji_groups_run_low_to_high_with_wildcards_in_a_row_of_their_own() -> None:
    layout = gouji_layout("2 BJ 3 3 A 9 9 9 SJ 4")
    order = [group.cards[0][0] for group, _, _ in layout.groups]
    assert order == ["3", "4", "9", "A", "2", "SJ", "BJ"]
    natural_rows = {y for group, _, y in layout.groups if group.cards[0][0] not in ("2", "SJ", "BJ")}
    wild_rows = {y for group, _, y in layout.groups if group.cards[0][0] in ("2", "SJ", "BJ")}
    assert max(natural_rows) < min(wild_rows)
    assert [title for title, _ in layout.dividers] == ["配牌"]
    counts = {group.cards[0][0]: group.badge for group, _, _ in layout.groups}
    assert counts == {"3": "×2", "4": None, "9": "×3", "A": None, "2": None, "SJ": None, "BJ": None}


def test_the_threes_are_tagged_as_the_last_set_in_the_players_language() -> None:
    tags = {g.cards[0][0]: g.tag for g, _, _ in gouji_layout("3 3 3 5 5", lang="en").groups}
    assert tags == {"3": "last", "5": None}
    assert gouji_layout("3 5", lang="zh").groups[0][0].tag == "最后出"


def test_picked_cards_stand_raised_and_the_rest_do_not() -> None:
    layout = gouji_layout("9 9 9 9 K 2 2", selected="9 9 2")
    raised = {(g.cards[0][0], len(g.raised)) for g, _, _ in layout.groups}
    assert raised == {("9", 2), ("K", 0), ("2", 1)}
    ys = Counter((rank, y) for rank, _, _, y in layout.cards())
    assert len({y for (rank, y) in ys if rank == "9"}) == 2  # two heights: raised and not


def test_a_gouji_hand_with_no_wildcards_has_no_wild_row() -> None:
    assert gouji_layout("4 4 5").dividers == []


def test_a_gongzhu_hand_is_by_suit_low_to_high_with_exposed_and_unplayable_cards_marked() -> None:
    layout = gongzhu_layout("HA SQ C10 H2 DJ S3", exposed="SQ", playable="H2 HA")
    suits = [[f"{suit}{rank}" for rank, suit in g.cards] for g, _, _ in layout.groups]
    assert suits == [["S3", "SQ"], ["H2", "HA"], ["C10"], ["DJ"]]
    spades = layout.groups[0][0]
    assert spades.marked == {1} and spades.dimmed == {0, 1}
    assert layout.groups[1][0].dimmed == set()
    assert layout.mark_text == "亮"


def test_a_two_deck_gongzhu_hand_marks_only_the_exposed_copy() -> None:
    layout = gongzhu_layout("SQ SQ H2", exposed="SQ")
    assert layout.groups[0][0].marked == {0}


def test_a_dealt_gongzhu_hand_shows_every_card() -> None:
    deal = gongzhu.new_game(seed=5)
    hand = " ".join(str(c) for c in deal.hand(2))
    layout = gongzhu_layout(hand)
    assert sorted(f"{s}{r}" for r, s, _, _ in layout.cards()) == sorted(hand.split())
    assert_every_card_shows(layout, paint(layout, "dark"), "dark")


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_gouji_hand_matches_its_golden_picture(theme: str) -> None:
    png = paint(gouji_layout(GOUJI_HAND, selected="10 10 2"), theme)
    assert_matches_golden(png, f"gouji_hand_{theme}")


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_gongzhu_hand_matches_its_golden_picture(theme: str) -> None:
    png = paint(gongzhu_layout(GONGZHU_HAND, exposed="SQ", playable="S3 S9 SJ SQ SK", selected="S3"), theme)
    assert_matches_golden(png, f"gongzhu_hand_{theme}")


def test_the_golden_comparison_sees_one_changed_card() -> None:
    a = picture(paint(gouji_layout("4 5 6 7 8")))
    b = picture(paint(gouji_layout("4 5 6 7 9")))
    assert changed_share(a, a) == 0
    assert changed_share(a, b) > MAX_CHANGED
