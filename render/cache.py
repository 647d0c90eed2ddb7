"""Pictures by what they show: an unchanged picture is never drawn twice. The table message is
redrawn after every move, and a hand is re-sent by /hand: both hit this cache when nothing changed."""

from __future__ import annotations

import functools
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Generic, ParamSpec, TypeVar

P = ParamSpec("P")
T = TypeVar("T")


class PictureCache(Generic[T]):
    """Least recently used first out; `capacity` pictures (PNG bytes of ~10-30 KB each, or
    drawn images kept to draw on)."""

    def __init__(self, capacity: int = 512) -> None:
        self.capacity = capacity
        self._pictures: OrderedDict[Hashable, T] = OrderedDict()
        self.hits = 0
        self.misses = 0

    def get(self, key: Hashable, draw: Callable[[], T]) -> T:
        picture = self._pictures.get(key)
        if picture is not None:
            self._pictures.move_to_end(key)
            self.hits += 1
            return picture
        self.misses += 1
        picture = draw()
        self._pictures[key] = picture
        if len(self._pictures) > self.capacity:
            self._pictures.popitem(last=False)
        return picture

    def clear(self) -> None:
        self._pictures.clear()
        self.hits = self.misses = 0


PICTURES: PictureCache[bytes] = PictureCache()


def cached(draw: Callable[P, bytes]) -> Callable[P, bytes]:
    """`draw` with its pictures kept in `PICTURES`, keyed by its name and arguments (which are
    strings, numbers and frozen dataclasses: hashable by design)."""

    @functools.wraps(draw)
    def drawn(*args: P.args, **kwargs: P.kwargs) -> bytes:
        key = (draw.__name__, args, tuple(sorted(kwargs.items())))
        return PICTURES.get(key, lambda: draw(*args, **kwargs))

    return drawn
