"""The oracle's sampler (issue 33): the search dealt the real hands instead of samples. Not a bot
anyone may play, but the most that reading the other seats could be worth; `gouji_preplay` and
`gouji_duplicate` both measure it with `--oracle`. `gouji_duplicate --oracle-until K` (or
`--oracle-from K`) gives the real hands only while the deciding seat holds more than K cards
besides its 3s (or only once it holds K or fewer): where in a hand knowing them is worth most."""

from __future__ import annotations

import random

from engine.bots.gouji_search import Sampler
from engine.gouji.cards import THREE
from engine.gouji.hand import Hand
from engine.gouji.simulation import Known, determinized


def seeing_every_hand(hand: Hand, seat: int, rand: random.Random, known: Known | None) -> Hand:
    """The oracle's sample: the real hands."""
    return hand.clone()


def seeing_in_part(cards: int, early: bool) -> Sampler:
    """The real hands while the deciding seat holds more than `cards` besides its 3s (`early`), or
    once it holds that many or fewer (not `early`); samples the rest of the hand."""

    def sample(hand: Hand, seat: int, rand: random.Random, known: Known | None) -> Hand:
        counts = hand.cards[seat].counts
        if (sum(counts) - counts[THREE] > cards) == early:
            return hand.clone()
        return determinized(hand, seat, rand, known)

    return sample
