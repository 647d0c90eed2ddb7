"""Deterministic random streams derived from a stored seed (never the global RNG)."""

from __future__ import annotations

import random


def rng(seed: int | str, *parts: object) -> random.Random:
    """A Random for one purpose of one match: same seed and parts, same stream, on any machine.

    Random seeded with a str hashes it with SHA-512, which is stable across runs and platforms.
    """
    return random.Random(":".join(str(p) for p in (seed, *parts)))
