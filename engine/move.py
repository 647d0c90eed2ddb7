"""The base of every move of either game: a decision of a seat, written in its notation."""

from __future__ import annotations

from engine.errors import IllegalMove

# The longest notation a built-in game ever needs is under 200 characters (a 36-card set of
# `10`s, a claim naming all 16 scoring cards); anything longer is refused before it is read,
# so no text a player types costs more than reading 300 characters.
MAX_NOTATION = 300
QUOTED = 24  # characters of a refused text quoted back to the player


def checked_notation(text: str) -> str:
    """The text, if it is short enough to be a move; IllegalMove (quoting its start) if not."""
    if len(text) > MAX_NOTATION:
        raise IllegalMove("unknown_move", text=quoted(text))
    return text


def quoted(text: str) -> str:
    """The start of a player's text, short enough to quote back in any answer."""
    return text if len(text) <= QUOTED else text[: QUOTED - 1] + "…"


class Move:
    """A decision of a seat; `str(move)` is its notation."""

    def __init__(self, text: str) -> None:
        self.text = text

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.text}>"
