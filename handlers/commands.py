"""The commands about a table and a player: the table reposted, scores, stats, rules, the
record, a rematch, a stop vote, the language; in the private chat the hand, the autopilot, the
quiet mode, a deep link's arrival; and typed moves."""

from __future__ import annotations

import contextlib
import json

from telegram import MenuButtonWebApp, Update, WebAppInfo
from telegram.error import TelegramError

import render
from engine.errors import Refusal, Refused
from engine.games import GAMES
from engine.move import MAX_NOTATION, quoted
from engine.referee import TableView
from handlers import replays, settings
from handlers.answers import refusal, to_asker
from handlers.context import Context
from handlers.drawing import drawn
from handlers.games import decision_marks, game_commands, games_about, move_label
from handlers.handling import current, group_table, notifier, speaker
from handlers.i18n import LANGUAGES, has, t
from handlers.incoming import (
    chat_of,
    command_args,
    is_private,
    message,
    reply,
    user_id,
)
from handlers.keyboards import Keys, watch_keyboard
from handlers.membership import admin_unless_creator, is_admin, is_member
from handlers.private import deciding_now
from handlers.ratelimit import CHATTER, calls_at
from handlers.services import Services
from handlers.sheets import score_sheet_of
from handlers.typed import legal_index, needs_exact_form
from render.games import LOOKS


async def repost_table(update: Update, context: Context, found: Services, lang: str) -> None:
    """In the group: its table message again, at the bottom. In private: the picture of the table
    where the player sits (what the group sees, no hand), so nobody has to leave their chat."""
    if is_private(update):
        view = found.referee.table_of_player(user_id(update))
        if view is None:
            await reply(update, t(lang, "refuse.not_playing"))
            return
        await notifier(context).table_to(view, chat_of(update).id, lang)
        return
    view = await current(update, found, lang)
    if view is not None:
        told = notifier(context)
        await told.table(view, lang, await found.seat_names(view, lang), repost=True)  # a lobby: its message


async def score(update: Update, context: Context, found: Services, lang: str) -> None:
    view = await current(update, found, lang)
    if view is None:
        return
    names = await found.seat_names(view, lang)
    sheet = await score_sheet_of(found.referee, view, names, final=view.status == "finished")
    if sheet is None:  # nothing scored yet: which round is on, if any
        said = t(lang, "help.score_none")
        if view.public is not None:
            round_ = t(lang, f"picture.{LOOKS[view.game].round_label}", n=view.public.number)
            said = t(lang, "help.score_playing", round=round_)
        await reply(update, said)
        return
    await message(update).reply_photo(await drawn(render.score_sheet, sheet, lang=lang))


async def stats(update: Update, context: Context, found: Services, lang: str) -> None:
    rows = await found.referee.player_stats(user_id(update))

    def text(said: str) -> str:
        if not rows:
            return t(said, "help.stats_none")
        return "\n".join(
            t(said, "help.stats_line", game=t(said, f"game.{r.game}"), matches=r.matches, wins=r.wins,
              hands=r.hands, points=r.points, timeouts=r.timeouts)
            for r in rows
        )  # fmt: skip

    await to_asker(update, context, text, lang)


async def rules(update: Update, context: Context, found: Services, lang: str) -> None:
    """A player's guide to the game: the one named (`/rules <game>`), else the game of the
    group's table (or, in private, of the player's table) with that table's settings in words."""
    words = [word.lower() for word in command_args(update)[:1]]
    variant = next((w for w in words if variant_of(w)), None)  # `/rules houshuiwan`
    named = variant_of(variant) if variant else next((w for w in words if w in GAMES), None)
    if named is None and is_private(update):
        view = found.referee.table_of_player(user_id(update))
    else:
        view = None if named else group_table(found.referee, chat_of(update).id)
    game = named or (view.game if view else next(iter(GAMES)))  # else the first registered
    variant = variant or (str(view.options.get("variant", "")) if view else "")

    def text(said: str) -> str:
        parts = [t(said, f"help.rules_{game}")]
        if has(f"help.variant_{variant}"):  # what the table's variant changes, in a few lines
            parts.append(t(said, f"help.variant_{variant}"))
        elif has(f"help.variants_{game}"):
            parts.append(t(said, f"help.variants_{game}"))
        if view is not None:
            parts.append(settings.options_text(said, view.game, view.options, view.time_control))
        others = [f"/rules {other}" for other in GAMES if other != game]
        return "\n\n".join([*parts, t(said, "help.rules_other", commands=" · ".join(others))])

    await to_asker(update, context, text, lang)


def variant_of(word: str | None) -> str | None:
    """The game one of whose variants `word` names (`houshuiwan` → its game), if any."""
    variants = ((name, game.rules_type.presets.get("variant", {})) for name, game in GAMES.items())
    return next((name for name, named in variants if word in named), None)


async def record(update: Update, context: Context, found: Services, lang: str) -> None:
    """The match as the engine replays it (game, rules, seed, every logged step), once it is over."""
    view = await current(update, found, lang)
    if view is not None:
        body = await found.referee.record(view.id)  # refused while the match runs
        data = json.dumps(body, ensure_ascii=False).encode()
        await message(update).reply_document(data, filename=f"{view.game}-table{view.id}.json")


async def rematch(update: Update, context: Context, found: Services, lang: str) -> None:
    """The group's finished table plays again: same seats, a new match."""
    view = await current(update, found, lang)
    if view is not None:
        player = user_id(update)
        admin = await admin_unless_creator(context, view, player)
        await found.referee.rematch(view.id, by=player, admin=admin)


async def stop(update: Update, context: Context, found: Services, lang: str) -> None:
    view = await current(update, found, lang)
    if view is None:
        return
    user = user_id(update)
    admin = await is_admin(context, chat_of(update).id, user)
    await found.referee.stop(view.id, user, admin=admin)


async def lang_command(update: Update, context: Context, found: Services, lang: str) -> None:
    """`/lang en` (or `/lang` to switch): the user's language in private; in a group, the group's
    messages' language, which a group admin sets."""
    args = command_args(update)
    wanted = args[0].lower() if args else LANGUAGES[(LANGUAGES.index(lang) + 1) % len(LANGUAGES)]
    if wanted not in LANGUAGES:
        await reply(update, t(lang, "help.lang_unknown", languages=", ".join(LANGUAGES)))
        return
    user, chat = update.effective_user, update.effective_chat
    assert user is not None and chat is not None
    if is_private(update):
        await found.set_lang(user.id, wanted)
        await reply(update, t(wanted, "help.lang_set"))
        await menu_button(context, found, user.id, wanted)
        return
    if not await is_admin(context, chat.id, user.id):
        raise Refused("not_allowed")
    await found.set_group_lang(chat.id, wanted)
    await reply(update, t(wanted, "help.lang_set_group"))


async def menu_button(context: Context, found: Services, player: int, lang: str) -> None:
    """The private chat's menu button (it opens the player's table in the Mini App) in the
    player's language: the bot-wide one is Chinese. A failure costs only the label."""
    if not found.webapp_url:
        return
    button = MenuButtonWebApp(t(lang, "app.menu"), WebAppInfo(found.webapp_url))
    with calls_at(CHATTER), contextlib.suppress(TelegramError):
        await context.bot.set_chat_menu_button(chat_id=player, menu_button=button)


async def start(update: Update, context: Context) -> None:
    """/start in the private chat: the chat is open now; a join link `j<token>` seats the player."""
    found, lang = await speaker(update, context)
    player = user_id(update)
    await found.open_private_chat(player)
    try:
        await follow_link(update, context, found, lang, (context.args or [""])[0])
    finally:  # after the answer, which the player waits for
        await menu_button(context, found, player, lang)


async def follow_link(update: Update, context: Context, found: Services, lang: str, payload: str) -> None:
    """What a `/start <payload>` link asks: a seat, watching a table, a replay, or (none) a welcome."""
    if payload.startswith("j"):
        await arrive(update, context, found, lang, payload[1:])
        return
    if payload.startswith("w") and payload[1:].isdigit() and found.webapp_url:
        await watch(update, context, found, lang, int(payload[1:]))
        return
    if payload.startswith("r") and payload[1:].isdigit() and len(payload) <= 13 and found.webapp_url:
        await replays.open_in_app(update, context, found, lang, int(payload[1:]))
        return
    welcome = t(lang, "help.welcome", games=games_about(lang), commands=game_commands(lang))
    await reply(update, welcome)  # a first /start: what the bot is, how to begin


async def arrive(update: Update, context: Context, found: Services, lang: str, token: str) -> None:
    """A join link followed: only a member of the table's group is seated. Anyone else learns
    nothing, not even whether the table exists: every such link gets the same answer."""
    player = user_id(update)
    view = found.referee.table_of_token(token)
    if view is None or not await is_member(context, view.group_id, player):
        await reply(update, t(lang, "lobby.link_invalid"))
        return
    try:
        await found.referee.join(view.id, player)
    except Refusal as error:
        if error.key != "already_seated":  # the creator, who sat down when opening
            await reply(update, refusal(lang, error))
            return
    await reply(update, t(lang, "lobby.seated_after_start", game=t(lang, f"game.{view.game}")))


async def watch(update: Update, context: Context, found: Services, lang: str, table: int) -> None:
    """The group's watch link followed: a member of the table's group gets the Mini App's button
    (the page shows no hand to a spectator); anyone else the same answer as a bad join link."""
    try:
        view = found.referee.view(table)
    except Refusal:
        view = None
    if view is None or not await is_member(context, view.group_id, user_id(update)):
        await reply(update, t(lang, "lobby.link_invalid"))
        return
    opener = watch_keyboard(found, table, lang)
    await message(update).reply_text(t(lang, "app.watch_here"), reply_markup=opener)


async def hand(update: Update, context: Context, found: Services, lang: str) -> None:
    view = found.referee.table_of_player(user_id(update))
    if view is None:
        await reply(update, t(lang, "refuse.not_playing"))
        return
    await notifier(context).hand(view, user_id(update))


async def quiet(update: Update, context: Context, found: Services, lang: str) -> None:
    """`/quiet` (on, off, or nothing to switch): the player's private chat keeps one short message
    per table and the Mini App the rest; only where the Mini App is served."""
    if not found.webapp_url:
        await reply(update, t(lang, "app.quiet_unavailable"))
        return
    player, args = user_id(update), command_args(update)
    known = await found.player(player)
    wanted = {"on": True, "off": False}.get(args[0].lower()) if args else not (known and known.quiet)
    if wanted is None:
        await reply(update, t(lang, "app.quiet_usage"))
        return
    await found.set_quiet(player, wanted)
    await reply(update, t(lang, "app.quiet_on" if wanted else "app.quiet_off"))
    await notifier(context).redraw_hand(player)


async def back(update: Update, context: Context, found: Services, lang: str) -> None:
    view = found.referee.table_of_player(user_id(update))
    if view is None:
        await reply(update, t(lang, "refuse.not_playing"))
        return
    await found.referee.back(view.id, user_id(update))
    await reply(update, t(lang, "play.back_done"))


async def typed_move(update: Update, context: Context) -> None:
    """A move typed in the private chat, in engine notation: checked exactly like a button."""
    found, lang = await speaker(update, context)
    player = user_id(update)
    view = found.referee.table_of_player(player)
    if view is None:
        await reply(update, t(lang, "refuse.not_playing"))
        return
    text = (message(update).text or "").strip()
    parse = GAMES[view.game].parse_move
    exact = needs_exact_form(text, parse) if len(text) <= MAX_NOTATION else None  # longer: refused below
    if await _offered(update, found, view, exact, text, lang):
        return
    if exact is not None:  # `k` from "ok" is never played silently
        await reply(update, t(lang, "refuse.exact_form", typed=quoted(text), exact=quoted(exact)))
        return
    try:  # the engines read `pass`, `过`, `不要` … themselves
        await found.referee.submit(view.id, player, text, view.version)
    except Refusal as error:  # a pause is no fault of the move: said as it is
        said = refusal(lang, error)
        await reply(update, said if error.key == "paused" else t(lang, "refuse.bad_move", reason=said))


async def _offered(
    update: Update, found: Services, view: TableView, exact: str | None, text: str, lang: str
) -> bool:
    """A typed move that a button would have asked to confirm (a play with a consequence), or
    that names a legal move only once in capitals, is offered as a button instead of played."""
    player = user_id(update)
    private = found.referee.private_view(view.id, player)
    index = legal_index(exact or text, private.legal, GAMES[view.game].parse_move)
    if index is None or not deciding_now(view, private):
        return False
    warnings, _ = decision_marks(view.game, private)
    warning = warnings.get(private.legal[index])
    if exact is None and warning is None:
        return False
    said = [t(lang, f"play.warn_{warning}")] if warning else []
    if exact is not None:
        label = move_label(private.legal[index], lang, view.game)
        said.append(t(lang, "play.typed_as", typed=quoted(text), move=label))
    said.append(t(lang, "play.typed_confirm"))
    keys = Keys(found.signer, message(update).chat_id, view.game, view.id, private.version, lang)
    await reply(update, "\n".join(said), reply_markup=keys.typed(private.legal, index, warning is not None))
    return True
