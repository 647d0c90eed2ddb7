"""Button presses. Every press is answered (a short, polite line when it changes nothing): data
this bot did not sign, a stale keyboard, a double press, or a press by someone without a seat."""

from __future__ import annotations

import contextlib
from collections.abc import Sequence
from typing import Any

from telegram import CallbackQuery, Update
from telegram.error import BadRequest

from engine.errors import Refusal, Refused
from engine.referee import PrivateView
from handlers import drills, settings
from handlers.answers import refusal
from handlers.callbacks import Action, Button, Forged
from handlers.context import Context
from handlers.games import counter_on, counter_words, decision_marks, hint_reason, move_label, ui
from handlers.handling import notifier, services
from handlers.i18n import t
from handlers.keyboards import Keys
from handlers.limits import ANSWER_LIMIT, fitted
from handlers.lobby import manage_lobby, seat
from handlers.membership import admin_unless_creator
from handlers.metrics import press_started

LOBBY = {
    Action.JOIN,
    Action.LEAVE,
    Action.ADD_BOT,
    Action.REMOVE_BOT,
    Action.FILL,
    Action.START,
    Action.SETTINGS,
    Action.TEAM,
    Action.REMATCH,
}
# keyboard steps that send nothing to the referee
BUILDER = {Action.RANKS, Action.SETS, Action.HOME, Action.WARNED, Action.TOGGLE}
# buttons of a decision all asked seats take at once (an exposure, a declaration)
TOGETHER = {Action.TOGGLE, Action.DONE, Action.MOVE, Action.TYPED, Action.HINT}


async def pressed(update: Update, context: Context) -> None:
    press_started()  # the answer's latency is measured from here (handlers.metrics)
    query = update.callback_query
    assert query is not None
    found = services(context)
    player = await found.meet(query.from_user)
    lang = player.lang
    chat = query.message.chat.id if query.message is not None else None
    try:
        button = found.signer.load(query.data or "", chat)
    except Forged:
        await query.answer(t(lang, "refuse.forged"))
        return
    try:
        if button.action in LOBBY:
            await _lobby(update, context, button, lang)
        elif button.action in BUILDER:
            await _builder(update, context, button, lang)
        elif button.action == Action.HINT:
            await _hint(update, context, button, lang)
        elif button.action == Action.COUNT:
            await _counted(update, context, button, lang)
        elif button.action == Action.DRILL:
            await drills.answered(update, context, services(context), button, lang)
        elif button.action == Action.DISMISS:  # a typed move's offer, declined: it only closes
            await _close_offer(query, t(lang, "play.typed_dismissed"))
            await query.answer()
        else:  # a move, or the exposure's done
            await _move(update, context, button, lang)
    except Refusal as error:
        await query.answer(fitted(refusal(lang, error), ANSWER_LIMIT))


async def _lobby(update: Update, context: Context, button: Button, lang: str) -> None:
    query = update.callback_query
    assert query is not None
    found, player = services(context), query.from_user.id
    referee = found.referee
    if button.action == Action.JOIN:
        messages: list[str] = []

        async def say(text: str, **kwargs: Any) -> None:
            messages.append(text)
            await context.bot.send_message(referee.view(button.table).group_id, text, **kwargs)

        await seat(player, button.table, found, lang, say)
        await query.answer(fitted(messages[0], ANSWER_LIMIT) if messages else None)
        return
    if button.action == Action.SETTINGS:
        await _settings(update, context, button)
        return
    if button.action == Action.LEAVE:
        await referee.leave(button.table, player)
    elif button.action == Action.REMATCH:  # the creator or an admin, as /rematch
        view = (await referee.stored_table(button.table)).view()  # a finished table, maybe not in memory
        admin = await admin_unless_creator(context, view, player)
        await referee.rematch(button.table, by=player, admin=admin)
    elif button.action == Action.TEAM:  # one's own seat's team: no power needed
        if button.arg not in ("0", "1"):
            raise Refused("stale")
        await referee.choose_team(button.table, player, int(button.arg))
    else:
        await manage_lobby(context, referee.view(button.table), player, button.action)
    await query.answer()


async def _settings(update: Update, context: Context, button: Button) -> None:
    """The lobby's settings: open (no argument), close (`-`), or step one option (the table's
    creator or a group admin only); the lobby message is redrawn in place."""
    query = update.callback_query
    assert query is not None
    found, player = services(context), query.from_user.id
    view = found.referee.view(button.table)
    if view.status != "lobby":
        raise Refused("not_in_lobby")
    told = notifier(context)
    if button.arg in ("", "-"):
        told.show_settings(view.id, button.arg == "")
        lang = await found.group_lang(view)
        await told.lobby(view, lang, await found.seat_names(view, lang))
    else:
        options, time = _setting_step(view, button.arg)
        admin = await admin_unless_creator(context, view, player)
        await found.referee.set_options(view.id, options, time, by=player, admin=admin)
    await query.answer()


def _setting_step(view: Any, name: str) -> tuple[dict[str, str], str | None]:
    """The change one press of a setting's button makes: the next time control or option value."""
    if name == settings.TIME:
        return {}, settings.next_time(view.time_control)
    if name in ui(view.game).switches:
        return settings.step(view.game, name, view.options), None
    raise Refused("stale")


def _current(context: Context, button: Button, player: int) -> PrivateView:
    """The player's private view, if the button is of this very moment (else: refused as stale).
    A decision the seats take together (who is asked is hidden: an exposure, a declaration)
    is the exception: another seat's choice (a new version) leaves this one's
    choice open and its buttons meaningful."""
    referee = services(context).referee
    view = referee.private_view(button.table, player)
    together = button.action in TOGETHER and bool(view.legal) and not view.public.to_act
    if view.version != button.version and not together:
        raise Refused("stale")
    return view


async def _builder(update: Update, context: Context, button: Button, lang: str) -> None:
    """Keyboard steps, edited in place: a game's set builder (`GameUI.steps`: ranks → sets of one
    rank → back), a warned play's confirmation (the warning pops up), and toggles (the exposure)."""
    query = update.callback_query
    assert query is not None
    private = _current(context, button, query.from_user.id)
    referee = services(context).referee
    view = referee.view(button.table)
    game = view.game
    assert query.message is not None  # a button with no message to show it is never signed right
    keys = Keys(services(context).signer, query.message.chat.id, game, button.table, private.version, lang)
    legal = private.legal
    warnings, hidden = decision_marks(game, private)
    alert = None
    if button.action in (Action.RANKS, Action.SETS):  # a builder's first step has no argument
        step = button.arg if button.action == Action.SETS else ""
        markup = ui(game).steps(keys, legal, step, warnings)
        if markup is None:
            raise Refused("stale")
    elif button.action == Action.WARNED:
        index = _index(button, legal)
        markup = keys.confirm(legal, index)
        alert = t(lang, f"play.warn_{warnings.get(legal[index], 'burn')}")
    elif button.action == Action.TOGGLE:
        chosen = _mask(button)
        notifier(context).private.exposing[(button.table, query.from_user.id)] = chosen
        markup = keys.moves(
            legal, private.phase, warnings, chosen, hidden, counter=counter_on(view)
        )  # toggles
    else:
        hinted = referee.hint(button.table, query.from_user.id)
        markup = keys.moves(
            legal, private.phase, warnings, hidden=hidden, hinted=hinted, counter=counter_on(view)
        )
    await query.edit_message_reply_markup(markup)
    await query.answer(alert and fitted(alert, ANSWER_LIMIT), show_alert=alert is not None)


async def _hint(update: Update, context: Context, button: Button, lang: str) -> None:
    """💡: the normal bot's move for this decision, in a pop-up; nothing changes."""
    query = update.callback_query
    assert query is not None
    _current(context, button, query.from_user.id)  # an old keyboard's hint would be of another moment
    referee = services(context).referee
    explained = referee.explained_hint(button.table, query.from_user.id)
    if explained is None:
        raise Refused("stale")
    move, key, values = explained
    game = referee.view(button.table).game
    said = t(lang, "play.hinted", move=move_label(move, lang, game))
    reason = hint_reason(game, key, values, lang)
    if reason:
        said += "\n" + t(lang, "hint.why", reason=reason)
    await query.answer(fitted(said, ANSWER_LIMIT), show_alert=True)


async def _counted(update: Update, context: Context, button: Button, lang: str) -> None:
    """🧮: the cards still out, in a pop-up; nothing changes (the same for every player)."""
    query = update.callback_query
    assert query is not None
    referee = services(context).referee
    counted = referee.still_out(button.table)
    if counted is None:
        raise Refused("stale")
    said = counter_words(referee.view(button.table).game, counted, lang)
    await query.answer(fitted(said, ANSWER_LIMIT), show_alert=True)


async def _close_offer(query: CallbackQuery, text: str) -> None:
    """A typed move's offer says how it ended and loses its buttons. A second press that came
    before the first closed it finds it closed already (Telegram: "message is not modified"),
    and a message gone from the chat needs no closing: neither is an error."""
    with contextlib.suppress(BadRequest):
        await query.edit_message_text(text)


def _index(button: Button, legal: Sequence[str]) -> int:
    if not button.arg.isdigit() or int(button.arg) >= len(legal):
        raise Refused("stale")
    return int(button.arg)


def _mask(button: Button) -> int:
    if not button.arg.isdigit():
        raise Refused("stale")
    return int(button.arg)


async def _move(update: Update, context: Context, button: Button, lang: str) -> None:
    query = update.callback_query
    assert query is not None
    player = query.from_user.id
    game = services(context).referee.view(button.table).game
    try:
        private = _current(context, button, player)
    except Refused as refused:  # a press the table already took answers as it did then
        if refused.key != "stale":
            raise
        made = await services(context).referee.played_on(button.table, player, button.version)
        if made is None:
            raise
        await _answer_played(query, button, made, game, lang)
        return
    legal = private.legal
    if button.action == Action.DONE:  # the toggles' done: the decision those toggles make
        move = ui(game).toggled(legal, _mask(button))
        if move is None:
            raise Refused("stale")
    else:
        move = legal[_index(button, legal)]
    await services(context).referee.submit(button.table, player, move, private.version)
    await _answer_played(query, button, move, game, lang)


async def _answer_played(query: CallbackQuery, button: Button, move: str, game: str, lang: str) -> None:
    played = t(lang, "play.played", move=move_label(move, lang, game))
    if button.action == Action.TYPED:  # the offer's own message says it was played, keyboard gone
        await _close_offer(query, played)
    await query.answer(fitted(played, ANSWER_LIMIT))
