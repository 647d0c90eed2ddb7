"""Sample pictures of both games: docs/pictures.md's pictures and the golden tests' scenes.

python -m tests.render.samples docs/pictures
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from render import scoresheet, table
from render.games import LOOKS
from render.gongzhu import hand_picture as gongzhu
from render.gongzhu.scene import taken_summary
from render.gouji import hand_picture as gouji
from render.scene import CardRow, Mark, SeatScene, TableScene
from render.scoresheet import ScoreSheet

GOUJI_HAND = "3 4 4 5 5 5 6 6 7 7 7 7 7 8 8 8 10 10 10 10 10 10 J J J Q Q K K K A A 2 2 SJ BJ"
GONGZHU_HAND = "S3 S9 SJ SQ SK H4 H5 H7 C3 C4 C6 D7 D9"
PASSED = Mark("passed", "muted")
NAMES = ("小明", "Alice", "机器人2", "王大锤🐷", "Bob the builder", "李")


def gouji_table(to_act: tuple[int, ...] = (3,), seconds: int | None = 45) -> TableScene:
    seats = (
        SeatScene(NAMES[0], 0, 12, total=3),
        SeatScene(NAMES[1], 1, 0, total=-3, marks=(Mark("place1", "good"),)),
        SeatScene(NAMES[2], 0, 20, is_bot=True, total=3, marks=(PASSED,)),
        SeatScene(NAMES[3], 1, 7, total=-3),
        SeatScene(NAMES[4], 0, 30, is_bot=True, autopilot=True, total=3),
        SeatScene(NAMES[5], 1, 3, total=-3, marks=(PASSED,)),
    )
    return TableScene(
        "gouji", 3, seats, to_act, seconds, table_set="10 10 10 2 BJ", table_owner=1, notes=("headless",),
        drawing=LOOKS["gouji"].drawing,
    )  # fmt: skip


def gongzhu_seat(
    name: str, left: int, exposed: tuple[str, ...], tricks: int, taken: tuple[str, ...], **platform: Any
) -> SeatScene:
    """A 拱猪 seat as its pack draws it (blind exposures: its tricks, not its deal's value)."""
    rows = (CardRow("exposed", exposed), CardRow("taken", taken, taken_summary(taken)))
    count = Mark("tricks", "muted", (("n", tricks),))
    return SeatScene(name, None, left, count=count, rows=rows, corner=exposed, **platform)


def gongzhu_table() -> TableScene:
    seats = (
        gongzhu_seat(NAMES[0], 9, ("SQ",), 2, ("H5", "H9", "DJ"), total=120),
        gongzhu_seat(NAMES[1], 9, (), 1, ("HK", "H10"), total=-240, autopilot=True),
        gongzhu_seat("Carol", 8, ("C10", "HA"), 1, ("H2", "H3", "H4", "HJ", "HQ"), total=0),
        gongzhu_seat("Dave", 8, (), 0, (), total=120),
    )
    trick = ((1, "S5"), (2, "SK"))
    return TableScene(
        "gongzhu", 2, seats, (3,), 3700, trick=trick, trick_no=5, drawing=LOOKS["gongzhu"].drawing
    )


def gouji_sheet() -> ScoreSheet:
    rounds = ((3, -2, 1, -3, 2, -1), (-4, 4, 0, 4, -4, 0))
    totals = tuple(sum(r[s] for r in rounds) for s in range(6))
    return ScoreSheet("gouji", NAMES, rounds, totals, teams=(0, 1, 0, 1, 0, 1), places=(2, 1, 4, 3, 6, 5))


def gongzhu_match(deals: int = 14) -> ScoreSheet:
    rounds = tuple((-100 + i, 50, 0, 50 - i) for i in range(deals))
    totals = tuple(sum(r[s] for r in rounds) for s in range(4))
    names = (*NAMES[:2], "Carol", "Dave")
    return ScoreSheet("gongzhu", names, rounds, totals, final=True, winners=frozenset({1}))


def pictures() -> dict[str, bytes]:
    """docs/pictures.md's pictures by file name."""
    return {
        "gouji-hand-light.png": gouji.hand_picture(GOUJI_HAND, selected="10 10 2"),
        "gouji-hand-dark.png": gouji.hand_picture(GOUJI_HAND, selected="10 10 2", theme="dark"),
        "gongzhu-hand.png": gongzhu.hand_picture(GONGZHU_HAND, exposed="SQ", playable="S3 S9 SJ SQ SK"),
        "gouji-table.png": table.table_picture(gouji_table()),
        "gongzhu-table-dark.png": table.table_picture(gongzhu_table(), "dark", "en"),
        "gouji-score.png": scoresheet.score_sheet(gouji_sheet()),
        "gongzhu-score-dark.png": scoresheet.score_sheet(gongzhu_match(), "dark", "en"),
    }


def main(folder: str) -> None:
    target = Path(folder)
    target.mkdir(parents=True, exist_ok=True)
    for name, png in pictures().items():
        (target / name).write_bytes(png)
        print(f"{target / name}: {len(png):,} bytes")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "docs/pictures")
