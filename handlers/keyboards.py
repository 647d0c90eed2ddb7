"""Inline keyboards: the lobby's buttons and a player's move buttons. Every button's data is
signed and names the table and its version (see `callbacks`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from telegram import InlineKeyboardButton, InlineKeyboardMarkup, WebAppInfo

from engine.gouji.bot import wild_cost
from engine.gongzhu.moves import Decision as GongzhuDecision
from engine.gongzhu.moves import parse_move as gongzhu_move
from engine.gouji.cards import RANKS
from engine.gouji.sets import CardSet
from engine.gouji.sets import parse_move as gouji_move
from handlers.callbacks import Action, Button, Signer
from handlers.cards import card_label
from handlers.games import move_label, ui
from handlers.i18n import t
from handlers.services import Services

SUGGESTIONS = 4  # one-tap plain sets offered besides pass and "more"
MAX_BUTTONS = 60  # Telegram allows 100; beyond ~60 a keyboard is unusable on a phone
PAGE = 12  # the 够级 builder's sets on one keyboard: four rows of three
Rows = list[list[InlineKeyboardButton]]


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
        """Join, leave, bots, start, settings; `teams`: a button per team (teams=chosen)."""

        def key(name: str, action: Action) -> InlineKeyboardButton:
            return self.button(t(self.lang, f"lobby.{name}"), action)

        choose = [self.button(t(self.lang, "lobby.team", team=n + 1), Action.TEAM, str(n)) for n in (0, 1)]
        return InlineKeyboardMarkup(
            [
                [key("join", Action.JOIN), key("leave", Action.LEAVE)],
                *([choose] if teams else []),
                [key("addbot", Action.ADD_BOT), key("fill", Action.FILL)],
                [key("start", Action.START), key("settings", Action.SETTINGS)],
            ]
        )

    def moves(
        self,
        legal: Sequence[str],
        phase: str,
        warnings: Mapping[str, str] | None = None,
        chosen: int = 0,
        hidden: frozenset[str] = frozenset(),
    ) -> InlineKeyboardMarkup:
        """The first keyboard of a decision: every choice, or for 够级 play a few suggestions,
        pass, and "more" (the builder: pick a base rank, then any legal set of it); for the 拱猪
        exposure, a toggle per exposable card. A play with a consequence (`warnings`: a burn, a 4
        before 开点) asks to be confirmed first. `chosen`: the exposure toggles already on."""
        warned = frozenset(warnings or ())
        special = ui(self.game).keyboard(self, legal, phase, warned, chosen)
        offered = [i for i, move in enumerate(legal) if move not in hidden]
        markup = special or InlineKeyboardMarkup(self._choices(legal, offered, warned))
        if len(legal) < 2:
            return markup
        return InlineKeyboardMarkup(
            [*markup.inline_keyboard, [self.button(t(self.lang, "play.hint"), Action.HINT)]]
        )

    def confirm(self, legal: Sequence[str], index: int) -> InlineKeyboardMarkup:
        """A warned play's second step: play it, or go back to the choices."""
        label = move_label(legal[index], self.lang, self.game)
        play_it = self.button(f"⚠️ {t(self.lang, 'play.confirm')}: {label}", Action.MOVE, str(index))
        return InlineKeyboardMarkup([[play_it], [self.button(t(self.lang, "play.cancel"), Action.HOME)]])

    def exposure(self, legal: Sequence[str], chosen: int) -> InlineKeyboardMarkup:
        """拱猪 exposure: a toggle per exposable copy (☑ chosen), then done. `chosen` is a bit mask
        over `exposable(legal)`; pressing a toggle redraws the keyboard, done sends the choice."""
        cards = exposable(legal)
        toggles = [
            self.button(
                f"{'☑' if chosen >> i & 1 else '☐'} {card_label(card)}", Action.TOGGLE, str(chosen ^ 1 << i)
            )
            for i, card in enumerate(cards)
        ]
        picked = [card for i, card in enumerate(cards) if chosen >> i & 1]
        done = t(self.lang, "play.expose_done") if picked else t(self.lang, "play.expose_none")
        return InlineKeyboardMarkup([*rows(toggles, 4), [self.button(done, Action.DONE, str(chosen))]])

    def gouji_ranks(self, legal: Sequence[str]) -> InlineKeyboardMarkup:
        """The builder's first step: the base ranks that have a legal set."""
        bases = sorted({s.base for s in sets_of(legal).values()}, key=RANKS.index)
        buttons = rows([self.button(b, Action.SETS, b) for b in bases], 5)
        return InlineKeyboardMarkup([*buttons, [self._back()]])

    def gouji_sets(
        self, legal: Sequence[str], step: str, warnings: Mapping[str, str] | None = None
    ) -> InlineKeyboardMarkup:
        """The builder's next steps, `step` being `base`, `base/naturals` or `base/naturals/page`:
        the legal sets of a base rank; when they are many, first how many naturals, then the sets
        of that many (which wildcards), a page of `PAGE` at a time. Every legal set is a few taps
        away, and a keyboard never has more than four rows of sets."""
        base, _, rest = step.partition("/")
        warned = frozenset(warnings or ())
        sets = sets_of(legal)
        of_base = [i for i, s in sets.items() if s.base == base]
        if not rest:
            if len(of_base) <= PAGE:
                return InlineKeyboardMarkup([*self._choices(legal, of_base, warned), [self._back()]])
            counts = sorted({sets[i].base_count for i in of_base})
            buttons = [self.button(f"{base} ×{n}", Action.SETS, f"{base}/{n}") for n in counts]
            return InlineKeyboardMarkup([*rows(buttons, 4), [self._back()]])
        count, _, page = rest.partition("/")
        chosen = [i for i in of_base if str(sets[i].base_count) == count]
        number = int(page) if page.isdigit() else 0
        shown = chosen[number * PAGE : (number + 1) * PAGE]
        nav = [self.button(t(self.lang, "play.back"), Action.SETS, base)]
        if (number + 1) * PAGE < len(chosen):
            nav.append(
                self.button(t(self.lang, "play.next_page"), Action.SETS, f"{base}/{count}/{number + 1}")
            )
        return InlineKeyboardMarkup([*self._choices(legal, shown, warned), nav])

    def suggestions(self, legal: Sequence[str], warned: frozenset[str]) -> InlineKeyboardMarkup:
        """A long list of plays as a few one-tap sets, pass and "more"; a short one whole, the
        cheapest sets first (issue 50: a hurried player taps the first button, and `Q 2 2` came
        before `Q Q Q`, in the engine's order)."""
        if len(legal) <= SUGGESTIONS + 2:
            sets = sets_of(legal)
            rest = [i for i in range(len(legal)) if i not in sets]
            return InlineKeyboardMarkup(self._choices(legal, [*cheapest_first(sets), *rest], warned))
        return InlineKeyboardMarkup(self._suggestions(legal, warned))

    def _suggestions(self, legal: Sequence[str], warned: frozenset[str]) -> Rows:
        """Cheap plain sets first: for each base rank its biggest set without wildcards, low first."""
        best: dict[str, int] = {}  # base rank → index of its biggest plain set
        sets = sets_of(legal)
        for i, found in sets.items():
            if found.naturals != found.size:  # wildcards in it: not a cheap plain set
                continue
            if found.base not in best or found.size > sets[best[found.base]].size:
                best[found.base] = i
        picks = [best[b] for b in sorted(best, key=RANKS.index)][:SUGGESTIONS]
        if not picks:  # only sets with wildcards: the cheapest ones
            picks = cheapest_first(sets)[:SUGGESTIONS]
        # the decisions besides the sets (pass, 让牌), then the builder
        last = [self._move(legal, i, warned) for i, move in enumerate(legal) if i not in sets]
        last.append(self.button(t(self.lang, "play.more"), Action.RANKS))
        return [*self._choices(legal, picks, warned), last]

    def _choices(self, legal: Sequence[str], indexes: Sequence[int], warned: frozenset[str]) -> Rows:
        buttons = [self._move(legal, i, warned) for i in list(indexes)[:MAX_BUTTONS]]
        return rows(buttons, ui(self.game).per_row)

    def _move(self, legal: Sequence[str], index: int, warned: frozenset[str]) -> InlineKeyboardButton:
        """A move's button; a warned one (marked ⚠️) asks to be confirmed (`w`) before it is sent."""
        label = move_label(legal[index], self.lang, self.game)
        if legal[index] in warned:
            return self.button(f"⚠️ {label}", Action.WARNED, str(index))
        return self.button(label, Action.MOVE, str(index))

    def _back(self) -> InlineKeyboardButton:
        return self.button(t(self.lang, "play.back"), Action.HOME)


def rows(buttons: list[InlineKeyboardButton], width: int) -> Rows:
    return [buttons[i : i + width] for i in range(0, len(buttons), width)]


def sets_of(legal: Sequence[str]) -> dict[int, CardSet]:
    """The 够级 sets among the legal moves, by index (not pass, 让牌 or another decision)."""
    parsed = {i: gouji_move(move) for i, move in enumerate(legal)}
    return {i: move for i, move in parsed.items() if isinstance(move, CardSet)}


def cheapest_first(sets: Mapping[int, CardSet]) -> list[int]:
    """The sets' indexes, natural sets before those spending wildcards (a 2 before a joker, as
    the normal bot weighs them), then low ranks and small sets first."""
    return sorted(sets, key=lambda i: (wild_cost(sets[i]), sets[i].value, sets[i].size))


def exposable(legal: Sequence[str]) -> list[str]:
    """拱猪: the copies a seat may expose (the largest legal exposure), in a fixed order."""
    choices = [d.cards for d in _decisions(legal) if d.name == "expose"]
    return [c.text for c in max(choices, key=len, default=())]


def exposure_move(legal: Sequence[str], chosen: int) -> str | None:
    """The legal decision for a toggle mask: `pass` for none, else the exposure of those copies."""
    picked = sorted(card for i, card in enumerate(exposable(legal)) if chosen >> i & 1)
    if not picked:
        return "pass" if "pass" in legal else None
    exposures = (d for d in _decisions(legal) if d.name == "expose")
    return next((d.text for d in exposures if sorted(c.text for c in d.cards) == picked), None)


def _decisions(legal: Sequence[str]) -> list[GongzhuDecision]:
    """The 拱猪 decisions among the legal moves, as the engine reads them."""
    return [move for move in map(gongzhu_move, legal) if isinstance(move, GongzhuDecision)]


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
