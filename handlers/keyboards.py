"""Inline keyboards: the lobby's buttons and a player's move buttons. Every button's data is
signed and names the table and its version (see `callbacks`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from telegram import InlineKeyboardButton, InlineKeyboardMarkup, WebAppInfo

from handlers.callbacks import SEPARATOR, Action, Button, Signer
from handlers.games import move_label, ui
from handlers.gameui import Rows
from handlers.i18n import t
from handlers.services import Services

MAX_BUTTONS = 60  # Telegram allows 100; beyond ~60 a keyboard is unusable on a phone
BOT_KEYS = (("addbot", Action.ADD_BOT), ("removebot", Action.REMOVE_BOT), ("fill", Action.FILL))


@dataclass(frozen=True, slots=True)
class Keys:
    """Makes the buttons of one table at one version, in one language."""

    signer: Signer
    chat: int  # the chat the keyboard is sent to: its buttons act nowhere else
    game: str
    table: int
    version: int
    lang: str

    def button(self, text: str, action: Action, arg: str = "") -> InlineKeyboardButton:
        data = self.signer.dump(Button(action, self.table, self.version, arg), self.chat)
        return InlineKeyboardButton(text, callback_data=data)

    def rematch(self) -> InlineKeyboardMarkup:
        """Under the last score sheet of a match: the same seats play again."""
        return InlineKeyboardMarkup([[self.button(t(self.lang, "play.rematch"), Action.REMATCH)]])

    def lobby(self, teams: bool = False) -> InlineKeyboardMarkup:
        """Join, leave, bots (add, remove, fill), start, settings; `teams`: a button per team
        (teams=chosen)."""

        def key(name: str, action: Action) -> InlineKeyboardButton:
            return self.button(t(self.lang, f"lobby.{name}"), action)

        choose = [self.button(t(self.lang, "lobby.team", team=n + 1), Action.TEAM, str(n)) for n in (0, 1)]
        return InlineKeyboardMarkup(
            [
                [key("join", Action.JOIN), key("leave", Action.LEAVE)],
                *([choose] if teams else []),
                [
                    key("addbot", Action.ADD_BOT),
                    key("removebot", Action.REMOVE_BOT),
                    key("fill", Action.FILL),
                ],
                [key("start", Action.START), key("settings", Action.SETTINGS)],
            ]
        )

    def take_seat(self) -> InlineKeyboardMarkup:
        """Under a running table's picture while a bot holds a seat: 入座 takes it at the next
        round boundary (the referee says no once every bot seat is taken or kept for someone)."""
        return InlineKeyboardMarkup([[self.button(t(self.lang, "lobby.join"), Action.JOIN)]])

    def moves(
        self,
        legal: Sequence[str],
        phase: str,
        warnings: Mapping[str, str] | None = None,
        chosen: int = 0,
        hidden: frozenset[str] = frozenset(),
        hinted: str | None = None,
        counter: bool = False,
    ) -> InlineKeyboardMarkup:
        """The first keyboard of a decision: the game's own (`GameUI.keyboard`: a few suggested
        sets and a builder, toggles …), else every choice. A play with a consequence (`warnings`)
        asks to be confirmed first. `chosen`: the toggles already on, as a bit mask. `hinted`:
        the move 💡 names, kept one press away (on top when the game's keyboard left it out).
        `counter`: the table plays with the card counter (记牌器), a button beside the hint's."""
        warned = frozenset(warnings or ())
        special = ui(self.game).keyboard(self, legal, phase, warned, chosen)
        offered = [i for i, move in enumerate(legal) if move not in hidden]
        if (order := ui(self.game).listed_by) is not None:
            offered.sort(key=lambda i: order(legal[i]))
        markup = special or InlineKeyboardMarkup(self.choices(legal, offered, warned))
        keyboard: list[Sequence[InlineKeyboardButton]] = list(markup.inline_keyboard)
        if hinted in legal:
            button = self.move(legal, legal.index(hinted), warned)
            if not _offers(keyboard, button):
                keyboard.insert(0, [button])
        last = [self.button(t(self.lang, "play.hint"), Action.HINT)] if len(legal) > 1 else []
        if counter:
            last.append(self.button(t(self.lang, "play.counter"), Action.COUNT))
        return InlineKeyboardMarkup([*keyboard, last] if last else keyboard)

    def confirm(self, legal: Sequence[str], index: int) -> InlineKeyboardMarkup:
        """A warned play's second step: play it, or go back to the choices."""
        label = move_label(legal[index], self.lang, self.game)
        play_it = self.button(f"⚠️ {t(self.lang, 'play.confirm')}: {label}", Action.MOVE, str(index))
        return InlineKeyboardMarkup([[play_it], [self.button(t(self.lang, "play.cancel"), Action.HOME)]])

    def typed(self, legal: Sequence[str], index: int, warned: bool) -> InlineKeyboardMarkup:
        """A typed move offered as a button (a warned play, a card typed in lowercase): play it,
        or leave it unplayed; the message closes either way."""
        label = move_label(legal[index], self.lang, self.game)
        mark = "⚠️ " if warned else ""
        play_it = self.button(f"{mark}{t(self.lang, 'play.confirm')}: {label}", Action.TYPED, str(index))
        return InlineKeyboardMarkup([[play_it], [self.button(t(self.lang, "play.cancel"), Action.DISMISS)]])

    def choices(self, legal: Sequence[str], indexes: Sequence[int], warned: frozenset[str]) -> Rows:
        buttons = [self.move(legal, i, warned) for i in list(indexes)[:MAX_BUTTONS]]
        return rows(buttons, ui(self.game).per_row)

    def move(self, legal: Sequence[str], index: int, warned: frozenset[str]) -> InlineKeyboardButton:
        """A move's button; a warned one (marked ⚠️) asks to be confirmed (`w`) before it is sent."""
        label = move_label(legal[index], self.lang, self.game)
        if legal[index] in warned:
            return self.button(f"⚠️ {label}", Action.WARNED, str(index))
        return self.button(label, Action.MOVE, str(index))

    def back(self) -> InlineKeyboardButton:
        return self.button(t(self.lang, "play.back"), Action.HOME)


def _offers(keyboard: Sequence[Sequence[InlineKeyboardButton]], move: InlineKeyboardButton) -> bool:
    """Whether the keyboard holds the move's own button (its data is the button's whole meaning),
    or builds any move from toggles (an exposure): either way the move is one press away."""
    toggles = f"{Action.TOGGLE}{SEPARATOR}"
    datas = [str(key.callback_data) for row in keyboard for key in row]
    return move.callback_data in datas or any(data.startswith(toggles) for data in datas)


def rows(buttons: list[InlineKeyboardButton], width: int) -> Rows:
    return [buttons[i : i + width] for i in range(0, len(buttons), width)]


def app_url(base: str, table: int) -> str:
    """The Mini App's page for one table (WEBAPP_URL, which ends in "/")."""
    return f"{base}?t={table}"


def with_app(markup: InlineKeyboardMarkup, services: Services, table: int, lang: str) -> InlineKeyboardMarkup:
    """A decision's keyboard with, on top, the button that opens the table in the Mini App
    (when WEBAPP_URL is set; Telegram allows such buttons in private chats only)."""
    if not services.webapp_url:
        return markup
    return InlineKeyboardMarkup(
        [*app_keyboard(services, table, lang).inline_keyboard, *markup.inline_keyboard]
    )


def app_keyboard(services: Services, table: int, lang: str) -> InlineKeyboardMarkup:
    """The one button that opens a seated player's table in the Mini App."""
    assert services.webapp_url
    page = WebAppInfo(app_url(services.webapp_url, table))
    return InlineKeyboardMarkup([[InlineKeyboardButton(t(lang, "app.open"), web_app=page)]])


def watch_button(services: Services, table: int, lang: str) -> InlineKeyboardMarkup | None:
    """In the group, when the Mini App is served: a link to the bot's private chat, where a
    member of the group is given the button that opens the table to watch (`/start w<table>`)."""
    if not services.webapp_url or not services.username:
        return None
    link = f"https://t.me/{services.username}?start=w{table}"
    return InlineKeyboardMarkup([[InlineKeyboardButton(t(lang, "app.watch"), url=link)]])


def watch_keyboard(services: Services, table: int, lang: str) -> InlineKeyboardMarkup:
    """In the private chat: the button that opens the table in the Mini App."""
    assert services.webapp_url
    page = WebAppInfo(app_url(services.webapp_url, table))
    return InlineKeyboardMarkup([[InlineKeyboardButton(t(lang, "app.watch"), web_app=page)]])
