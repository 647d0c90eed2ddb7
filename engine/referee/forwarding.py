"""A method of one of the referee's collaborators, offered as the referee's own: `join =
Forwarded("lobby", Lobby.join)` makes `referee.join(...)` call `referee.lobby.join(...)`, typed
as the collaborator's method is, with its signature written once (`Referee.__init__`
copied fifty methods by hand)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Concatenate, Generic, ParamSpec, TypeVar, overload

P = ParamSpec("P")
R = TypeVar("R")
Part = TypeVar("Part")


class Forwarded(Generic[Part, P, R]):
    def __init__(self, part: str, method: Callable[Concatenate[Part, P], R]) -> None:
        self.part = part
        self.method = method
        self.name = method.__name__

    @overload
    def __get__(self, owner: None, kind: type | None = None) -> Forwarded[Part, P, R]: ...

    @overload
    def __get__(self, owner: object, kind: type | None = None) -> Callable[P, R]: ...

    def __get__(self, owner: object | None, kind: type | None = None) -> Any:
        if owner is None:
            return self
        bound: Callable[P, R] = getattr(getattr(owner, self.part), self.name)
        return bound
