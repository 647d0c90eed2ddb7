"""Exact values of a one-deck 拱猪 deal with every hand in view (double dummy), for a judge the
review's was measured against (`gongzhu_judges.exact`): the score a seat is sure of when it
plays best and the other seats play against it (paranoid: its partner, where it has one, plays
with it). An alpha-beta search over the remaining tricks of a `Kernel` position.

Why against it: each playing for itself (max^n) cannot prune and costs hundreds of times more;
against the seat, they block a run for 全红 it cannot force, and drop the pig on it whenever they
can.

Two cards of a suit that no card still in play separates, neither one worth points nor held
back exposed, win and lose the same tricks: only one of them is searched. A position whose hands
hold no scoring card is over (`Kernel.is_over`), so a search ends where the points end."""

from __future__ import annotations

from engine.gongzhu.cards import SEATS
from engine.gongzhu.kernel import SCORING_CARDS, SUIT_MASK, Kernel, engine_order

SCORING_INDICES = [i for i in range(52) if SCORING_CARDS >> i & 1]


def friends_of(kernel: Kernel, seat: int) -> int:
    """A bit per seat that plays for `seat`'s score: the seat, and its partner (对家配合) or its
    side (猪羊一家)."""
    rules = kernel.rules
    if rules.partners:
        return (1 << seat) | (1 << (seat ^ 2))
    if rules.pig_sheep_team and seat in kernel.pig_sheep_seats:
        return sum(1 << s for s in set(kernel.pig_sheep_seats))
    if rules.pig_sheep_team:
        return sum(1 << s for s in range(SEATS) if s not in kernel.pig_sheep_seats)
    return 1 << seat


# bounds (lower, upper) of a position's value, by its state between tricks: the same hands, the
# same cards taken by the same seats, reached by tricks played in another order
Table = dict[tuple[int, ...], tuple[int, int]]
WIDE = 1 << 30


def value(kernel: Kernel, seat: int, table: Table | None = None) -> int:
    """The seat's score when every seat plays perfectly, its friends for it, the rest against.
    `table` may be shared by searches of one world for one seat."""
    friends = friends_of(kernel, seat)
    return _search(kernel, seat, friends, -WIDE, WIDE, {} if table is None else table)


def _key(kernel: Kernel) -> tuple[int, ...]:
    played_by = 0
    taken = kernel.taken[0] | kernel.taken[1] | kernel.taken[2] | kernel.taken[3]
    for index in SCORING_INDICES:
        if taken >> index & 1:
            played_by = played_by * 4 + kernel.played_by[index]
    return (*kernel.hands, *kernel.held, *kernel.taken, kernel.turn, kernel.opened, played_by)


def _search(kernel: Kernel, seat: int, friends: int, alpha: int, beta: int, table: Table) -> int:
    if kernel.is_over:
        return kernel.scores()[seat]
    key: tuple[int, ...] | None = None
    if not kernel.trick_cards:
        key = _key(kernel)
        bounds = table.get(key)
        if bounds is not None:
            lower, upper = bounds
            if lower >= beta or lower == upper:
                return lower
            if upper <= alpha:
                return upper
            alpha, beta = max(alpha, lower), min(beta, upper)
    first_alpha, first_beta = alpha, beta
    maximizing = bool(friends >> kernel.turn & 1)
    best = -WIDE if maximizing else WIDE
    for index in distinct_plays(kernel):
        line = kernel.copy()
        line.play(index)
        found = _search(line, seat, friends, alpha, beta, table)
        if maximizing:
            if found > best:
                best = found
            if best > alpha:
                alpha = best
        else:
            if found < best:
                best = found
            if best < beta:
                beta = best
        if alpha >= beta:
            break
    if key is not None:
        if best <= first_alpha:
            table[key] = (-WIDE, best)
        elif best >= first_beta:
            table[key] = (best, WIDE)
        else:
            table[key] = (best, best)
    return best


def distinct_plays(kernel: Kernel) -> list[int]:
    """The legal cards of the seat to play, one of each run of cards that play alike, cheapest
    first by the heuristic's count (good moves first make the search prune sooner)."""
    legal = kernel.legal()
    in_play = kernel.in_hands
    for index in kernel.trick_cards:
        in_play |= 1 << index
    plain = legal & ~SCORING_CARDS & ~kernel.held[kernel.turn]
    chosen: list[int] = []
    previous = -1
    for index in engine_order(legal):  # suit by suit, high rank first
        bit = 1 << index
        if previous >= 0 and bit & plain and (1 << previous) & plain and _touching(in_play, previous, index):
            previous = index
            continue
        chosen.append(index)
        previous = index
    if len(chosen) > 1:
        chosen.sort(key=kernel.cost)
    return chosen


def _touching(in_play: int, higher: int, lower: int) -> bool:
    """No card still in play lies between these two of one suit."""
    if higher // 13 != lower // 13:
        return False
    between = ((1 << higher) - 1) & ~((1 << (lower + 1)) - 1) & (SUIT_MASK << 13 * (lower // 13))
    return not in_play & between
