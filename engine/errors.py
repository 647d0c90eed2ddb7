"""Refusals with a reason key: the rules' `IllegalMove`, the referee's `Refused`, and the
options' `OptionError`."""

from __future__ import annotations


class Refusal(ValueError):
    """A refused request: a reason `key` and its `params`. The words are the interface's, in
    the player's language (`reason.<key>` in handlers/locales); the engine keeps none, so
    there is one home for every text a player reads. `str()` is for logs: the key and params."""

    def __init__(self, key: str, **params: object) -> None:
        self.key = key
        self.params = params
        shown = ", ".join(f"{name}={value!r}" for name, value in params.items())
        super().__init__(f"{key}({shown})" if params else key)


class IllegalMove(Refusal):
    """A move the rules refuse."""


class Refused(Refusal):
    """A request the referee refuses (a stale button, a full table, …); nothing has changed."""
