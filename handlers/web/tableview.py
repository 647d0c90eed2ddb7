"""What the Mini App's API answers, as JSON: the table's public view (the very scene the group's
picture is drawn from, so nothing is in it that the group does not see), and for a seated user
their own hand and legal moves, each move described for the page (its cards, its label, whether
it asks to be confirmed)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from engine.referee import PrivateView, TableView
from handlers.games import decision_marks, move_label, ui
from handlers.i18n import t
from render.games import LOOKS, table_scene
from render.labels import label
from render.scene import Mark, SeatScene
from render.table import said


def public_json(
    view: TableView, names: Sequence[str], now: float, lang: str, recent: Iterable[tuple[int, str]]
) -> dict[str, Any]:
    """The table as everyone at it may see it."""
    scene = table_scene(view, names, now)
    public = view.public
    data: dict[str, Any] = {
        "id": view.id,
        "game": view.game,
        "look": look(view.game, lang),
        "status": view.status,
        "version": view.version,
        "phase": None if public is None else public.phase,
        "round_no": scene.round_no,
        "match_no": view.match_no,
        "to_act": list(scene.to_act),
        "seconds_left": scene.seconds_left,
        "seats": [seat_json(seat, lang) for seat in scene.seats],
        "table_set": scene.table_set,
        "table_owner": scene.table_owner,
        "trick": [list(play) for play in scene.trick],
        "trick_no": scene.trick_no,
        "notes": [label(lang, note) for note in scene.notes],
        "totals": list(view.totals),
        "recent": [list(play) for play in recent],
    }
    return data | (ui(view.game).web.public_extra(public) if public is not None else {})


def seat_json(seat: SeatScene, lang: str) -> dict[str, Any]:
    """A seat as the page shows it: the platform's fields, and the game's marks, count and card
    rows already in words (the page draws them as given, knowing no game's marks)."""

    def mark(m: Mark) -> dict[str, str]:
        return {"text": said(lang, m), "tone": m.tone}

    return {
        "name": seat.name,
        "team": seat.team,
        "cards_left": seat.cards_left,
        "is_bot": seat.is_bot,
        "autopilot": seat.autopilot,
        "total": seat.total,
        "marks": [mark(m) for m in seat.marks],
        "count": None if seat.count is None else mark(seat.count),
        "rows": [
            {"head": label(lang, row.key), "cards": list(row.cards), "short": list(row.short)}
            for row in seat.rows
            if row.cards
        ],
    }


def hand_tokens(game: str, hand: str) -> list[str]:
    """The seat's cards in notation, sorted as its hand picture sorts them."""
    return ui(game).web.hand_order(hand.split())


def described_moves(game: str, private: PrivateView, lang: str) -> list[dict[str, Any]]:
    """Each legal move: its notation, its words, its cards (a play or an exposure, which the page
    builds by tapping cards; None for a decision, which is a button), and the warning to confirm."""
    warnings, hidden = decision_marks(game, private)
    kind_of = ui(game).web.move_kind
    out = []
    for move in private.legal:
        if move in hidden:
            continue
        kind, cards = kind_of(move)
        warning = warnings.get(move)
        out.append(
            {
                "move": move,
                "label": move_label(move, lang, game),
                "kind": kind,
                "cards": cards,
                "warn": None if warning is None else t(lang, f"play.warn_{warning}"),
            }
        )
    return out


def look(game: str, lang: str) -> dict[str, str]:
    """How the page shows the game, its name, and its word for a round (`第{n}手`: the page puts
    the number in) in the language."""
    word = t(lang, f"picture.{LOOKS[game].round_label}")
    return {**ui(game).web.look, "name": t(lang, f"game.{game}"), "round": word}
