"""Time to draw each picture and its encoded size.

    python -m benchmarks.render [--pictures 200]

Each figure draws a different picture every time (dealt hands from different seeds, a clock that
moves), so the picture cache never answers; the card tiles are warm, as in a running bot. The
first drawing (every tile drawn once) and a cache hit are reported apart.
Goals: a 36-card 够级 hand in ≤ 30 ms and ≤ 150 KB; 后水湾's 48-card hands within the same budget.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from dataclasses import replace

from engine import gongzhu, gouji
from render import PICTURES, scoresheet, table
from render.gongzhu import hand_picture as gongzhu_pictures
from render.gouji import hand as gouji_hand
from render.gouji import hand_picture as gouji_pictures
from render.scene import TableScene
from tests.render import samples


def measure(name: str, draws: list[Callable[[], bytes]]) -> None:
    times, cpu, sizes = [], [], []
    for draw in draws:
        start, began = time.perf_counter(), time.process_time()
        png = draw()
        times.append((time.perf_counter() - start) * 1000)
        cpu.append((time.process_time() - began) * 1000)
        sizes.append(len(png))
    times.sort()
    p95 = times[int(0.95 * (len(times) - 1))]
    print(
        f"{name:<30} {statistics.mean(times):6.1f} ms mean ({statistics.mean(cpu):5.1f} process)"
        f"  {statistics.median(times):6.1f} median  {p95:6.1f} p95"
        f"   {statistics.mean(sizes) / 1000:6.1f} KB mean  {max(sizes) / 1000:6.1f} KB max"
    )


def gouji_hands(count: int) -> list[str]:
    return [" ".join(map(str, gouji.new_game(seed=s).hand(s % 6))) for s in range(count)]


def houshuiwan_hands(count: int) -> list[str]:
    """后水湾's 48-card hands (docs/rules/gouji-variants.md B.1), dealt after the blind declarations."""
    rules = gouji.Rules.from_options({"variant": "houshuiwan"})
    out = []
    for s in range(count):
        hand = gouji.new_game(seed=s, rules=rules)
        for seat in range(6):
            hand.apply(seat, "pass")
        out.append(" ".join(map(str, hand.hand(s % 6))))
    return out


def gongzhu_hands(count: int, decks: int) -> list[str]:
    rules = gongzhu.Rules(decks=decks)
    return [" ".join(map(str, gongzhu.new_game(seed=s, rules=rules).hand(s % 4))) for s in range(count)]


def moving(scene: TableScene, count: int) -> list[TableScene]:
    """The same table a second later each time: a new picture for every draw."""
    return [replace(scene, seconds_left=10_000 - i) for i in range(count)]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--pictures", type=int, default=200)
    n = parser.parse_args().pictures

    hand = gouji_hands(1)[0]
    start = time.perf_counter()
    gouji_pictures.hand_picture(hand)
    print(f"first 36-card hand, every tile drawn: {(time.perf_counter() - start) * 1000:.0f} ms")
    PICTURES.clear()
    gouji_hand(hand)
    start = time.perf_counter()
    for _ in range(1000):
        gouji_hand(hand)
    print(f"cached picture: {(time.perf_counter() - start) * 1000:.3f} µs per hit\n")

    g36 = gouji_hands(n)
    assert all(len(h.split()) == 36 for h in g36)
    measure("gouji hand, 36 cards", [lambda h=h: gouji_pictures.hand_picture(h) for h in g36])
    picked = [lambda h=h: gouji_pictures.hand_picture(h, h.split()[5], "dark") for h in g36]
    measure("gouji hand, 36, dark, picks", picked)
    tables = moving(replace(samples.gouji_table(), seconds_left=None), n)
    on_top = [
        lambda h=h, s=s: gouji_pictures.hand_picture(h, table=s) for h, s in zip(g36, tables, strict=True)
    ]
    measure("gouji hand, 36, table on top", on_top)
    same = [lambda s=s: gouji_pictures.hand_picture(g36[0], table=s) for s in tables]
    measure("  the same hand, table moving", same)
    g48 = houshuiwan_hands(n)
    on_top = [
        lambda h=h, s=s: gouji_pictures.hand_picture(h, table=s) for h, s in zip(g48, tables, strict=True)
    ]
    measure("gouji hand, ~48 (后水湾), table", on_top)
    g13, g26 = gongzhu_hands(n, 1), gongzhu_hands(n, 2)
    tables = moving(replace(samples.gongzhu_table(), seconds_left=None), n)
    on_top = [
        lambda h=h, s=s: gongzhu_pictures.hand_picture(h, table=s) for h, s in zip(g13, tables, strict=True)
    ]
    measure("gongzhu hand, 13, table on top", on_top)
    measure("gongzhu hand, 13 cards", [lambda h=h: gongzhu_pictures.hand_picture(h) for h in g13])
    greyed = [lambda h=h: gongzhu_pictures.hand_picture(h, playable=" ".join(h.split()[:4])) for h in g26]
    measure("gongzhu hand, 26, greyed", greyed)
    measure("gouji table", [lambda s=s: table.table_picture(s) for s in moving(samples.gouji_table(), n)])
    measure("gongzhu table", [lambda s=s: table.table_picture(s) for s in moving(samples.gongzhu_table(), n)])
    sheets = [samples.gongzhu_match(d) for d in range(1, n + 1)]
    measure("score sheet", [lambda s=s: scoresheet.score_sheet(s) for s in sheets])


if __name__ == "__main__":
    main()
