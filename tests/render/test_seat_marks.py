"""A seat's marks on the table pictures: every mark a player decides from is drawn (开点, 明点,
无头, pass …), none covers the cards-left count, a name is cut only where the panel ends, and a
拱猪 seat shows what its cards taken are worth in the deal now."""

from __future__ import annotations

from typing import Any

import pytest

from render import table as table_module
from render.canvas import Canvas
from render.fonts import font
from render.games import LOOKS
from render.labels import label
from render.scene import CardRow, Mark, SeatScene, TableScene
from render.scoresheet import taken_words
from render.strip import draw_strip, strip_width
from render.table import table_picture
from render.theme import theme


class Recorded:
    """What the pictures draw: pills and texts, with where."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.pills: list[tuple[float, float, str]] = []  # (left, right, text)
        self.texts: list[tuple[tuple[float, float], str, str]] = []
        pill, text = Canvas.pill, Canvas.text

        def record_pill(canvas: Canvas, center: tuple[float, float], said: str, size: int, *a: Any) -> None:
            width = canvas.draw.textlength(said, font=font(size)) + 16
            self.pills.append((center[0] - width / 2, center[0] + width / 2, said))
            pill(canvas, center, said, size, *a)

        def record_text(
            canvas: Canvas, xy: tuple[float, float], said: str, size: int, *a: Any, **k: Any
        ) -> None:
            self.texts.append((xy, said, k.get("anchor", a[1] if len(a) > 1 else "la")))
            text(canvas, xy, said, size, *a, **k)

        monkeypatch.setattr(Canvas, "pill", record_pill)
        monkeypatch.setattr(Canvas, "text", record_text)


PLACE2, HEADLESS, OPENED = Mark("place2", "good"), Mark("headless", "bad"), Mark("opened_short", "good")
BUSY = SeatScene(
    "Alexandra Longname", 0, 21, autopilot=True, is_bot=False, total=-40,
    marks=(PLACE2, HEADLESS, OPENED, Mark("declared_mingdian"), Mark("passed", "muted")),
)  # fmt: skip


def gouji_scene(seat: SeatScene) -> TableScene:
    others = tuple(SeatScene(f"P{i}", i % 2, 10) for i in range(1, 6))
    return TableScene("gouji", 1, (seat, *others), drawing=LOOKS["gouji"].drawing)


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_group_table_shows_open_point_and_declarations_and_never_covers_the_count(
    monkeypatch: pytest.MonkeyPatch, lang: str
) -> None:
    seen = Recorded(monkeypatch)
    table_picture(gouji_scene(BUSY), lang=lang)
    count = next(xy for xy, said, _ in seen.texts if said == "21")
    count_right = count[0] + Canvas.new(theme("light"), 10, 10).draw.textlength("21", font=font(20))
    mine = [p for p in seen.pills if abs((p[0] + p[1]) / 2 - 500) < table_module.PANEL_W]
    assert mine and all(left > count_right for left, _, _ in mine), (count_right, mine)
    said = {text for _, _, text in mine}
    assert label(lang, "place2") in said and label(lang, "headless") in said  # the first marks first
    alone = SeatScene("Bob", 0, 9, marks=(OPENED, Mark("declared_mingdian")))
    seen.pills.clear()
    table_picture(gouji_scene(alone), lang=lang)
    said = {text for _, _, text in seen.pills}
    assert {label(lang, "opened_short"), label(lang, "declared_mingdian")} <= said


def test_the_private_strip_keeps_a_bots_name_whole_beside_its_marks(monkeypatch: pytest.MonkeyPatch) -> None:
    seen = Recorded(monkeypatch)
    marked = SeatScene("机器人 6", 1, 12, is_bot=True, marks=(OPENED, Mark("declared_taikong")))
    scene = TableScene(
        "gouji",
        1,
        (SeatScene("you", 0, 20), *(SeatScene(f"机器人 {i}", i % 2, 9) for i in (2, 3, 4, 5)), marked),
        drawing=LOOKS["gouji"].drawing,
    )
    canvas = Canvas.new(theme("light"), strip_width(scene, 16), 200)
    draw_strip(canvas, scene, 0, 16, 16, "zh")
    assert any(said == "机器人 6" for _, said, _ in seen.texts)  # never "机…"


def test_a_gongzhu_seat_shows_the_deals_running_value(monkeypatch: pytest.MonkeyPatch) -> None:
    seen = Recorded(monkeypatch)

    def worth(points: int) -> Mark:
        return Mark(
            "round_points", "bad" if points < 0 else "good", (("points", table_module.signed(points)),)
        )

    taken = CardRow("taken", ("SQ", "HA", "H2"), ("♥2", "♠Q"))
    pig = SeatScene("Bob", None, 9, total=0, count=worth(-160), rows=(taken,))
    others = (SeatScene(n, None, 9, total=0, count=worth(0)) for n in "CDE")
    scene = TableScene("gongzhu", 1, (pig, *others), drawing=LOOKS["gongzhu"].drawing)
    table_picture(scene, lang="en")
    assert any("deal -160" in said for _, said, _ in seen.texts)


def test_the_sheet_names_the_cards_taken_in_words_a_phone_can_read() -> None:
    assert taken_words(("SQ", "C10", "HA", "HK", "H5")) == ["♠Q", "♣10", "♥×3"]
    assert taken_words(("DJ", "H2", "H3")) == ["♦J", "♥2", "♥3"]
