"""What a review judges and how it counts, each held by a case a single-line bug would break:
the paired standard error over n − 1, only the moves a person made by hand (never their
autopilot's or a timeout's), no forced play, each choice's better plan (not its worse), and 够级's
reading of what play has shown mid-hand."""

from __future__ import annotations

import math
import random
from typing import Any

import pytest

from engine.games import GAMES
from engine.gongzhu import Rules, from_hands, parse_card
from engine.gongzhu import bot as heuristic
from engine.gongzhu.kernel import Kernel
from engine.gongzhu.review import careful_move as gongzhu_careful
from engine.gongzhu.review import defended_play, weigh
from engine.gouji import bot as gouji_bot
from engine.gouji import from_hands as gouji_hands
from engine.gouji import review as gouji_review
from engine.gouji.reading import read
from engine.review import Reviewer, Weighed, _unsure, named_better, paired, pooled, review_round
from engine.seeding import rng


def test_the_paired_standard_error_is_the_samples_spread_over_n_minus_one() -> None:
    rows = [[0.0, 1.0], [0.0, 3.0], [0.0, 2.0], [0.0, 6.0]]  # candidate 1 less candidate 0: 1 3 2 6
    [(same, none), (gain, noise)] = paired(rows, 0)
    assert (same, none) == (0.0, 0.0) and gain == 3.0
    spread = math.sqrt(((1 - 3) ** 2 + 0 + (2 - 3) ** 2 + (6 - 3) ** 2) / 3)
    assert noise == pytest.approx(spread / 2)  # 1.08, where dividing by n gives 0.94


def logged_match() -> tuple[str, list[tuple[int, str, str, str]]]:
    """A real 拱猪 deal played to its end by the rules' own moves, logged as the referee logs it;
    seat 0's card plays by hand, by its autopilot and by a timeout in turn."""
    game, seed = GAMES["gongzhu"], "review-actors"
    match = game.new_match(seed, game.rules({"deals": 1}))
    log: list[tuple[int, str, str, str]] = []
    turns = ("player", "autopilot", "timeout")
    while not match.is_over:
        seat = match.to_act[0]
        move = str(match.current.default_move(seat))
        mine = [row for row in log if row[0] == 0 and row[2] != "pass"]
        actor = turns[len(mine) % 3] if seat == 0 and move != "pass" else "bot" if seat else "player"
        log.append((seat, "move", move, actor))
        match.apply(seat, move)
    return seed, log


def test_only_the_moves_a_person_made_by_hand_are_judged() -> None:
    seed, log = logged_match()
    asked: list[tuple[int, str]] = []

    def recording(round_: Any, seat: int, made: str, rand: random.Random, samples: int) -> list[Weighed]:
        asked.append((seat, made))
        return [Weighed(made, 0.0, 0.0)]

    game = GAMES["gongzhu"]
    judge = Reviewer("recording", recording, (1, 2, 3), 1)
    review_round(game, seed, game.rules({"deals": 1}), log, [0], 1, judge)
    by_hand = [(seat, move) for seat, _, move, actor in log if seat == 0 and actor == "player"]
    assert len(by_hand) >= 5 and asked == by_hand  # not the autopilot's, not a timeout's, not a bot's


def test_a_forced_play_is_not_judged() -> None:
    deal = from_hands(["H5 D2", "H9 C3", "S2 C4", "S3 C5"], leader=0, rules=Rules(auto_claim=False))
    deal.apply(0, "H5")  # seat 1 holds one heart: it must follow with ♥9
    assert weigh(deal, 1, "H9", random.Random(1), 8) is None
    deal.apply(1, "H9")
    assert weigh(deal, 2, "S2", random.Random(1), 8) is not None  # no heart: a real choice of two


def test_a_defender_stops_a_lone_run_for_all_the_hearts() -> None:
    """Seat 0 has taken every heart so far and leads ♥: seat 1 wins the trick with ♥A rather
    than duck under it, as the heuristic alone would."""
    deal = from_hands(
        ["HK H3 D2", "HA H4 D3", "C5 C6 C7", "S5 S6 S7"], leader=0, rules=Rules(auto_claim=False)
    )
    deal.taken[0].append((parse_card("H2"), 1))  # seat 0 alone has a heart
    deal.apply(0, "HK")
    kernel = Kernel.from_deal(deal)
    assert str(heuristic.choose(deal, 1, rng("run"))) != "HA"
    assert defended_play(kernel) == parse_card("HA").index


def test_a_gouji_play_mid_hand_is_weighed_in_hands_that_agree_with_what_play_has_shown(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """After a round of play, a seat that passed on a set showed it holds nothing to beat it:
    the review samples the hidden hands with that reading, as the strong bot does."""
    hands = [
        "3 4 5 6 7 8 9 10 J Q K A 2", "4 4 5 5 6 6 7 7 8 8 9 9 BJ", "10 10 J J Q Q K K A A 2 2 SJ",
        "3 3 5 5 7 7 9 9 J J K K 2", "4 4 6 6 8 8 10 10 Q Q A A 2", "3 5 7 9 J K 4 6 8 10 Q A SJ",
    ]  # fmt: skip
    hand = gouji_hands(hands, leader=0)
    while hand.to_act != [0] or hand.turns is None or len(hand.turns.history()) < 3:
        seat = hand.to_act[0]
        hand.apply(seat, gouji_bot.choose(hand, seat, random.Random(seat)))
    readings: list[object] = []
    sample = gouji_review.determinized

    def recording(hand: Any, seat: int, rand: random.Random, known: Any = None) -> Any:
        readings.append(known)
        return sample(hand, seat, rand, known)

    monkeypatch.setattr(gouji_review, "determinized", recording)
    made = str(hand.legal_moves(0)[0])
    assert gouji_review.weigh(hand, 0, made, random.Random(2), 2) is not None
    shown = read(hand, 0)
    assert shown.capped or any(shown.checks)  # the play so far did show something of the others
    assert readings and all(
        known is not None and (known.caps, known.not_exactly) == (shown.caps, shown.not_exactly)
        for known in readings
    )


def test_a_mark_its_noise_could_change_gets_more_samples_pooled() -> None:
    """Samples are spent where the mark is in doubt: a loss within twice its noise of a floor
    is unsure, one far from every floor is not; two equal batches pooled keep their mean and
    their noise shrinks by √2, a third batch joins at a third of the weight."""
    assert _unsure(58.0, 5.0, (30.0, 60.0, 120.0))  # 60 is a floor, inside 58 ± 10
    assert _unsure(9.0, 5.0, (30.0, 60.0, 120.0))  # the noise's own bar, 10, inside 9 ± 10
    assert not _unsure(90.0, 5.0, (30.0, 60.0, 120.0))
    one = [Weighed("SQ", 10.0, 4.0), Weighed("S2", 0.0, 0.0)]
    two = pooled(one, [Weighed("S2", 0.0, 0.0), Weighed("SQ", 20.0, 4.0)], 1)
    assert two[0].gain == 15.0 and math.isclose(two[0].noise, 4.0 / math.sqrt(2))
    three = pooled(two, [Weighed("SQ", 30.0, 4.0), Weighed("S2", 0.0, 0.0)], 2)
    assert three[0].gain == 20.0 and math.isclose(three[0].noise, 4.0 / math.sqrt(3))


def first_decision_judged(weighings: list[list[Weighed]], marks: tuple[float, float, float]) -> list[Any]:
    """The judgements of a real deal's first decision by a judge whose weighings are these, in
    turn (the first, then the fresh ones)."""
    given = iter(weighings)

    def weigh(*_: Any) -> list[Weighed]:
        return next(given)

    game = GAMES["gongzhu"]
    seed, log = logged_match()
    reviewer = Reviewer("test", weigh, marks, 4)
    return review_round(game, seed, game.rules({"deals": 1}), log[:1], (log[0][0],), 1, reviewer)


def test_the_estimate_is_the_careful_moves_gain_on_the_first_samples_not_the_best_moves() -> None:
    """The first weighing: the move made (♠Q) 0, the careful player's ♠2 +9, ♥5 +20, the best.
    The fresh samples confirm ♥5 at +15 and find ♠2 at −6. The mark is ♥5's (loss 15), but the
    estimate is ♠2's +9 from the first samples: no move was picked on them, so it is unbiased, and
    it measures the play against careful play — what duplicate play measures."""
    judged = first_decision_judged(
        [
            [Weighed("SQ", 0.0, 0.0), Weighed("S2", 9.0, 3.0, careful=True), Weighed("H5", 20.0, 2.0)],
            [Weighed("SQ", 0.0, 0.0), Weighed("S2", -6.0, 3.0, careful=True), Weighed("H5", 15.0, 2.0)],
        ],
        (10.0, 60.0, 120.0),
    )
    assert [(j.best, j.loss, j.mark, j.estimate, j.expected_loss) for j in judged] == [
        ("H5", 15.0, "inaccuracy", 9.0, 9.0)
    ]


def test_a_move_that_beats_careful_play_counts_below_zero_and_is_no_mark() -> None:
    """The move made beats the careful player's ♠2 by 7 on the samples and nothing beats it: no
    mark, loss 0, and the estimate −7 — a play above careful play."""
    judged = first_decision_judged(
        [[Weighed("SQ", 0.0, 0.0), Weighed("S2", -7.0, 3.0, careful=True)]], (30.0, 60.0, 120.0)
    )
    assert [(j.best == j.move, j.loss, j.mark, j.estimate) for j in judged] == [(True, 0.0, "good", -7.0)]


@pytest.mark.parametrize("name", ["gongzhu", "gouji"])
def test_the_careful_player_is_the_judges_own_so_its_every_estimate_is_nought(name: str) -> None:
    """A seat that plays as the judge's careful player (拱猪: the normal bot that stops a lone
    run for 全红; 够级: the heuristic its playouts follow) is estimated at exactly 0 on every
    decision: the judge names its move as the careful one whatever the sampled hidden hands.
    A judge that took the careful move from one sample's hidden cards, or named another move,
    would charge it."""
    game = GAMES[name]
    careful = gongzhu_careful if name == "gongzhu" else gouji_bot.choose
    options = {"deals": 1} if name == "gongzhu" else {"max_hands": 1}
    seed = f"careful-{name}"
    rules = game.rules(options)
    match = game.new_match(seed, rules)
    log: list[tuple[int, str, str, str]] = []
    while not match.is_over:
        seat = match.to_act[0]
        move = careful(match.current, seat, rng(seed, "bot", seat, len(log)))
        match.apply(seat, move)
        log.append((seat, "move", str(move), "player"))
    judged = review_round(game, seed, rules, log, (0,), 1, game.reviewer, samples=3)
    assert len(judged) >= 5
    assert all(j.estimate == 0.0 for j in judged), [(j.move, j.estimate) for j in judged if j.estimate]


def test_the_better_move_named_among_moves_the_samples_cannot_tell_apart_is_the_same_each_seed() -> None:
    """♥5 tops ♥4 by 2 with noise 3: the samples cannot tell them apart, so the review names the
    careful player's ♥4 — under another seed ♥5 and ♥4 may swap places, and the name stays. Without
    the careful move among them, the first in the game's order. A move clearly on top is named."""
    made = Weighed("SQ", 0.0, 0.0)
    five, four = Weighed("H5", 22.0, 3.0), Weighed("H4", 20.0, 3.0, careful=True)
    assert named_better([made, five, four], five) is four
    plain_four = Weighed("H4", 20.0, 3.0)
    assert named_better([made, five, plain_four], five) is five
    assert named_better([made, plain_four, five], five) is plain_four
    far = Weighed("H5", 40.0, 3.0)
    assert named_better([made, far, four], far) is far
