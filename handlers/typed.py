"""What a typed move must look like before it is played: cards as the notation writes them, in
capitals. A move typed in lowercase, or differing from the notation only by case, is never played
as it stands (`k`, as in "ok", is no K): the move it would be is offered as a button to confirm."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from engine.errors import IllegalMove
from engine.move import Move
from handlers.games import UI


def exact_form(text: str) -> str:
    """`text` with every card token in capitals, the decision words (`pass`, `expose`, `merge`
    …, any game's: `GameUI.words`) as typed."""
    words = frozenset().union(*(ui.words for ui in UI.values()))
    return " ".join(word if word.lower() in words else word.upper() for word in text.split())


def needs_exact_form(text: str, parse: Callable[[str], Move]) -> str | None:
    """The form to type instead, when `text` differs only by case from notation the game reads
    (`parse`); None when it is that notation already, or no move at all (the engine says why)."""
    exact = exact_form(text)
    if exact == " ".join(text.split()):
        return None
    try:
        parse(exact)
    except IllegalMove:
        return None
    return exact


def legal_index(text: str, legal: Sequence[str], parse: Callable[[str], Move]) -> int | None:
    """The index of the legal move `text` names in the game's notation; None when it names none."""
    try:
        named = str(parse(text))
    except IllegalMove:
        return None
    return legal.index(named) if named in legal else None
