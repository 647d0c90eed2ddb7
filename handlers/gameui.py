"""What a game gives the Telegram side and the Mini App (its part of a game pack): how a move
reads, its keyboards, the lines of its table caption and of its results, its hand picture, what
its score sheet and league card add, how the group is told of its events, its table options'
buttons, the page's view of it (served as data), and its own words in each language."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from telegram import InlineKeyboardButton, InlineKeyboardMarkup

from engine.events import Event
from engine.games import BUILT_IN
from engine.matchplay import MatchPlay
from engine.referee import PrivateView
from engine.registry import Registry
from handlers.callbacks import Action
from render.scene import TableScene

Rows = list[list[InlineKeyboardButton]]


class PackKeys(Protocol):
    """What a pack's keyboards are built with (`handlers.keyboards.Keys`): buttons whose data
    is signed for one table at one version, in one language."""

    @property
    def lang(self) -> str: ...

    def button(self, text: str, action: Action, arg: str = "") -> InlineKeyboardButton: ...

    def choices(self, legal: Sequence[str], indexes: Sequence[int], warned: frozenset[str]) -> Rows: ...

    def move(self, legal: Sequence[str], index: int, warned: frozenset[str]) -> InlineKeyboardButton: ...

    def back(self) -> InlineKeyboardButton: ...


@dataclass(frozen=True, slots=True)
class Telling:
    """What a line may need besides its event: the seats' names, the players' (by id), the
    language, and who may answer the notice's last play (None for an earlier play, answered)."""

    names: Sequence[str]
    players: Callable[[int], str]
    lang: str
    answerers: Sequence[str] | None


# how a line tells the group of an event: (event, its values by field, what else it needs)
Said = Callable[[Event, dict[str, Any], Telling], str | None]

Private = PrivateView
Places = tuple[int | None, ...]
# (keys, legal moves, the step's argument, warnings) → the keyboard one step on (a builder's)
Step = Callable[[PackKeys, Sequence[str], str, Mapping[str, str]], InlineKeyboardMarkup | None]


@dataclass(frozen=True, slots=True)
class WebGame:
    """What the page needs of a game: how a hand is ordered, what each move is (a play the page
    builds by tapping cards, an exposure of chosen cards, or a decision button), and how the page
    shows it (`look`, served as data: the page branches on these, never on a game's name).
    `look`: `cards` "suited" (♠Q) or "ranks" (faces by rank, wildcards marked);
    `hand` "stacks" (a rank a stack) or "suits" (a tile a card, suit after suit); `middle` "set"
    (the set to beat) or "trick"; with faces by rank, `wild`, `jokers` and `red` (the faces that
    are wildcards, jokers, red: space-separated tokens). A face may have a word of its own
    (`page.face_<token>`). Why a selection is refused the page asks of the engine
    (`/api/tables/{id}/why`). The page is also served the game's name and its word for a round
    (`handlers.web.tableview.look`)."""

    hand_order: Callable[[list[str]], list[str]]
    move_kind: Callable[[str], tuple[str, list[str] | None]]
    look: Mapping[str, str]
    # more of the public view for the page: (the round's public view) → fields (the cards taken …)
    public_extra: Callable[[Any], dict[str, Any]] = lambda public: {}


def _none(*args: Any) -> None:
    return None


@dataclass(frozen=True, slots=True)
class GameUI:
    word: Callable[[str], str]  # one word of a move's notation as it reads on a button
    per_row: int  # move buttons in a keyboard row
    keyboard: Callable[[PackKeys, Sequence[str], str, frozenset[str], int], InlineKeyboardMarkup | None]
    table_info: Callable[[Private, Sequence[str], str, str], str]  # (private view, names, whose turn, lang)
    hand_picture: Callable[[Private, str, TableScene], bytes]  # (private view, lang, the table on top)
    sheet_places: Callable[[MatchPlay], Places | None]  # the last round's places, if the game has them
    sheet_teams: bool  # the sheet adds team totals (fixed teams; partners share a total instead)
    web: WebGame
    switches: tuple[str, ...]  # the options the lobby's settings keyboard steps (handlers.settings)
    # the values a switch steps through where the rules name none, and a value that only exists
    # beside another: (option, value) → what the press sets too
    option_values: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    implied: Mapping[tuple[str, str], dict[str, str]] = field(default_factory=dict)
    # moves the keyboard does not offer now (typing them still works), and moves to confirm
    hidden: Callable[[Private], frozenset[str]] = lambda private: frozenset()
    # the order a decision's choices are listed in, as a sort key of each move (none: the
    # engine's): the first button is the one a hurried player taps
    listed_by: Callable[[str], Any] | None = None
    confirm: Callable[[Private], dict[str, str]] = lambda private: {}
    question_values: Callable[[Private, Sequence[str], str], dict[str, str]] = lambda p, names, lang: {}
    # "you are here": (table, seat, names, lang) → the player's seat and who sits with and against
    seat_intro: Callable[[Any, int, Sequence[str], str], str] = lambda view, seat, names, lang: ""
    # what the sheet shows each seat took in the last round (scoring cards), if anything
    sheet_taken: Callable[[MatchPlay], tuple[tuple[str, ...], ...] | None] = lambda match: None
    # the league card (`/me`): the counts it shows (named statistics, `Game.tallies`) and its
    # average: "score", or "place" (the statistic `places` over the rounds)
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
    # how the group is told of the game's own events, by event class (handlers/announce.py); an
    # event without one is told by its locale line `announce.<kind>`, if it has one
    lines: Mapping[type, Said] = field(default_factory=dict)
    steps: Step = _none  # the keyboard's steps that send nothing yet (a set builder's ranks and sets)
    toggled: Callable[[Sequence[str], int], str | None] = _none  # the decision a mask of toggles makes
    # the decisions' words (read as the locale's `move.<word>`), those whose arguments are cards
    # (read by `word`), and every word a typed decision may start with, in any case
    decisions: frozenset[str] = frozenset({"pass"})
    carded: frozenset[str] = frozenset()
    words: frozenset[str] = frozenset({"pass"})
    texts: Path | None = None  # a folder of `<lang>.toml` with the game's own words


# each game pack's part, by the game's name (the built-in ones from `handlers/<name>/`)
UI: Registry[GameUI] = Registry("Telegram interface", BUILT_IN, "handlers.{}")
