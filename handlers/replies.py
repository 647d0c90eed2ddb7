"""Finding the table a message is about, and answering a refusal in the user's language."""

from __future__ import annotations

from typing import Any

from engine.errors import Refusal
from engine.referee import TableView
from handlers.i18n import has, t

OPEN = ("lobby", "running")


def refusal(lang: str, error: Refusal) -> str:
    key = f"reason.{error.key}"
    if not has(key):
        return str(error)
    try:
        return t(lang, key, **error.params)
    except (KeyError, IndexError):
        return str(error)


def group_table(referee: Any, group: int) -> TableView | None:
    """The group's newest open table, else its newest finished one (for /score, /record)."""
    views = sorted(referee.tables_in(group), key=lambda v: v.id)
    open_views = [v for v in views if v.status in OPEN]
    return (open_views or views or [None])[-1]
