"""What the Mini App's API answers, as JSON: the table's public view (the very scene the group's
picture is drawn from, so nothing is in it that the group does not see), and for a seated user
their own hand and legal moves, each move described for the page (its cards, its label, whether
it asks to be confirmed)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import Any

from engine.gongzhu.cards import parse_card
from engine.gongzhu.moves import Decision as GongzhuDecision
from engine.gongzhu.moves import parse_move as gongzhu_move
from engine.gongzhu.views import DealView
from engine.gouji.cards import RANKS
from engine.gouji.sets import CardSet
from engine.gouji.sets import parse_move as gouji_move
from engine.referee.views import PrivateView, TableView
from handlers.games import decision_marks, move_label
from handlers.i18n import t
from render.hands import by_suit
from render.labels import label
from render.scene import table_scene


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
        "seats": [asdict(seat) for seat in scene.seats],
        "table_set": scene.table_set,
        "table_owner": scene.table_owner,
        "trick": [list(play) for play in scene.trick],
        "trick_no": scene.trick_no,
        "notes": [label(lang, note) for note in scene.notes],
        "totals": list(view.totals),
        "recent": [list(play) for play in recent],
    }
    if isinstance(public, DealView):  # 拱猪: the scoring cards each seat took, face up
        data["taken"] = [list(cards) for cards in public.taken]
        data["last_trick"] = [list(play) for play in public.last_trick]
    return data


def hand_tokens(game: str, hand: str) -> list[str]:
    """The seat's cards in notation, sorted as its hand picture sorts them."""
    return WEB_GAMES[game].hand_order(hand.split())


def described_moves(game: str, private: PrivateView, lang: str) -> list[dict[str, Any]]:
    """Each legal move: its notation, its words, its cards (a play or an exposure, which the page
    builds by tapping cards; None for a decision, which is a button), and the warning to confirm."""
    warnings, hidden = decision_marks(game, private)
    kind_of = WEB_GAMES[game].move_kind
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


def _gouji_order(tokens: list[str]) -> list[str]:
    return sorted(tokens, key=RANKS.index)


def _gongzhu_order(tokens: list[str]) -> list[str]:
    return [card.text for card in by_suit(parse_card(text) for text in tokens)]


def _gouji_kind(move: str) -> tuple[str, list[str] | None]:
    return ("play", move.split()) if isinstance(gouji_move(move), CardSet) else ("decision", None)


def _gongzhu_kind(move: str) -> tuple[str, list[str] | None]:
    found = gongzhu_move(move)
    if isinstance(found, GongzhuDecision):
        if found.name == "expose":
            return "expose", [card.text for card in found.cards]
        return "decision", None
    return "play", move.split()


@dataclass(frozen=True, slots=True)
class WebGame:
    """What the page needs of each game: how a hand is ordered, what each move is (a play the
    page builds by tapping cards, an exposure of chosen cards, or a decision button), and how
    the page shows it (`look`, served as data: the page branches on these, never on a game's
    name — issue 51). `look`: `cards` "suited" (♠Q) or "ranks" (够级's faces, wildcards marked);
    `hand` "stacks" (a rank a stack) or "suits" (a tile a card, suit after suit); `middle` "set"
    (the set to beat) or "trick"; `round` the page's word for a round; `refusals` "sets" (why a
    selection is no set that beats) or "follow" (why a card breaks the suit led)."""

    hand_order: Callable[[list[str]], list[str]]
    move_kind: Callable[[str], tuple[str, list[str] | None]]
    look: Mapping[str, str]


WEB_GAMES: dict[str, WebGame] = {
    "gouji": WebGame(
        _gouji_order,
        _gouji_kind,
        {"cards": "ranks", "hand": "stacks", "middle": "set", "round": "hand", "refusals": "sets"},
    ),
    "gongzhu": WebGame(
        _gongzhu_order,
        _gongzhu_kind,
        {"cards": "suited", "hand": "suits", "middle": "trick", "round": "deal", "refusals": "follow"},
    ),
}


def look(game: str, lang: str) -> dict[str, str]:
    """How the page shows the game, and its name in the language."""
    return {**WEB_GAMES[game].look, "name": t(lang, f"game.{game}")}
