"""A bounded memory: a dict kept in insertion order, the oldest entries let go first."""

from __future__ import annotations

from typing import TypeVar

K = TypeVar("K")
V = TypeVar("V")


def keep(memory: dict[K, V], key: K, value: V, most: int) -> None:
    """Remembers `value` as the newest entry (a dict's order is its insertion order) and lets
    the oldest go beyond `most`."""
    memory.pop(key, None)
    memory[key] = value
    while len(memory) > most:
        del memory[next(iter(memory))]
