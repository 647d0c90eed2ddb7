"""The oracle's sampler: the search dealt the real hands instead of samples. Not a bot
anyone may play, but the most that reading the other seats could be worth; `gouji_preplay` and
`gouji_duplicate` both measure it with `--oracle`. `gouji_duplicate --oracle-until K` (or
`--oracle-from K`) gives the real hands only while the deciding seat holds more than K cards
besides its 3s (or only once it holds K or fewer): where in a hand knowing them is worth most."""

from __future__ import annotations

import random

from engine.gouji.cards import WILDCARDS, cards_but_threes
from engine.gouji.hand import Hand
from engine.gouji.scoring import team
from engine.gouji.search import Sampler
from engine.gouji.simulation import Known, cards_of_counts, determinized, hidden_counts, hidden_seats, settle


def seeing_every_hand(hand: Hand, seat: int, rand: random.Random, known: Known | None) -> Hand:
    """The oracle's sample: the real hands."""
    return hand.clone()


def seeing_in_part(cards: int, early: bool) -> Sampler:
    """The real hands while the deciding seat holds more than `cards` besides its 3s (`early`), or
    once it holds that many or fewer (not `early`); samples the rest of the hand."""

    def sample(hand: Hand, seat: int, rand: random.Random, known: Known | None) -> Hand:
        counts = hand.cards[seat].counts
        if (cards_but_threes(counts) > cards) == early:
            return hand.clone()
        return determinized(hand, seat, rand, known)

    return sample


def knowing_the_wildcards(hand: Hand, seat: int, rand: random.Random, known: Known | None) -> Hand:
    """A sample in which every hidden seat holds its real 2s and jokers, the rest dealt as the
    search deals it (within what is read): what knowing only where the wildcards are is worth."""
    exact = _copy(known)
    for other in hidden_seats(hand, seat):
        for rank in WILDCARDS:
            exact.caps[other][rank] = hand.cards[other].counts[rank]  # all of them: the deal is exact
    exact.capped = True
    return determinized(hand, seat, rand, exact)


def knowing_seats(other_team: bool) -> Sampler:
    """Samples in which the other team's seats (`other_team`), or the deciding seat's teammates,
    hold their real cards, the rest dealt as the search deals them: whose cards knowing is worth
    most. (A read sample; the seats not known keep what of it is left, and the rest is dealt to
    them at random.)"""

    def sample(hand: Hand, seat: int, rand: random.Random, known: Known | None) -> Hand:
        world = determinized(hand, seat, rand, known)
        hidden = hidden_seats(hand, seat)
        seen = [other for other in hidden if (team(other) != team(seat)) == other_team]
        left = hidden_counts(hand, seat)
        for other in seen:
            world.cards[other] = hand.cards[other].copy()
            left = [n - mine for n, mine in zip(left, hand.cards[other].counts, strict=True)]
        unseen = [other for other in hidden if other not in seen]
        kept = []
        for other in unseen:
            keep = [min(n, free) for n, free in zip(world.cards[other].counts, left, strict=True)]
            left = [free - n for free, n in zip(left, keep, strict=True)]
            kept.append(keep)
        rest = [rank for rank, n in enumerate(left) for _ in range(n)]
        rand.shuffle(rest)
        for other, keep in zip(unseen, kept, strict=True):
            room = len(hand.cards[other]) - sum(keep)
            for rank in rest[:room]:
                keep[rank] += 1
            rest = rest[room:]
            world.cards[other] = cards_of_counts(keep)
        settle(world, hand, seat)  # again, for the cards dealt anew
        return world

    return sample


def _copy(known: Known | None) -> Known:
    """What is read, with caps of its own to tighten."""
    copy = Known()
    if known is not None:
        copy.caps = [list(caps) for caps in known.caps]
        copy.not_exactly, copy.checks = known.not_exactly, known.checks
    return copy
