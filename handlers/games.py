"""What the Telegram side does differently for each game, in one registry: how a move reads on a
button, the first keyboard of a decision, the line of table information in a hand caption, the
hand picture, and what a score sheet adds. Adding a game is one entry here (docs/architecture.md);
a game the engine registers without an entry here fails at import, not in front of a player."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

import render
from engine.events import Event
from engine.games import GAMES
from engine.gongzhu.events import DealEnded, TrickWon
from engine.gongzhu.moves import Play as GongzhuPlay
from engine.gongzhu.moves import parse_move as gongzhu_move
from engine.gongzhu.views import DealView
from engine.gouji.events import HandEnded, Played
from engine.gouji.views import HandView
from engine.matchplay import MatchPlay
from engine.referee.views import PrivateView
from handlers.announce import signed
from handlers.cards import DECISIONS, card_label
from handlers.i18n import listed, t
from render.scene import TableScene

if TYPE_CHECKING:  # keyboards import this registry: no cycle at run time
    from telegram import InlineKeyboardMarkup

    from handlers.keyboards import Keys

Private = PrivateView
Places = tuple[int | None, ...]


@dataclass(frozen=True, slots=True)
class GameUI:
    word: Callable[[str], str]  # one word of a move's notation as it reads on a button
    per_row: int  # move buttons in a keyboard row
    keyboard: Callable[[Keys, Sequence[str], str, frozenset[str], int], InlineKeyboardMarkup | None]
    table_info: Callable[[Private, Sequence[str], str, str], str]  # (private view, names, whose turn, lang)
    hand_picture: Callable[[Private, str, TableScene], bytes]  # (private view, lang, the table on top)
    sheet_places: Callable[[MatchPlay], Places | None]  # the last round's places, if the game has them
    sheet_teams: bool  # the sheet adds team totals (够级's fixed teams; 拱猪 partners share a total)
    # moves the keyboard does not offer now (typing them still works), and moves to confirm
    hidden: Callable[[Private], frozenset[str]] = lambda private: frozenset()
    confirm: Callable[[Private], dict[str, str]] = lambda private: {}
    question_values: Callable[[Private, Sequence[str], str], dict[str, str]] = lambda p, names, lang: {}
    # "you are here": (table, seat, names, lang) → the player's seat and who sits with and against
    seat_intro: Callable[[Any, int, Sequence[str], str], str] = lambda view, seat, names, lang: ""
    # what the sheet shows each seat took in the last round (拱猪's scoring cards), if anything
    sheet_taken: Callable[[MatchPlay], tuple[tuple[str, ...], ...] | None] = lambda match: None
    # the league card (`/me`): the counts it shows (stats columns) and its average (place or score)
    profile_counts: tuple[str, ...] = ()
    profile_average: str = "score"
    # a replay's key moments besides what the group was told: (event, names, lang) → a line
    replay_line: Callable[[Event, Sequence[str], str], str | None] = lambda event, names, lang: None
    # a replay's picture of a moment: (the round's public view, the step's events) → the view to
    # draw then (a set or a trick just taken is shown, though the table was already cleared)
    replay_public: Callable[[Any, Sequence[Event]], Any] = lambda public, events: public
    # a player's own result when a round ends: (the round's end event, their seat, each seat's
    # team, lang) → a line for their private chat, or None for an event that ends no round
    round_result: Callable[[Event, int, Sequence[int | None], str], str | None] = (
        lambda event, seat, teams, lang: None
    )


# -- 够级 ----------------------------------------------------------------------------------------


def _gouji_keyboard(
    keys: Keys, legal: Sequence[str], phase: str, warned: frozenset[str], chosen: int
) -> InlineKeyboardMarkup | None:
    """In play, a long list becomes suggestions, pass and the set builder ("more")."""
    return keys.suggestions(legal, warned) if phase == "play" else None


def _gouji_info(private: Private, names: Sequence[str], turn: str, lang: str) -> str:
    """The hand, the set to beat and who played it, whose turn it is."""
    public = private.public
    assert isinstance(public, HandView)
    table = public.table
    if table and public.table_owner is not None:
        table = t(lang, "play.table_by", table=table, name=names[public.table_owner])
    return t(lang, "play.table_info", round=public.number, table=table or t(lang, "play.empty"), turn=turn)


def _last_scored(match: MatchPlay) -> Any:
    """The last round played out (the score sheet's last row), None before any."""
    return next((r for r in reversed(match.rounds) if r.is_over), None)


def _gouji_places(match: MatchPlay) -> Places:
    order = list(_last_scored(match).finish_order)
    return tuple(order.index(s) + 1 if s in order else None for s in range(GAMES["gouji"].seats))


def _gouji_intro(view: Any, seat: int, names: Sequence[str], lang: str) -> str:
    """docs/rules/gouji.md §1: teams {0,2,4} and {1,3,5}; the opposite (对头) sits three seats on."""
    mates = [names[s] for s in range(len(names)) if s % 2 == seat % 2 and s != seat]
    opposite = names[(seat + 3) % 6]
    return t(
        lang,
        "play.intro_gouji",
        seat=seat + 1,
        team=seat % 2 + 1,
        mates=listed(lang, mates),
        opposite=opposite,
    )


# -- 拱猪 ----------------------------------------------------------------------------------------


def _gongzhu_intro(view: Any, seat: int, names: Sequence[str], lang: str) -> str:
    """Play goes round 0 → 1 → 2 → 3; with partners (对家配合) the partner sits opposite."""
    after = names[(seat + 1) % 4]
    if view.options.get("partners"):
        return t(lang, "play.intro_partners", seat=seat + 1, partner=names[(seat + 2) % 4], after=after)
    return t(lang, "play.intro_gongzhu", seat=seat + 1, after=after)


def _gongzhu_keyboard(
    keys: Keys, legal: Sequence[str], phase: str, warned: frozenset[str], chosen: int
) -> InlineKeyboardMarkup | None:
    """The exposure window is toggles and done; every other decision lists its choices."""
    return keys.exposure(legal, chosen) if phase == "expose" else None


def _gongzhu_info(private: Private, names: Sequence[str], turn: str, lang: str) -> str:
    public = private.public
    assert isinstance(public, DealView)
    return t(lang, "play.table_info_gz", round=public.number, trick=public.trick_no, turn=turn)


CLAIM_CARDS = 3  # 摊牌 is offered by button once no hand holds more cards than this


def _gongzhu_hidden(private: Private) -> frozenset[str]:
    """摊牌 claims every scoring card left: offered when it can be judged, near the deal's end."""
    left = private.public.cards_left or (0,)
    return frozenset() if max(left) <= CLAIM_CARDS else frozenset({"claim"})


def _claim_question(private: Private, names: Sequence[str], lang: str) -> dict[str, str]:
    """What the others are asked to accept: who claims, with what hand."""
    public = private.public
    if not isinstance(public, DealView) or public.claim is None:
        return {}
    hand = " ".join(card_label(c) for c in public.claim.hand.split())
    return {"name": names[public.claim.seat], "hand": hand}


def _gongzhu_taken(match: MatchPlay) -> tuple[tuple[str, ...], ...] | None:
    """The scoring cards each seat took in the last deal played out (public: taken face up)."""
    last = _last_scored(match)
    public = None if last is None else last.public_view()
    return public.taken if isinstance(public, DealView) else None


def _gouji_question(private: Private, names: Sequence[str], lang: str) -> dict[str, str]:
    """预点 / 太空 / 明点: which declaration, against whom, for how much; 挑牌: who shows what."""
    public = private.round.public
    if not isinstance(public, HandView):
        return {}
    if public.claim is not None:
        return {"name": names[public.claim.seat], "hand": public.claim.hand}
    if public.asked_declaration is None:
        return {}
    name, stake = public.asked_declaration
    opposite = names[(private.seat + 3) % 6]
    return {"declaration": t(lang, f"declaration.{name}"), "opposite": opposite, "stake": str(stake)}


def _gouji_set_shown(public: Any, events: Sequence[Event]) -> Any:
    """A set nobody could answer clears the table at once: a replay shows it where it was played."""
    played = [e for e in events if isinstance(e, Played)]
    if isinstance(public, HandView) and public.table is None and played:
        return replace(public, table=played[-1].cards, table_owner=played[-1].seat)
    return public


def _gongzhu_hand(private: Private, lang: str, table: TableScene) -> bytes:
    exposed = " ".join(private.round.own_exposed)
    playable = _gongzhu_playable(private)
    return render.gongzhu_hand(
        private.hand, exposed=exposed, playable=playable, lang=lang, table=table, me=private.seat
    )


def _gongzhu_playable(private: Private) -> str | None:
    """The cards the player may play now, the rest to be greyed (issue 50: nothing was, though
    following suit decides most tricks); None when the player is not asked to play a card."""
    if private.phase != "play":
        return None
    plays = [found for move in private.legal if isinstance(found := gongzhu_move(move), GongzhuPlay)]
    cards = {card.text for found in plays for card in found.cards}
    return " ".join(sorted(cards)) if cards else None


def _gongzhu_taken_line(event: Event, names: Sequence[str], lang: str) -> str | None:
    """A trick that took scoring cards (the pig has its own line): who took which."""
    if not isinstance(event, TrickWon) or not event.scoring or "SQ" in event.scoring:
        return None
    cards = " ".join(card_label(card) for card in event.scoring)
    return t(lang, "replay.took", taker=names[event.taker], cards=cards)


def _gongzhu_trick_shown(public: Any, events: Sequence[Event]) -> Any:
    """Right after a trick is won the table is empty: a replay shows the trick just won."""
    if isinstance(public, DealView) and not public.trick and public.last_trick:
        won = public.trick_no - (0 if public.phase == "over" else 1)  # the view counts the next
        return replace(public, trick=public.last_trick, trick_no=won)
    return public


def _gouji_result(event: Event, seat: int, teams: Sequence[int | None], lang: str) -> str | None:
    """第1手结束：你是二科，本手 +1（你们联邦 +2）."""
    if not isinstance(event, HandEnded):
        return None
    team = teams[seat]
    together = sum(points for s, points in enumerate(event.scores) if teams[s] == team and team is not None)
    place = event.finish_order.index(seat) + 1 if seat in event.finish_order else len(event.scores)
    return t(
        lang, "play.result_hand", hand_no=event.hand_no, place=t(lang, f"places.{place}"),
        points=signed(event.scores[seat]), team=signed(together),
    )  # fmt: skip


def _gongzhu_result(event: Event, seat: int, teams: Sequence[int | None], lang: str) -> str | None:
    """第1副结束：你的牌 −100，计 −100；当猪."""
    if not isinstance(event, DealEnded):
        return None
    line = t(
        lang, "play.result_deal", deal_no=event.deal_no, points=signed(event.card_points[seat]),
        scores=signed(event.scores[seat]),
    )  # fmt: skip
    return line + t(lang, "play.result_pig") if seat in event.pigs else line


UI: dict[str, GameUI] = {
    "gouji": GameUI(
        word=str,
        per_row=3,
        keyboard=_gouji_keyboard,
        table_info=_gouji_info,
        hand_picture=lambda private, lang, table: render.gouji_hand(
            private.hand, lang=lang, table=table, me=private.seat
        ),
        sheet_places=_gouji_places,
        sheet_teams=True,
        seat_intro=_gouji_intro,
        question_values=_gouji_question,
        profile_counts=("smothers", "burns", "points_opened"),
        profile_average="place",
        replay_public=_gouji_set_shown,
        round_result=_gouji_result,
    ),
    "gongzhu": GameUI(
        word=card_label,
        per_row=4,
        keyboard=_gongzhu_keyboard,
        table_info=_gongzhu_info,
        hand_picture=_gongzhu_hand,
        sheet_places=lambda match: None,
        sheet_teams=False,
        hidden=_gongzhu_hidden,
        sheet_taken=_gongzhu_taken,
        confirm=lambda private: {"claim": "claim"},  # it publishes the hand: asked twice
        question_values=_claim_question,
        seat_intro=_gongzhu_intro,
        replay_line=_gongzhu_taken_line,
        replay_public=_gongzhu_trick_shown,
        round_result=_gongzhu_result,
    ),
}

_missing = set(GAMES) ^ set(UI)
if _missing:
    raise RuntimeError(f"games without a Telegram interface (or an interface without a game): {_missing}")


def ui(game: str) -> GameUI:
    return UI[game]


def move_label(move: str, lang: str, game: str) -> str:
    """A move as it reads on a button or in a caption: decisions in words, cards by the game."""
    first, *rest = move.split() or [""]
    if first in DECISIONS:
        return " ".join([t(lang, f"move.{first}"), *rest])
    if first == "expose":
        return " ".join([t(lang, "move.expose"), *(card_label(w) for w in rest)])
    return " ".join(ui(game).word(w) for w in move.split())


def decision_marks(game: str, private: Private) -> tuple[dict[str, str], frozenset[str]]:
    """A decision's moves to confirm first (the engine's warnings and the game's own), and the
    moves its keyboard leaves out for now."""
    look = ui(game)
    return {**private.round.warnings, **look.confirm(private)}, look.hidden(private)
