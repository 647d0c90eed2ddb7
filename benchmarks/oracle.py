"""The oracle's sampler (issue 33): the search dealt the real hands instead of samples. Not a bot
anyone may play, but the most that reading the other seats could be worth; `gouji_preplay` and
`gouji_duplicate` both measure it with `--oracle`."""

from __future__ import annotations

import random

from engine.gouji.hand import Hand
from engine.gouji.simulation import Known


def seeing_every_hand(hand: Hand, seat: int, rand: random.Random, known: Known | None) -> Hand:
    """The oracle's sample: the real hands."""
    return hand.clone()
