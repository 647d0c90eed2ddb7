"""How 拱猪 reads in a player's chat: the caption's table line, who plays after them (and their
partner), a claim's question and when 摊牌 is offered, the cards playable now on the hand picture,
the scoring cards on the sheet, their result after each deal, and a replay's tricks."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from engine.events import Event
from engine.gongzhu.events import DealEnded, TrickWon
from engine.gongzhu.moves import Play, parse_move
from engine.gongzhu.views import DealView
from engine.matchplay import MatchPlay
from handlers.announce import signed
from handlers.cards import card_label
from handlers.gameui import Private
from handlers.i18n import t
from render import gongzhu as pictures
from render.scene import TableScene

CLAIM_CARDS = 3  # 摊牌 is offered by button once no hand holds more cards than this


def seat_intro(view: Any, seat: int, names: Sequence[str], lang: str) -> str:
    """Play goes round 0 → 1 → 2 → 3; with partners (对家配合) the partner sits opposite."""
    after = names[(seat + 1) % 4]
    if view.options.get("partners"):
        return t(lang, "play.intro_partners", seat=seat + 1, partner=names[(seat + 2) % 4], after=after)
    return t(lang, "play.intro_gongzhu", seat=seat + 1, after=after)


def table_info(private: Private, names: Sequence[str], turn: str, lang: str) -> str:
    public = private.public
    assert isinstance(public, DealView)
    return t(lang, "play.table_info_gz", round=public.number, trick=public.trick_no, turn=turn)


def hidden(private: Private) -> frozenset[str]:
    """摊牌 claims every scoring card left: offered when it can be judged, near the deal's end."""
    left = private.public.cards_left or (0,)
    return frozenset() if max(left) <= CLAIM_CARDS else frozenset({"claim"})


def claim_question(private: Private, names: Sequence[str], lang: str) -> dict[str, str]:
    """What the others are asked to accept: who claims, with what hand."""
    public = private.public
    if not isinstance(public, DealView) or public.claim is None:
        return {}
    hand = " ".join(card_label(c) for c in public.claim.hand.split())
    return {"name": names[public.claim.seat], "hand": hand}


def sheet_taken(match: MatchPlay) -> tuple[tuple[str, ...], ...] | None:
    """The scoring cards each seat took in the last deal played out (public: taken face up)."""
    last = next((r for r in reversed(match.rounds) if r.is_over), None)
    public = None if last is None else last.public_view()
    return public.taken if isinstance(public, DealView) else None


def hand_picture(private: Private, lang: str, table: TableScene) -> bytes:
    exposed = " ".join(private.round.own_exposed)
    return pictures.hand(
        private.hand, exposed=exposed, playable=playable(private), lang=lang, table=table, me=private.seat
    )


def playable(private: Private) -> str | None:
    """The cards the player may play now, the rest to be greyed (nothing was, though
    following suit decides most tricks); None when the player is not asked to play a card."""
    if private.phase != "play":
        return None
    plays = [found for move in private.legal if isinstance(found := parse_move(move), Play)]
    cards = {card.text for found in plays for card in found.cards}
    return " ".join(sorted(cards)) if cards else None


def taken_line(event: Event, names: Sequence[str], lang: str) -> str | None:
    """A trick that took scoring cards (the pig has its own line): who took which."""
    if not isinstance(event, TrickWon) or not event.scoring or "SQ" in event.scoring:
        return None
    cards = " ".join(card_label(card) for card in event.scoring)
    return t(lang, "replay.took", taker=names[event.taker], cards=cards)


def trick_shown(public: Any, events: Sequence[Event]) -> Any:
    """Right after a trick is won the table is empty: a replay shows the trick just won."""
    if isinstance(public, DealView) and not public.trick and public.last_trick:
        won = public.trick_no - (0 if public.phase == "over" else 1)  # the view counts the next
        return replace(public, trick=public.last_trick, trick_no=won)
    return public


def round_result(event: Event, seat: int, teams: Sequence[int | None], lang: str) -> str | None:
    """第1副结束：你的牌 −100，计 −100；当猪."""
    if not isinstance(event, DealEnded):
        return None
    line = t(
        lang, "play.result_deal", deal_no=event.deal_no, points=signed(event.card_points[seat]),
        scores=signed(event.scores[seat]),
    )  # fmt: skip
    return line + t(lang, "play.result_pig") if seat in event.pigs else line
