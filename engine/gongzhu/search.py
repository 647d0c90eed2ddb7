"""A 拱猪 bot that searches: determinized Monte-Carlo (PIMC). For each of a number of
deals consistent with everything its seat may know (engine.gongzhu.simulation), every legal play
is tried and the deal played out by the heuristic bot in every seat; the play with the best mean
score for the seat (its side's, where sides share scores) is chosen. While the hearts are in play
each play is also tried with the seat racing for them: running for 全红, or blocking
another seat's run. The exposure (明牌) is searched the same way: each choice (expose
nothing, or which cards) in every sampled deal, the seats still to decide choosing as the
heuristic does with their sampled hands, then the deal played out. Other decisions (claims,
猪羊变色), and plays with no choice, are the heuristic's.

The budget is a number of sampled deals, not a time: the same deal, seat and random stream give
the same move on any machine.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from engine.gongzhu import bot as heuristic
from engine.gongzhu.cards import HEARTS, SEATS
from engine.gongzhu.deal import Deal
from engine.gongzhu.exposure import exposure_choices
from engine.gongzhu.kernel import Kernel
from engine.gongzhu.moves import Move, Play
from engine.gongzhu.simulation import determinized

SAMPLES = 48  # deals sampled per decision: 28 ms of thinking mean on one core, compiled
# The most cards a decision plays out: a one-deck exposure's 16 choices, twice (the race), from 52
# cards, 48 times. Two decks play out twice the cards, often for twice the plays: they get fewer
# samples so that a decision stays under 2 s (the race made one take 2.95 s).
CARDS_PLAYED_OUT = SAMPLES * 32 * 52
FEWEST_SAMPLES = 8
Plan = tuple[Move, bool]  # a choice, and whether the seat then races for the hearts


def samples_for(deal: Deal, plans: int, samples: int) -> int:
    """The samples a decision among `plans` can afford: `samples`, or fewer on two decks."""
    return max(FEWEST_SAMPLES, min(samples, CARDS_PLAYED_OUT // (plans * sum(deal.left))))


def choose(deal: Deal, seat: int, rand: random.Random, samples: int = SAMPLES, kernel: bool = True) -> Move:
    """The plan with the best total score over the sampled deals (`scored_samples`); `kernel`
    False plays the playouts in `Deal`, (for comparison)."""
    choices = choices_of(deal, seat)
    if len(choices) <= 1:
        return heuristic.choose(deal, seat, rand)
    plans = plans_of(deal, choices)
    totals = [0] * len(plans)
    for scores in scored_samples(deal, seat, plans, rand, samples_for(deal, len(plans), samples), kernel):
        for i, score in enumerate(scores):
            totals[i] += score
    return plans[max(range(len(plans)), key=totals.__getitem__)][0]


def choices_of(deal: Deal, seat: int) -> list[Move]:
    """What the search weighs: the seat's plays, or its exposure choices (明牌); nothing else
    (claims and 猪羊变色 are the heuristic's)."""
    if deal.phase == "play" and deal.turn == seat:
        return list(_plays(deal, seat))
    if deal.phase == "expose" and seat in deal.to_act:
        return list(deal.legal_moves(seat))
    return []


def plans_of(deal: Deal, choices: list[Move]) -> list[Plan]:
    """Each choice, played on as the heuristic would and, while the hearts are in play, racing
    for them: a run is open to the seat, or another's may be blocked (an exposure: always)."""
    if deal.phase == "expose":
        return [(move, racing) for move in choices for racing in (False, True)]
    plans = [(move, False) for move in choices]
    if len(heart_takers(deal)) <= 1:
        plans += [(move, True) for move in choices]
    return plans


def scored_samples(
    deal: Deal, seat: int, plans: list[Plan], rand: random.Random, samples: int, kernel: bool = True
) -> Iterator[list[int]]:
    """Per deal sampled from the seat's view (`determinized`; in the exposure, who else is asked
    as secret as at the table: `exposure_world`), each plan's score for the seat: its move made,
    the others deciding as the heuristic would, the deal played out (`playout`). One deck plays
    out in the kernel, unless `kernel` is False."""
    fast = kernel and deal.rules.decks == 1
    for _ in range(samples):
        world = determinized(deal, seat, rand)
        if deal.phase == "expose":
            world = exposure_world(world, seat)
        elif fast:
            start = Kernel.from_deal(world)
            yield [_in_kernel(start, seat, move, racing) for move, racing in plans]
            continue
        yield [_in_deal(world, seat, move, racing, rand, fast) for move, racing in plans]


def _in_kernel(start: Kernel, seat: int, move: Move, racing: bool) -> int:
    assert isinstance(move, Play)
    line = start.copy()
    line.play(move.cards[0].index)
    return line.playout(seat if racing else -1)[seat]


def _in_deal(world: Deal, seat: int, move: Move, racing: bool, rand: random.Random, fast: bool) -> int:
    position = world.clone()
    position.apply(seat, move)
    while position.phase == "expose":  # the others decide as the heuristic would
        other = position.to_act[0]
        position.apply(other, heuristic.choose(position, other, rand))
    if fast:
        return Kernel.from_deal(position).playout(seat if racing else -1)[seat]
    return playout(position, rand, seat if racing else None)[seat]


def heart_takers(deal: Deal) -> list[int]:
    """The seats that have taken a heart."""
    return [s for s in range(SEATS) if any(c.suit == HEARTS for c, _ in deal.taken[s])]


def runner(deal: Deal, seat: int, takers: list[int] | None = None) -> int | None:
    """The other seat that may still take every heart: the only one that has taken any."""
    takers = heart_takers(deal) if takers is None else takers
    return takers[0] if len(takers) == 1 and takers[0] != seat else None


def block_play(deal: Deal, seat: int) -> Play | None:
    """The seat's play to stop another's run for 全红: win a trick that carries a heart, with its
    highest card of the suit led; None when it cannot (the heuristic plays then)."""
    trick = deal.trick
    if not trick or not any(c.suit == HEARTS for _, m in trick for c in m.cards):
        return None
    return _winning(deal, _following(deal, seat))


def all_hearts_open(deal: Deal, seat: int, takers: list[int] | None = None) -> bool:
    """全红 is still the seat's to take: no other seat has taken a heart."""
    return all(taker == seat for taker in (heart_takers(deal) if takers is None else takers))


def run_play(deal: Deal, seat: int) -> Play:
    """The seat's play while it runs for 全红: lead its highest card, win a trick it can win with
    its highest card, duck with its lowest, and keep its hearts when it cannot follow."""
    if not deal.trick:
        return max(_plays(deal, seat), key=lambda m: (_top(m), m.suit == HEARTS))
    following = _following(deal, seat)
    if not following:  # a discard: the lowest card that is not a heart
        return min(_plays(deal, seat), key=lambda m: (any(c.suit == HEARTS for c in m.cards), _top(m)))
    return _winning(deal, following) or min(following, key=_top)


def _plays(deal: Deal, seat: int) -> list[Play]:
    return [m for m in deal.legal_moves(seat) if isinstance(m, Play)]


def _following(deal: Deal, seat: int) -> list[Play]:
    """The seat's plays that follow the suit led."""
    led = deal.trick[0][1].suit
    return [m for m in _plays(deal, seat) if any(c.suit == led for c in m.cards)]


def _winning(deal: Deal, following: list[Play]) -> Play | None:
    """The highest of these plays if it wins the trick so far, else None."""
    if not following:
        return None
    led = deal.trick[0][1].suit
    high = max(c.rank for _, m in deal.trick for c in m.cards if c.suit == led)
    highest = max(following, key=_top)
    return highest if _top(highest) > high else None


def _top(move: Play) -> int:
    return max(c.rank for c in move.cards)


def exposure_world(world: Deal, seat: int) -> Deal:
    """Who else is still to decide is secret (being asked tells holding a scoring card): in a
    sample, every other seat that has exposed nothing yet decides, if its sampled hand holds an
    exposable card, among the choices that hand gives."""
    undecided = [other for other in range(SEATS) if other != seat and not world.exposed[other]]
    asked = [seat, *(other for other in undecided if world._exposable(other))]
    world.to_act = asked
    world.exposure_choices = {s: exposure_choices(tuple(world._exposable(s))) for s in asked}
    return world


def playout(deal: Deal, rand: random.Random, racing: int | None = None) -> tuple[int, ...]:
    """Plays the deal out as the heuristic bot would, for every seat; its scores. (Uniformly
    random play dumps points where no player would, and misjudges the plays it compares.) The
    seat `racing` races for the hearts: it runs for 全红 (`run_play`) while no other seat has
    taken a heart, and blocks another's run (`block_play`) while that seat alone has hearts."""
    while deal.phase == "play":
        seat = deal.turn
        move: Move | None = None
        if seat == racing:
            takers = heart_takers(deal)  # once a turn, for both questions
            if all_hearts_open(deal, seat, takers):
                move = run_play(deal, seat)
            elif runner(deal, seat, takers) is not None:
                move = block_play(deal, seat)
        deal.apply(seat, move or heuristic.choose(deal, seat, rand))
    while not deal.is_over:  # 猪羊变色 chosen by the taker: its better choice
        seat = deal.to_act[0]
        deal.apply(seat, deal.default_move(seat))
    scores = deal.scores
    assert scores is not None
    return scores
