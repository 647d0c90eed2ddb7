"""A digest of many games played through the engines' public API, to compare two builds of the
same rules (tests/test_compiled.py: the mypyc build against pure Python) move for move.

Each game is played by seeded random moves, and by the heuristic bots for a few (they reach 开点,
烧 and 闷 far more often than random play), with some decisions of one game taken by the searching
bots (few samples: they are slow as pure Python). A clone and a pickled copy taken halfway must
play on alike. Every move, every event and the scores go into the digest.
"""

from __future__ import annotations

import hashlib
import pickle
import random
from typing import Any

from engine import bots, gongzhu, gouji
from engine.gongzhu import search as gongzhu_search
from engine.gouji import search as gouji_search

SEARCHES = {"gouji": gouji_search.choose, "gongzhu": gongzhu_search.choose}


def fingerprint(games: int) -> str:
    digest = hashlib.sha256()
    for n in range(games):
        for variant in ("standard", "outline", "houshuiwan"):
            rules = gouji.Rules.from_options({"variant": variant})
            _play(gouji.new_game(f"fp/{n}", rules), n, "gouji", digest)
        for mode in ("free", "none", "all"):
            rules_ = gongzhu.Rules.from_options({"expose_mode": mode, "decks": str(1 + n % 2)})
            _play(gongzhu.new_game(f"fp/{n}", rules_), n, "gongzhu", digest)
    return digest.hexdigest()


def _play(round_: Any, n: int, game: str, digest: Any) -> None:
    rand = random.Random(n)
    policy = bots.POLICIES[game] if n % 4 == 0 else None
    copies: tuple[Any, ...] = ()
    decisions = 0
    while not round_.is_over:
        if not copies and rand.random() < 0.03:
            copies = (round_.clone(), pickle.loads(pickle.dumps(round_)))
        seat, decisions = round_.to_act[0], decisions + 1
        if n == 1 and decisions % 10 == 5:
            move = SEARCHES[game](round_, seat, rand, 2)
        elif policy:
            move = policy(round_, seat, rand)
        else:
            move = rand.choice(round_.legal_moves(seat))
        digest.update(f"{seat}:{move}:{round_.apply(seat, move)!r}".encode())
    digest.update(repr(round_.scores).encode())
    endings = {repr(_random_ending(copy, random.Random(n))) for copy in copies}
    assert len(endings) <= 1, "a clone and a pickled copy of one position played apart"
    digest.update("".join(endings).encode())


def _random_ending(round_: Any, rand: random.Random) -> Any:
    while not round_.is_over:
        seat = round_.to_act[0]
        round_.apply(seat, rand.choice(round_.legal_moves(seat)))
    return round_.scores
