"""A registry of one layer's parts of the game packs, by game name. The built-in games' parts are
found by convention (`render.<name>` …, the name from `engine.games.BUILT_IN`) and loaded on first
use, so a layer's generic modules and its games' modules may import each other's types without an
import cycle; a pack from elsewhere is added with `register`."""

from __future__ import annotations

from collections.abc import ItemsView, Iterator, Mapping, Sequence, ValuesView
from importlib import import_module
from typing import Generic, TypeVar

T = TypeVar("T")


class Registry(Mapping[str, T], Generic[T]):
    def __init__(self, what: str, built_in: Sequence[str], module: str) -> None:
        """`what` names the part in errors; `built_in` the built-in games, whose part in this
        layer is the `PART` of the module `module` names (`"render.{}"`: `render.<game>`)."""
        self._what, self._built_in, self._module = what, tuple(built_in), module
        self._parts: dict[str, T] = {}
        self._loaded = False

    def _load(self) -> dict[str, T]:
        if not self._loaded:
            self._loaded = True  # first: a built-in part's module may look itself up
            for name in self._built_in:
                self._parts.setdefault(name, import_module(self._module.format(name)).PART)
        return self._parts

    def __getitem__(self, name: str) -> T:
        parts = self._load()
        if name not in parts:
            raise KeyError(f"no {self._what} for a game named {name!r}")
        return parts[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._load())

    def __len__(self) -> int:
        return len(self._load())

    # the dict's own views and lookups: the referee asks every game of each event it commits, and
    # Mapping's generic ones would go through `__getitem__` for every game
    def __contains__(self, name: object) -> bool:
        return name in self._load()

    def values(self) -> ValuesView[T]:
        return self._load().values()

    def items(self) -> ItemsView[str, T]:
        return self._load().items()

    def register(self, name: str, part: T) -> None:
        parts = self._load()
        if name in parts and parts[name] is not part:
            raise ValueError(f"a {self._what} named {name!r} is registered already")
        parts[name] = part
