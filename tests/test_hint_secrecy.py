"""A hint (the normal bot's move, in the keyboard and the Mini App) tells a player
nothing their own seat cannot see. The proof: at many positions of real games, the cards the
seat cannot see are dealt again among the others (engine.*.simulation.determinized) and the
normal bot, asked the same question with the same random stream, gives the same answer. A bot
that read another seat's hand would answer differently in some of those worlds."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine import gongzhu, gouji
from engine.bots import bot_move
from engine.gongzhu import simulation as gongzhu_simulation
from engine.gouji import simulation as gouji_simulation

WORLDS = 4  # other deals of the hidden cards per position
EVERY = 3  # positions tested: every third decision


def positions(new_round: Any, game: str, seeds: range) -> list[tuple[Any, int, int]]:
    """(round, seat, ply) at every EVERY-th decision of whole rounds played by the normal bots."""
    found = []
    for seed in seeds:
        round_ = new_round(seed)
        ply = 0
        while not round_.is_over:
            seat = round_.to_act[0]
            if ply % EVERY == 0 and len(round_.legal_moves(seat)) > 1:
                found.append((round_.clone(), seat, ply))
            round_.apply(seat, bot_move(game, round_, seat, ply, "normal"))
            ply += 1
    return found


def same_answer_in_every_world(game: str, simulate: Any, found: list[tuple[Any, int, int]]) -> int:
    """How many (position, world) pairs were compared; fails on the first different answer."""
    compared = 0
    for round_, seat, ply in found:
        hint = bot_move(game, round_, seat, ply, "normal")
        for world_no in range(WORLDS):
            world = simulate(round_, seat, random.Random(f"{ply}/{world_no}"))
            if world.seat_view(seat) != round_.seat_view(seat):
                continue  # a sample that relaxed what the seat sees (a burn's duty): another position
            assert bot_move(game, world, seat, ply, "normal") == hint, (seat, ply, round_.public_view())
            compared += 1
    return compared


@pytest.mark.parametrize("variant", ["standard", "outline", "houshuiwan"])
def test_a_gouji_hint_depends_only_on_what_the_seat_sees(variant: str) -> None:
    rules = gouji.Rules.from_options({"variant": variant})
    found = positions(lambda seed: gouji.new_game(seed=seed, rules=rules), "gouji", range(2))
    play = [p for p in found if p[0].phase == "play"]  # the hidden cards are re-dealt in play
    assert len(play) > 40
    assert same_answer_in_every_world("gouji", gouji_simulation.determinized, play) > 100


@pytest.mark.parametrize("options", [{}, {"expose_mode": "none", "self_capture": "off"}, {"partners": "on"}])
def test_a_gongzhu_hint_depends_only_on_what_the_seat_sees(options: dict[str, str]) -> None:
    rules = gongzhu.Rules.from_options(options)
    found = positions(lambda seed: gongzhu.new_game(seed=seed, rules=rules), "gongzhu", range(6))
    play = [p for p in found if p[0].phase == "play"]
    assert len(play) > 40
    assert same_answer_in_every_world("gongzhu", gongzhu_simulation.determinized, play) > 100
