"""Score sheets: after a hand and at the end of a match, with folding of long matches."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from render.scoresheet import MAX_ROWS, ROW_H, score_sheet
from tests.render.golden import assert_matches_golden
from tests.render.samples import gongzhu_match, gouji_sheet


def height(png: bytes) -> int:
    return Image.open(io.BytesIO(png)).height


def test_a_long_match_folds_its_oldest_deals_into_one_row() -> None:
    short, limit, long = (height(score_sheet(gongzhu_match(n))) for n in (3, MAX_ROWS, 40))
    assert limit - short == (MAX_ROWS - 3) * ROW_H
    assert long == limit  # 40 deals: the last 11 and a "…" row


@pytest.mark.parametrize(("theme", "lang"), [("light", "zh"), ("dark", "en")])
def test_gouji_hand_sheet_matches_its_golden_picture(theme: str, lang: str) -> None:
    assert_matches_golden(score_sheet(gouji_sheet(), theme, lang), f"gouji_sheet_{theme}_{lang}")


def test_gongzhu_match_sheet_matches_its_golden_picture() -> None:
    assert_matches_golden(score_sheet(gongzhu_match(14), "dark", "en"), "gongzhu_match_dark_en")
