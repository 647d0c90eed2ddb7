"""What the table picture shows, taken from the referee's public `TableView`: a small hashable
value, so a picture is cached by what it shows. No hand is ever in it: the view holds none."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from render.canvas import Canvas

if TYPE_CHECKING:  # pictures never load the async referee; they only read its view
    from engine.referee import TableView


@dataclass(frozen=True, slots=True)
class Mark:
    """A word on a seat: a picture word (`key`, its placeholders filled from `values`) in a tone
    that colours it. The game says which marks a seat has (its glossary names them: place,
    无头, 开点 …); the pictures and the page draw whatever they are given."""

    key: str
    tone: str = "mark"  # good, bad, mark or muted: the theme's colour of that name
    values: tuple[tuple[str, str | int], ...] = ()


@dataclass(frozen=True, slots=True)
class CardRow:
    """Small cards beside a seat, headed by a picture word (亮 the exposed, 收 the taken), and
    where room is scarce (a chip above a hand, the page) told short if the game says how (♥3 ♠Q)."""

    key: str
    cards: tuple[str, ...]
    short: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class SeatScene:
    """One seat as the pictures draw it. The platform fills its own (name, team, cards left, bot,
    autopilot, the match total); each game fills the rest with generic parts (its scene builder,
    in its pack's `render.look.Look`)."""

    name: str
    team: int | None  # fixed teams; None when every seat plays alone
    cards_left: int
    is_bot: bool = False
    autopilot: bool = False
    total: int | None = None  # the seat's match total so far (None: a lobby)
    marks: tuple[Mark, ...] = ()  # pills after the cards left, the weightiest first (as many as fit)
    count: Mark | None = None  # the number beside the cards left: tricks won, the round's points
    rows: tuple[CardRow, ...] = ()  # small cards beside the seat's panel, a row each
    corner: tuple[str, ...] = ()  # small cards in the corner of its chip above a hand

    @property
    def brief(self) -> tuple[str, ...]:
        """Its rows told short, where the game says how."""
        return tuple(word for row in self.rows for word in row.short)


Faces = list[tuple[str, str | None]]  # (rank, suit) of each card drawn; None: a joker
# (canvas, scene, the seats' centres on the picture, lang) → draws the middle of the table
Middle = Callable[[Canvas, "TableScene", list[tuple[int, int]], str], None]


@dataclass(frozen=True, slots=True)
class Drawing:
    """What a game's look gives the table pictures, carried by its scene: how the middle of the
    table is drawn, the picture word for a round, how a set on the table reads as cards."""

    middle: Middle
    round_label: str
    set_faces: Callable[[str], Faces] | None = None


@dataclass(frozen=True, slots=True)
class TableScene:
    game: str  # the game's name (engine/games.py)
    round_no: int  # the round (hand, deal …)
    seats: tuple[SeatScene, ...]
    to_act: tuple[int, ...] = ()
    seconds_left: int | None = None
    table_set: str | None = None  # the set to beat, in a game of sets (its look reads it: `set_faces`)
    table_owner: int | None = None
    trick: tuple[tuple[int, str], ...] = ()  # a trick of suited cards: (seat, card) in play order
    trick_no: int | None = None
    notes: tuple[str, ...] = ()  # picture word keys: headless, melee, burn, phase_*
    # the hand drawn under the table is the viewer's own ("you"); False: another player's, drawn
    # under their name (a drill of a member's shared mistake)
    own_hand: bool = True
    drawing: Drawing | None = None  # its game's (`render.games.table_scene` gives it)

    def drawn_by(self) -> Drawing:
        assert self.drawing is not None, "a scene is drawn with its game's drawing (table_scene)"
        return self.drawing


def seconds_left(view: TableView, now: float) -> int | None:
    """Whole seconds to the table's deadline, None without one."""
    return None if view.deadline_at is None else max(0, round(view.deadline_at - now))


@dataclass(frozen=True, slots=True)
class Common:
    """What every game's scene takes from the table itself."""

    to_act: tuple[int, ...]
    seconds_left: int | None


def seat_scene(view: TableView, seat: int, names: Sequence[str], **fields: Any) -> SeatScene:
    info = view.seats[seat]
    # the match total, always in view (a number players decide on)
    total = view.totals[seat] if seat < len(view.totals) else None
    return SeatScene(names[seat], is_bot=info.is_bot, autopilot=info.autopilot, total=total, **fields)
