"""The review of a finished match: for each decision a person made in play, what the
game's search estimates each candidate was worth **from what that player could know then** —
their hand, the public record, what the rules tell everyone; the hidden hands are sampled afresh,
never read — the move made, the best, the loss between them, and a mark.

An estimate is a mean over sampled deals, so it has an error: each candidate's gain over the move
made is paired on the same samples, and a loss inside twice its standard error is no mistake
(`mark_of`). Only the referee's reading of a *finished* match reviews it; the review is a pure
function of the match's seed, log and the review's seed, so it runs in a search worker."""

from __future__ import annotations

import json
import math
import random
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from engine.seeding import rng

MARKS = ("good", "inaccuracy", "mistake", "blunder")
NOISE = 2.0  # standard errors a loss must clear to be marked at all
# extra batches of samples, at most, for a decision whose mark its noise could still change
# (docs/bots.md, "Stable under another seed": with 2, fewer than 95 % of the marks were kept)
MORE_BATCHES = 4


@dataclass(frozen=True, slots=True)
class Weighed:
    """A candidate move: its mean gain in points over the move made (paired on the same sampled
    deals) and the standard error of that mean."""

    move: str
    gain: float
    noise: float
    # the move the judge's own careful player makes there — the policy its playouts follow
    # (`Judgement.estimate` is measured against it)
    careful: bool = False


# (round, seat, the move made, random stream, samples) → every candidate weighed, the move made
# among them; None for a decision the game does not review (forced, or not a play)
Weigh = Callable[[Any, int, str, random.Random, int], list[Weighed] | None]


def never(round_: Any) -> bool:
    return False


@dataclass(frozen=True, slots=True)
class Reviewer:
    """A game's part in reviews: how it weighs a decision, and the losses (in its points) from
    which a move is an inaccuracy, a mistake, a blunder."""

    name: str  # the judge's name, stored with a review: a review by another judge is made again
    weigh: Weigh
    marks: tuple[float, float, float]
    samples: int
    # whether a position opens a moment players count (a trick, a lead): a
    # judgement is named by the count of them in its round ("第3圈"), 0 before the first
    opens_moment: Callable[[Any], bool] = never


@dataclass(frozen=True, slots=True)
class Judgement:
    round: int  # the round's number in the match, from 1
    step: int  # the step's number in its round's replay (0 is the deal)
    seat: int
    move: str
    best: str
    loss: float  # points the best move was estimated to be worth more
    noise: float  # the standard error of that estimate
    mark: str  # good | inaccuracy | mistake | blunder
    moment: int = 0  # the trick or lead of its round, as players count them (0: before play)
    # why the better move is better, in the hint's terms (`Game.explain`: key, values); none
    # for a good move
    reason: str = ""
    reason_values: dict[str, object] = field(default_factory=dict)
    # what the careful player's move (the judge's own, `Weighed.careful`) gains over the move
    # made, below zero when the move made was better. Read from the first weighing, where no
    # move was picked, it is unbiased, and over a match it sums to what the player's play cost
    # against careful play: the performance difference identity (Kakade & Langford 2002) —
    # careful play's worth less the player's is the sum, over the player's decisions, of the
    # careful move's value less the move made's, both followed by careful play. So differences
    # of these sums match duplicate play's differences (docs/bots.md), which the best move's
    # loss (`loss`, a mark's) does not: that also counts what careful play itself misses. None
    # in a review stored without it, or by a judge with no careful move (`loss` stands in).
    estimate: float | None = None

    @property
    def expected_loss(self) -> float:
        return self.loss if self.estimate is None else self.estimate


def mark_of(loss: float, noise: float, marks: tuple[float, float, float]) -> str:
    """The loss's mark; "good" when the loss is inside the estimate's noise."""
    if loss <= NOISE * noise:
        return "good"
    return MARKS[sum(1 for floor in marks if loss >= floor)]


def paired(results: Sequence[Sequence[float]], chosen: int) -> list[tuple[float, float]]:
    """Per candidate, the mean of its result less the chosen's on each sample, and the standard
    error of that mean (`results[sample][candidate]`)."""
    out = []
    n = len(results)
    for candidate in range(len(results[0])):
        diffs = [row[candidate] - row[chosen] for row in results]
        mean = sum(diffs) / n
        spread = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1)) if n > 1 else 0.0
        out.append((mean, spread / math.sqrt(n)))
    return out


def judge(
    weighed: list[Weighed],
    made: str,
    marks: tuple[float, float, float],
    confirmed: list[Weighed] | None = None,
) -> tuple[str, float, float, str]:
    """(best move, loss, noise, mark) of a decision whose candidates are weighed. The best of
    several noisy estimates is biased upwards (it won partly by luck), so its loss is read from
    `confirmed`, the same decision weighed again on fresh samples, where it was not picked."""
    top = max(weighed, key=lambda w: w.gain)
    if top.gain <= 0:
        return made, 0.0, 0.0, "good"
    best = named_better(weighed, top)
    again = best if confirmed is None else next((w for w in confirmed if w.move == best.move), None)
    if again is None or again.gain <= 0:
        return best.move, 0.0, 0.0 if again is None else again.noise, "good"
    return best.move, again.gain, again.noise, mark_of(again.gain, again.noise, marks)


def named_better(weighed: list[Weighed], top: Weighed) -> Weighed:
    """The better move a review names: the samples tell moves apart only within their noise, so
    among those within twice it of the top one (the two gains' noises combined), the careful
    player's move when it is one, else the first in the game's order of moves — a choice another
    review seed repeats, where the top one among equals is luck's."""
    tied = [w for w in weighed if w.gain > 0 and top.gain - w.gain <= NOISE * math.hypot(top.noise, w.noise)]
    return next((w for w in tied if w.careful), tied[0])


def review_round(
    game: Any,
    seed: str,
    rules: Any,
    log: Iterable[tuple[int, str, str, str]],
    people: Sequence[int],
    number: int,
    reviewer: Reviewer,
    samples: int | None = None,
    review_seed: str = "",
) -> list[Judgement]:
    """The judgements of round `number`: the match replayed from its seed and log (seat, kind,
    move, actor), each move a person made (`actor` player, a seat of `people`) weighed before it
    is applied. `review_seed` seeds the samples: two seeds give two independent reviews."""
    match = game.new_match(seed, rules)
    out: list[Judgement] = []
    counted, moment = 1, 0  # the round whose moments are counted, and its count so far
    for ply, (round_no, step, (seat, kind, move, actor)) in enumerate(numbered_steps(match, log)):
        if round_no > number:
            break
        if round_no != counted:
            counted, moment = round_no, 0
        moment += kind == "move" and reviewer.opens_moment(match.current)
        if round_no == number and kind == "move" and actor == "player" and seat in people:
            stream = f"review/{review_seed}/{ply}"
            judged = _judged(reviewer, match.current, seat, move, samples or reviewer.samples, seed, stream)
            if judged is not None:
                (best, loss, noise, mark), estimate = judged
                why = game.explain(match.current, seat, game.parse_move(best)) if mark != "good" else ("", {})
                judgement = Judgement(round_no, step, seat, move, best, loss, noise, mark, moment, *why)
                out.append(replace(judgement, estimate=estimate))
    return out


def numbered_steps(
    match: Any, log: Iterable[tuple[int, str, str, str]]
) -> Iterator[tuple[int, int, tuple[int, str, str, str]]]:
    """The logged steps (seat, kind, move, actor) of a match replayed from its start, each with
    its round's number (from 1) and its number in that round's replay (from 1; 0 is the deal).
    Each is yielded before it is applied — `match.current` is the position it was decided in —
    and applied as the walk goes on. Reviews and drills number steps by it alike, so a drill
    finds the very step its review judged."""
    current, round_no, step = match.current, 1, 0
    for entry in log:
        step += 1
        yield round_no, step, entry
        seat, kind, move, _ = entry
        match.apply_step(seat, kind, move)
        if match.current is not current:  # the step dealt the next round
            current, round_no, step = match.current, round_no + 1, 0


def judgements_of(body: str) -> tuple[Judgement, ...]:
    """A stored review's judgements (the JSON `Reviews` writes)."""
    return tuple(Judgement(**item) for item in json.loads(body))


def _judged(
    reviewer: Reviewer, round_: Any, seat: int, move: str, samples: int, seed: str, stream: str
) -> tuple[tuple[str, float, float, str], float | None] | None:
    """A decision weighed on its samples, and when some move looks better, weighed again on
    fresh ones: the first picks the best move, the second says what it is worth. The verdict
    (best move, loss, noise, mark), and the estimate (`Judgement.estimate`)."""
    weighed = reviewer.weigh(round_, seat, move, rng(seed, stream), samples)
    if weighed is None:
        return None
    if max(w.gain for w in weighed) <= 0:
        return judge(weighed, move, reviewer.marks), against_careful(weighed)
    confirmed = reviewer.weigh(round_, seat, move, rng(seed, stream, "again"), samples)
    assert confirmed is not None
    verdict = judge(weighed, move, reviewer.marks, confirmed)
    for more in range(MORE_BATCHES):  # a mark its noise could change: more samples, pooled
        if not _unsure(verdict[1], verdict[2], reviewer.marks):
            break
        fresh = reviewer.weigh(round_, seat, move, rng(seed, stream, "more", more), samples)
        assert fresh is not None
        confirmed = pooled(confirmed, fresh, more + 1)
        verdict = judge(weighed, move, reviewer.marks, confirmed)
    return verdict, against_careful(weighed)


def against_careful(weighed: list[Weighed]) -> float | None:
    """What the careful player's move gains over the move made, on these samples; None when the
    judge has no careful move among them."""
    return next((w.gain for w in weighed if w.careful), None)


def _unsure(loss: float, noise: float, marks: tuple[float, float, float]) -> bool:
    """Whether the loss's mark could change within twice its noise: a floor (or the noise's own
    bar, under which nothing is marked) lies inside the loss ± 2 noise."""
    if noise <= 0:
        return False
    bars = (NOISE * noise, *marks)
    return any(abs(loss - bar) < NOISE * noise for bar in bars)


def pooled(before: list[Weighed], fresh: list[Weighed], batches: int) -> list[Weighed]:
    """`batches` equal batches' estimates (`before`) and one more, as one: the mean of the
    means, its noise shrinking as the square root of the batches."""
    by_move = {w.move: w for w in fresh}
    out = []
    for w in before:
        new = by_move[w.move]
        gain = (w.gain * batches + new.gain) / (batches + 1)
        noise = math.sqrt(w.noise**2 * batches**2 + new.noise**2) / (batches + 1)
        out.append(Weighed(w.move, gain, noise, w.careful))
    return out


def rounds_played(game: Any, seed: str, rules: Any, log: Iterable[tuple[int, str, str, str]]) -> int:
    """How many rounds the logged match played."""
    match = game.new_match(seed, rules)
    current, rounds = match.current, 1
    for seat, kind, move, _ in log:
        match.apply_step(seat, kind, move)
        if match.current is not current:
            current, rounds = match.current, rounds + 1
    return rounds
