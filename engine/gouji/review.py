"""How 够级 weighs a person's decision for a review: the move made against the strong
bot's candidates (`search.options_of`: for a play the heuristic's choice, passing, its next best
sets), in hands sampled from the player's view (`simulation.determinized` with what the play so far tells,
`reading.read`), each played out by the heuristic in every seat and counted as the search counts
it: the team's points less the other team's (`search.margins`). A play has hundreds of legal sets;
only these few are weighed, so "best" means the best of them. The decisions before play that the
search weighs (革命, 冲点, 抗贡, tribute, 明点 …: `search.SEARCHED_BEFORE_PLAY`) are reviewed the
same way among their choices."""

from __future__ import annotations

import random

from engine.gouji import bot as heuristic
from engine.gouji.hand import Hand
from engine.gouji.reading import read
from engine.gouji.search import margins, options_of
from engine.gouji.sets import parse_move
from engine.gouji.simulation import determinized
from engine.review import Reviewer, Weighed, paired

# hands sampled a decision, twice when a better move shows (engine.review._judged): a 够级
# playout costs many times a 拱猪 one. benchmarks.review (4 hands, one team of three): 24 samples
# change 15 of 300 marks with another seed, for 9 s of a core a hand (2.5 s since the playout
# kernel)
SAMPLES = 24
WIDTH = 4  # the search's candidates weighed beside the move made
# losses in team-minus-team points from which a play is an inaccuracy, a mistake, a blunder:
# chosen from the losses the heuristic bot's own plays show (benchmarks.review at 48 samples:
# p75 15, p90 26, p95 36, p99 50), so that a few plays in a hundred are marked (docs/bots.md)
MARKS = (15.0, 25.0, 40.0)


def weigh(hand: Hand, seat: int, made: str, rand: random.Random, samples: int) -> list[Weighed] | None:
    if seat not in hand.to_act:
        return None
    legal = hand.legal_moves(seat)
    chosen = parse_move(made)
    if len(legal) <= 1 or chosen not in legal:
        return None
    careful = heuristic.choose(hand, seat, rand)  # the playouts' own move here
    found = options_of(hand, seat, careful, WIDTH)
    if not found:  # a decision the search leaves alone
        return None
    options = list(dict.fromkeys([chosen, careful, *found]))
    if len(options) <= 1:  # nothing to weigh it against
        return None
    known = read(hand, seat) if hand.phase == "play" else None  # before play, nothing to read
    results = [
        [float(m) for m in margins(determinized(hand, seat, rand, known), seat, options, rand)]
        for _ in range(samples)
    ]
    gains = paired(results, 0)
    return [
        Weighed(str(move), gain, noise, move == careful)
        for move, (gain, noise) in zip(options, gains, strict=True)
    ]


def opens_lead(hand: Hand) -> bool:
    return hand.phase == "play" and hand.table is None


REVIEWER = Reviewer("playout-careful", weigh, MARKS, SAMPLES, opens_lead)
