"""The league's costs: a `/me` card, rating a match at its end, rebuilding every
rating from the move logs, and a replay (the Mini App's JSON and the album's pictures).

    python -m benchmarks.league [--cards 200] [--matches 60]

Cards: each drawn with a different history (the picture cache never answers); the first drawing
(fonts loaded) is reported apart. Goal: ≤ 50 ms a card.
Matches: played by the normal bots from their seeds (two people on the first seats, bots on the
rest, alternating 够级 and 拱猪), written to a real SQLite file as the referee logs them; then each
rated as the referee does in the match's end transaction, then all rebuilt at once.
Wall time swings with the machine's load; process time is the figure to compare.
"""

from __future__ import annotations

import argparse
import asyncio
import functools
import random
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from data.records import MoveRow, SeatRow
from data.store import Store
from engine.bots import bot_move
from engine.games import GAMES
from engine.options import parse_options
from engine.referee.ratings import rate_match, rebuild
from engine.referee.reading import MatchReplay
from engine.replays import replay_round
from handlers.replays import key_moments
from handlers.replaysteps import step_view
from handlers.web.replayview import replay_json
from render.games import table_scene
from render.profile import GameCard, ProfileCard, profile_card
from render.replay import hands_face_up
from render.table import table_picture

GROUP = -1
PEOPLE = (101, 102)


def report(name: str, walls: list[float], cpus: list[float]) -> None:
    walls = sorted(walls)
    p95 = walls[int(0.95 * (len(walls) - 1))]
    print(
        f"{name:<34} {statistics.mean(walls):7.2f} ms mean ({statistics.mean(cpus):6.2f} process)"
        f"  {statistics.median(walls):7.2f} median  {p95:7.2f} p95  {max(walls):7.2f} max  n={len(walls)}"
    )


def timed(runs: list[Callable[[], Any]]) -> tuple[list[float], list[float]]:
    walls, cpus = [], []
    for run in runs:
        wall, cpu = time.perf_counter(), time.process_time()
        run()
        walls.append((time.perf_counter() - wall) * 1000)
        cpus.append((time.process_time() - cpu) * 1000)
    return walls, cpus


def card(rand: random.Random) -> ProfileCard:
    def game(name: str) -> GameCard:
        length = rand.randint(2, 120)
        history, value = [1500], 1500
        for _ in range(length):
            value += rand.randint(-30, 30)
            history.append(value)
        counts = (("smothers", rand.randint(0, 9)), ("burns", rand.randint(0, 9))) if name == "gouji" else ()
        return GameCard(
            name, f"{value}", length, length + 2, length // 2, "average place 3.1", counts, tuple(history),
            ("Bob (5/9)", "🤖 strong bot (2/4)"), ("Carol (1/6)",),
        )  # fmt: skip

    return ProfileCard(f"Player {rand.randint(1, 999)}", "牌友群", (game("gouji"), game("gongzhu")))


def bench_cards(count: int) -> None:
    rand = random.Random(7)
    walls, cpus = timed([lambda: profile_card(card(rand))])
    print(f"/me card, first (fonts loaded)      {walls[0]:7.2f} ms ({cpus[0]:.2f} process)")
    report("/me card, two games", *timed([lambda: profile_card(card(rand)) for _ in range(count)]))


def played(game_name: str, seed: str) -> tuple[Any, list[MoveRow]]:
    """A short match played to its end by the normal bots, logged as the referee logs it."""
    game = GAMES[game_name]
    rules = game.rules(parse_options(game.rules_type, game.short_match))
    match = game.new_match(seed, rules)
    rows: list[MoveRow] = []
    while not match.is_over:
        seat = match.to_act[0]
        move = bot_move(game_name, match.current, seat, len(rows))
        match.apply(seat, move)
        player = PEOPLE[seat] if seat < len(PEOPLE) else None
        rows.append(
            MoveRow(len(rows), seat, "move", str(move), "bot" if player is None else "player", player, 0.0)
        )
    return match, rows


async def write_matches(store: Store, count: int) -> list[tuple[int, str, Any]]:
    """(match id, game, match) of each match written: table, seats, match and its log."""
    out = []
    async with store.transaction() as q:
        await q.save_group(GROUP, "bench")
        for player in PEOPLE:
            await q.save_player(player, f"P{player}", "zh", 0.0)
        for i in range(count):
            name = ("gouji", "gongzhu")[i % 2]
            match, rows = played(name, f"bench-{i}")
            game = GAMES[name]
            table = await q.create_table(
                GROUP, name, match.rules.to_dict(), "fast", 30.0, PEOPLE[0], 0.0, f"t{i}"
            )
            seats = [
                SeatRow(s, PEOPLE[s] if s < len(PEOPLE) else None, None, False, 0) for s in range(game.seats)
            ]
            await q.replace_seats(table, seats)
            match_id = await q.create_match(table, 1, f"bench-{i}", 0.0)
            for row in rows:
                await q.append_move(match_id, row)
            await q.end_match(match_id, match.end_reason or "", match.totals, float(i))
            out.append((match_id, name, match))
    return out


async def bench_ratings(count: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        store = await Store.open(Path(folder) / "league.sqlite3")
        try:
            written = await write_matches(store, count)
            walls, cpus = [], []
            for match_id, name, match in written:
                game = GAMES[name]
                wall, cpu = time.perf_counter(), time.process_time()
                async with store.transaction() as q:
                    await rate_match(q, game, match.rules, GROUP, match_id, tuple(match.totals), 0.0)
                walls.append((time.perf_counter() - wall) * 1000)
                cpus.append((time.process_time() - cpu) * 1000)
            report("rating a match (its transaction)", walls, cpus)
            wall, cpu = time.perf_counter(), time.process_time()
            await rebuild(store)
            wall, cpu = (time.perf_counter() - wall) * 1000, (time.process_time() - cpu) * 1000
            print(f"rebuild, {count} matches from their logs  {wall:7.1f} ms ({cpu:.1f} process), "
                  f"{wall / count:.2f} ms a match")  # fmt: skip
            gouji = next(w for w in written if w[1] == "gouji")
            await bench_replay(store, gouji[0])
        finally:
            await store.close()


async def bench_replay(store: Store, match_id: int) -> None:
    async with store.reading() as q:
        found = await q.played_match(match_id)
        rows = await q.moves(match_id)
    assert found is not None
    game = GAMES[found.game]
    log = [(r.seat, r.kind, r.move, r.actor) for r in rows]
    rules = game.rules(found.rules)
    walls, cpus = timed([lambda: replay_round(game, found.seed, rules, log) for _ in range(5)])
    report(f"replay a 够级 hand ({len(rows)} log rows)", walls, cpus)
    replay = replay_round(game, found.seed, rules, log)
    whole = MatchReplay(
        match_id, found.table_id, GROUP, found.game, found.rules, (101, 102, None, None, None, None), replay
    )
    names = ["P101", "P102", "bot 3", "bot 4", "bot 5", "bot 6"]
    walls, cpus = timed([lambda: replay_json(whole, names, "zh") for _ in range(5)])
    report(f"Mini App JSON, {len(replay.steps)} steps", walls, cpus)
    first = replay.steps[0]
    report(
        "album: hands as dealt",
        *timed([lambda: hands_face_up("gouji", "t", tuple(names), first.hands) for _ in range(3)]),
    )
    moments = key_moments(whole, names, "zh", 6)
    scenes = [table_scene(step_view(whole, step), names, 0.0) for step, _ in moments]
    draws: list[Callable[[], Any]] = [functools.partial(table_picture, scene) for scene in scenes]
    report(f"album: {len(scenes)} moment pictures", *timed(draws))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--cards", type=int, default=200)
    parser.add_argument("--matches", type=int, default=60)
    args = parser.parse_args()
    bench_cards(args.cards)
    asyncio.run(bench_ratings(args.matches))


if __name__ == "__main__":
    main()
