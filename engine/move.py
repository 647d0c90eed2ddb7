"""The base of every move of either game: a decision of a seat, written in its notation."""

from __future__ import annotations


class Move:
    """A decision of a seat; `str(move)` is its notation."""

    __slots__ = ("text",)

    def __init__(self, text: str) -> None:
        self.text = text

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.text}>"
