"""Each player's private chat: their hand message, a picture of the hand with a caption (the hand
in engine notation on one line, the table's public state) and, while they decide, the move
keyboard.

A chat holds one live hand message per table. A new decision sends it anew, so that it notifies
and sits at the bottom of the chat, and deletes the one it replaces (unless Telegram's budget
runs short: then it is edited in place, one call instead of two); a new round does the same,
quietly. The same decision at a newer table version is edited in place; a decision taken loses
its keyboard and says what was played. Between decisions the message is edited only when the
hand itself changes, never on every move at the table.

A player who plays in the Mini App may keep the chat quiet (`/quiet`): the hand message is then one
short text with the button that opens the table, edited in place as their turn comes and goes,
never sent anew while it is there (one message per table)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, Literal

from telegram.error import TelegramError

import render
from engine.referee import PrivateView, TableView, abandoned, finished, kept
from handlers.drawing import drawn
from handlers.games import counter_on, decision_marks, move_label, ui
from handlers.i18n import has, t
from handlers.keyboards import Keys, app_keyboard, with_app
from handlers.messages import Messages
from handlers.ratelimit import TIDY, PriorityRateLimiter, calls_at
from handlers.services import Services
from render.scene import TableScene

Late = Literal["", "bot", "rules"]  # who moved for a player out of time: nobody, their bot, the rules

log = logging.getLogger(__name__)
HAND = "hand"  # purpose of the player's one live hand message at a table
KEYS = "keys"  # the same message, while it carries a live keyboard


@dataclass(frozen=True, slots=True)
class Shown:
    """What a hand message shows, to skip edits that would change nothing."""

    message: int
    hand: str
    caption: str
    markup: Any
    round: int  # the round (hand, deal …) it shows
    table: TableScene | None  # the table drawn on top of the hand (None: no picture)
    quiet: bool = False  # a quiet chat's text message (no picture; `hand` is unused)


@dataclass(slots=True)
class Frame:
    """One update of a player's hand message: what it should show, and what the chat holds."""

    view: TableView
    player: int
    private: PrivateView
    lang: str
    deciding: bool
    markup: Any
    caption: str
    scene: TableScene
    live: int | None  # the hand message
    keyed: int | None  # the message carrying the decision's keyboard
    shown: Shown | None  # what the hand message showed last

    @property
    def key(self) -> tuple[int, int]:
        return (self.view.id, self.player)

    @property
    def new_round(self) -> bool:
        return self.shown is not None and self.shown.round != self.private.public.number

    def shown_as(self, message: int) -> Shown:
        return Shown(
            message, self.private.hand, self.caption, self.markup, self.private.public.number, self.scene
        )


class PrivateChats:
    def __init__(self, services: Services, messages: Messages) -> None:
        self.services = services
        self.messages = messages
        self._shown: dict[tuple[int, int], Shown] = {}  # (table, player) → its last hand message
        # toggles switched on (an exposure), kept while others decide (the keyboard is redrawn)
        self.exposing: dict[tuple[int, int], int] = {}
        # (table, player) → their last round's result, in words: shown in a quiet chat's one
        # message and on the Mini App's page at a match's end (the notifier clears a table's
        # when its next match starts)
        self.results: dict[tuple[int, int], str] = {}
        self._tidying: set[asyncio.Task[None]] = set()  # replaced messages being deleted
        self._locks: dict[tuple[int, int], asyncio.Lock] = {}  # (table, player) → its updates' turn
        # (table, player) → what was done for them when they ran out of time: said in every hand
        # message until they move themselves, as the bots' next moves may follow at once and
        # replace the message that said it
        self._late: dict[tuple[int, int], tuple[Late, str | None]] = {}

    def moved(self, table: int, player: int) -> None:
        """The player moved themselves: what was done for them when out of time is old news."""
        self._late.pop((table, player), None)

    def _short(self) -> bool:
        """Whether the calls that would go before a player's message take more than a second of
        Telegram's budget (`PriorityRateLimiter.short`)."""
        limiter = getattr(self.messages.bot, "rate_limiter", None)
        return isinstance(limiter, PriorityRateLimiter) and limiter.short()

    def _tidy(self, player: int, messages: list[int]) -> None:
        """Deletes replaced hand messages in a task of its own, after every other message
        : the new one is already there, and the table's next notice (maybe another
         player's keyboard) must not wait for Telegram's budget to allow housekeeping."""
        if messages:
            kept(asyncio.create_task(self._delete(player, messages)), self._tidying, "tidying failed")

    async def _delete(self, player: int, messages: list[int]) -> None:
        with calls_at(TIDY):
            try:
                await self.messages.delete(player, messages)
            except TelegramError as error:  # the chat went away meanwhile: nothing left to tidy
                log.warning("player %s: replaced hand messages not deleted: %s", player, error)

    async def idle(self) -> None:
        """Waits until the deletions under way are over."""
        await finished(self._tidying)

    async def abandon(self) -> None:
        """At shutdown, once the time for it is up: the deletions under way are cancelled."""
        await abandoned(self._tidying)

    async def update(
        self,
        view: TableView,
        player: int,
        private: PrivateView | None,
        played: str | None = None,
        repost: bool = False,
        for_you: Late = "",
    ) -> None:
        """`_update`, one at a time for each player's table: a command's repost (/hand, /quiet)
        and the table's next notice must not both find no message and both send one."""
        lock = self._locks.setdefault((view.id, player), asyncio.Lock())
        async with lock:
            await self._update(view, player, private, played, repost, for_you)
        if view.status != "running" and not lock.locked():
            self._locks.pop((view.id, player), None)
            self._late.pop((view.id, player), None)

    async def _update(
        self,
        view: TableView,
        player: int,
        private: PrivateView | None,
        played: str | None = None,
        repost: bool = False,
        for_you: Late = "",
    ) -> None:
        """Brings the player's hand message up to date with the table at `view`; `played` is the
        seat's move in this notice; `for_you` says who made it when the player ran out of time: their
        bot ("bot"), or the rules when a decision window closed ("rules")."""
        if view.status != "running" or private is None:
            ended = "play.table_stopped" if view.status == "stopped" else "play.match_over"
            await self.close(view.id, player, ended if view.status != "running" else None)
            return
        lang = await self.services.lang_of(player)
        if await self.services.quiet(player):
            await self._quiet(view, player, private, lang, repost)
            return
        if (shown := self._shown.get((view.id, player))) is not None and shown.quiet:
            repost = True  # back from quiet: the pictures start again at the bottom of the chat
        frame = await self._frame(view, player, private, lang, played, for_you)
        fresh = repost or frame.new_round
        if (
            frame.deciding
            and frame.keyed is None
            and not fresh
            and self._short()
            and await self._decision_in_place(frame)
        ):
            return
        if frame.live is None or fresh or (frame.deciding and frame.keyed is None):
            await self._send_anew(frame)
        elif not await self._edit(frame):  # deleted by the player: start again at the bottom
            await self.messages.forget(view.id, player, KEYS)
            await self.messages.forget(view.id, player, HAND)
            self._shown.pop(frame.key, None)
            await self._update(view, player, private, played, for_you=for_you)

    async def _frame(
        self, view: TableView, player: int, private: PrivateView, lang: str, played: str | None, for_you: Late
    ) -> Frame:
        """What the player's hand message should now show, and what their chat holds."""
        key = (view.id, player)
        if for_you:
            self._late[key] = (for_you, played)
        deciding = deciding_now(view, private)
        markup = None
        if deciding:
            keys = Keys(self.services.signer, player, view.game, view.id, view.version, lang)
            warnings, hidden = decision_marks(view.game, private)
            hinted = self.services.referee.hint(view.id, player)
            chosen = self.exposing.get(key, 0)
            markup = keys.moves(
                private.legal, private.phase, warnings, chosen, hidden, hinted, counter_on(view)
            )
            markup = with_app(markup, self.services, view.id, lang)  # the Mini App, when it is served
        else:
            self.exposing.pop(key, None)
        names = await self.services.seat_names(view, lang)
        return Frame(
            view,
            player,
            private,
            lang,
            deciding,
            markup,
            self._caption(view, private, names, lang, deciding, played, self._late.get(key)),
            _scene(view, names),
            await self.messages.id(view.id, player, HAND),
            await self.messages.id(view.id, player, KEYS),
            self._shown.get(key),
        )

    async def _decision_in_place(self, frame: Frame) -> bool:
        """Telegram's budget runs short: the new decision is shown by editing the hand
        message in place, one call instead of a new message and a deletion (it does not notify,
        but under load a player waited seconds for their keyboard). False: a new one is needed."""
        if frame.live is None:
            return False
        table, player = frame.view.id, frame.player
        picture = await _picture(frame)
        if await self.messages.edit_photo(player, frame.live, picture, frame.caption, frame.markup):
            await self.messages.remember(table, player, KEYS, frame.live)
            self._shown[frame.key] = frame.shown_as(frame.live)
            return True
        await self.messages.forget(table, player, HAND)  # deleted by the player: a new one
        frame.live = None
        return False

    async def _send_anew(self, frame: Frame) -> None:
        """A new decision (it notifies), a new round (quietly) or /hand: a new message at the
        bottom of the chat; the one it replaces goes."""
        table, player, deciding = frame.view.id, frame.player, frame.deciding
        picture = await _picture(frame)
        sent = await self.messages.send_photo(
            player, picture, frame.caption, frame.markup, quiet=not deciding
        )
        await self.messages.remember(table, player, HAND, sent)
        if deciding:
            await self.messages.remember(table, player, KEYS, sent)
        elif frame.keyed is not None:
            await self.messages.forget(table, player, KEYS)
        self._tidy(player, [m for m in (frame.live, frame.keyed) if m is not None and m != sent])
        self._shown[frame.key] = frame.shown_as(sent)

    async def _edit(self, frame: Frame) -> bool:
        """The hand message edited to the frame, when anything shown changed; False when the
        player deleted it. Between decisions only a changed hand is worth an edit (the table on
        top may lag until the player's turn, which always shows it afresh); while deciding, any
        change is."""
        shown, target, keyed = frame.shown, frame.live, frame.keyed
        assert target is not None
        same_picture = (
            shown is not None
            and shown.hand == frame.private.hand
            and (keyed is None or shown.table == frame.scene)
        )
        # in a decision taken at once, another seat's choice leaves this one's buttons valid
        simultaneous = (
            frame.deciding and not frame.view.to_act and shown is not None and shown.markup is not None
        )
        if shown is not None and shown.message == target and same_picture:
            if keyed is None or (shown.caption, shown.markup) == (frame.caption, frame.markup):
                return True
            if simultaneous and shown.caption == frame.caption:
                return True
            edited = await self.messages.edit_caption(frame.player, target, frame.caption, frame.markup)
        else:
            picture = await _picture(frame)
            edited = await self.messages.edit_photo(
                frame.player, target, picture, frame.caption, frame.markup
            )
        if not edited:
            return False
        if not frame.deciding and keyed is not None:
            await self.messages.forget(frame.view.id, frame.player, KEYS)
        self._shown[frame.key] = frame.shown_as(target)
        return True

    async def _quiet(
        self, view: TableView, player: int, private: PrivateView, lang: str, repost: bool
    ) -> None:
        """The quiet chat's one message: whose decision it is, and the button to the table. It
        changes only when the player's turn comes or goes, not on every move at the table."""
        table, key = view.id, (view.id, player)
        deciding = deciding_now(view, private)
        title = t(lang, "app.quiet_title", game=t(lang, f"game.{view.game}"), table=table)
        if deciding:
            question = t(lang, "app.quiet_turn", time=self.services.time_left(view) or "—")
        else:
            question = t(lang, "app.quiet_idle")
        if _on_autopilot(view, private.seat):
            question = t(lang, "play.on_autopilot")
        text = "\n".join([title, question, *filter(None, [self.results.get(key)])])
        markup = app_keyboard(self.services, table, lang)
        live = await self.messages.id(table, player, HAND)
        keyed = await self.messages.id(table, player, KEYS)
        shown = self._shown.get(key)
        if live is not None and not repost and shown is not None and shown.quiet and shown.message == live:
            if shown.caption == text:
                return
            if await self.messages.edit_text(player, live, text, markup):
                self._shown[key] = replace(shown, caption=text)
                return
        sent = await self.messages.send_text(player, text, markup, quiet=not deciding)
        await self.messages.remember(table, player, HAND, sent)
        if keyed is not None:
            await self.messages.forget(table, player, KEYS)
        self._tidy(player, [m for m in (live, keyed) if m is not None and m != sent])
        self._shown[key] = Shown(sent, "", text, markup, private.public.number, None, quiet=True)

    async def close(self, table: int, player: int, reason: str | None) -> None:
        """The player decides nothing more at this table (it stopped, the match ended, they
        left): the keyboard goes, and the hand message says why instead of "your turn"."""
        shown = self._shown.pop((table, player), None)
        self.exposing.pop((table, player), None)
        result = self.results.get((table, player))
        if shown is None or reason is None:
            await self._close_keyboard(table, player)
            return
        lang = await self.services.lang_of(player)
        caption = "\n".join([*shown.caption.split("\n")[:2], t(lang, reason)])
        if shown.quiet:  # a text: its first line names the table
            lines = [shown.caption.split("\n")[0], t(lang, reason), *filter(None, [result])]
            await self.messages.edit_text(player, shown.message, "\n".join(lines))
        elif caption != shown.caption or shown.markup is not None:
            await self.messages.edit_caption(player, shown.message, caption, None)
        await self.messages.forget(table, player, KEYS)

    async def _close_keyboard(self, table: int, player: int) -> None:
        """Removes a keyboard left on an older message (a round ended while it was shown)."""
        keyed = await self.messages.id(table, player, KEYS)
        if keyed is not None:
            await self.messages.remove_keyboard(player, keyed)
            await self.messages.forget(table, player, KEYS)

    def _caption(
        self,
        view: TableView,
        private: PrivateView,
        names: list[str],
        lang: str,
        deciding: bool,
        played: str | None,
        late: tuple[Late, str | None] | None = None,
    ) -> str:
        """`late`: what was done for the player when they last ran out of time, and its move."""
        turn = self.services.to_act(view, names, lang)
        lines = [private.hand or "—", ui(view.game).table_info(private, names, turn, lang)]
        if late is not None:  # said even when the next decision is already the player's
            lines.append(_late_line(view.game, *late, lang))
        if deciding:
            lines.append(decision_question(view.game, private, names, lang, self.services.time_left(view)))
        elif played and late is None:
            lines.append(t(lang, "play.played", move=move_label(played, lang, view.game)))
        if _on_autopilot(view, private.seat):
            lines.append(t(lang, "play.on_autopilot"))
        return "\n".join(lines)


def _late_line(game: str, for_you: Late, played: str | None, lang: str) -> str:
    """What was done for a player out of time: the rules' choice when a window closed, else
    their bot's move (or decision)."""
    if for_you == "rules":
        return t(lang, "play.window_closed_for_you")
    if played:
        return t(lang, "play.played_for_you", move=move_label(played, lang, game))
    return t(lang, "play.decided_for_you")  # a pass or another decision: said as plainly


def decision_question(
    game: str, private: PrivateView, names: Sequence[str], lang: str, left: str | None
) -> str:
    """What the player is asked now, in words (革命? 太空? 吃/不吃/反抽 …), with the time left:
    the hand caption's line, and the Mini App's (its 太空 showed only 过 / 报点)."""
    phase = private.phase
    question = f"play.question_{phase}"  # a decision with a question of its own
    if not has(question):
        question = "play.expose_title" if phase == "expose" else "play.your_turn"
    return t(lang, question, time=left or "—", **ui(game).question_values(private, names, lang))


async def _picture(frame: Frame) -> bytes:
    """The hand picture the frame shows (drawn off the event loop; cached by what it shows)."""
    return await drawn(ui(frame.view.game).hand_picture, frame.private, frame.lang, frame.scene)


def _scene(view: TableView, names: list[str]) -> TableScene:
    """The table drawn on top of the hand: every seat's cards, state and turn (no clock: the
    caption says the time left, and a picture is not redrawn as seconds pass)."""
    return replace(render.table_scene(view, names, 0.0), seconds_left=None)


def deciding_now(view: TableView, private: PrivateView) -> bool:
    """The player decides now (a keyboard, a notifying message); never while on autopilot, when
    the seat's bot plays for them."""
    seat = private.seat
    if _on_autopilot(view, seat):
        return False
    # a decision taken at once (an exposure, a declaration) hides who is asked
    return bool(private.legal) and (seat in view.to_act or not view.to_act)


def _on_autopilot(view: TableView, seat: int) -> bool:
    return 0 <= seat < len(view.seats) and view.seats[seat].autopilot
