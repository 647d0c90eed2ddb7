"""Slash commands: in the group (tables, lobby, standings) and in a player's private chat (hand,
autopilot, language, deep-link arrival), and typed moves."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any

from telegram import InlineKeyboardButton, InlineKeyboardMarkup, MenuButtonWebApp, Update, WebAppInfo
from telegram.error import TelegramError

import render
from engine.errors import Refusal, Refused
from engine.games import GAMES
from engine.move import MAX_NOTATION, quoted
from engine.referee.views import TableView
from handlers import drills, league, replays, reviews, settings
from handlers.answers import to_asker
from handlers.callbacks import Action
from handlers.context import Context
from handlers.drawing import drawn
from handlers.games import decision_marks, game_commands, games_about, move_label
from handlers.i18n import LANGUAGES, has, t
from handlers.incoming import (
    addressed_to_us,
    chat_of,
    command_args,
    command_name,
    is_private,
    message,
    reply,
    user_id,
)
from handlers.keyboards import Keys, watch_keyboard
from handlers.membership import admin_unless_creator, is_admin, is_member
from handlers.notifier import TelegramNotifier
from handlers.private import deciding_now
from handlers.ratelimit import CHATTER, calls_at
from handlers.replies import group_table, refusal
from handlers.services import Services
from handlers.sheets import score_sheet_of
from handlers.typed import legal_index, needs_exact_form
from render.games import LOOKS

# besides these, a table of each registered game is opened by the command of its name (`/<game>`)
TABLE_COMMANDS = (
    "join",
    "leave",
    "addbot",
    "fill",
    "startgame",
    "score",
    "top",
    "record",
    "stop",
    "rematch",
    "replay",
    "review",
)
PRIVATE_COMMANDS = ("hand", "back", "quiet", "drill")


def group_commands() -> tuple[str, ...]:
    """The commands of a group: each registered game's (when the bot is built), the tables'."""
    return (*GAMES, *TABLE_COMMANDS)


EVERYWHERE = ("me", "stats", "help", "lang", "table", "rules")


def services(context: Context) -> Services:
    return context.bot_data.running()[0]


def notifier(context: Context) -> TelegramNotifier:
    return context.bot_data.running()[1]


async def speaker(update: Update, context: Context) -> tuple[Services, str]:
    """The services, and the language the answer speaks: the speaker's in private, the group's
    in a group (`Services.chat_lang`)."""
    found = services(context)
    player = await found.meet(update.effective_user)
    return found, await found.chat_lang(chat_of(update).id, player.lang)


Handler = Callable[[Update, Context, Services, str], Awaitable[None]]


def handling(handler: Handler) -> Callable[[Update, Context], Coroutine[Any, Any, None]]:
    """A command's callback for python-telegram-bot's CommandHandler: the speaker met (and
    registered), the handler run, a refusal answered in the speaker's language."""

    async def callback(update: Update, context: Context) -> None:
        found, lang = await speaker(update, context)
        try:
            await handler(update, context, found, lang)
        except Refusal as error:  # it concerns the asker alone
            refused = error
            await to_asker(update, context, lambda said: refusal(said, refused), lang)

    return callback


async def misplaced(update: Update, context: Context) -> None:
    """Every command no CommandHandler took: one of ours in the wrong chat, or an unknown one.
    A command addressed to another bot (`/stop@other_bot`) is not ours: ignored, unanswered."""
    found = services(context)
    if not addressed_to_us(update, found.username):
        return
    found, lang = await speaker(update, context)
    name = command_name(update)
    if name in group_commands():
        key = "refuse.group_only"
    elif name in PRIVATE_COMMANDS:
        key = "refuse.private_only"
    else:
        key = "refuse.unknown_command"
    await to_asker(update, context, lambda said: t(said, key), lang)


# -- the group -----------------------------------------------------------------------------------


async def open_table(update: Update, context: Context, found: Services, lang: str) -> None:
    """The creator sits at the table at once; without a private chat they get the deep link too."""
    game = command_name(update)
    options, time = split_options(command_args(update))
    chat, user = chat_of(update), user_id(update)
    await found.referee.register_group(chat.id, chat.title or "")
    table = await found.referee.open_table(chat.id, user, game, options, time)
    known = await found.player(user)
    if known is not None and not known.private_chat:
        await ask_for_private_chat(
            found, lang, known.name, table.id, lambda text, **kw: reply(update, text, **kw)
        )


def split_options(args: list[str]) -> tuple[dict[str, str], str | None]:
    """`fast kaidian=off` → ({"kaidian": "off"}, "fast"). A word that is not key=value is the time
    control (the referee refuses a bad one, or a bad option, with what is allowed)."""
    options, time = {}, None
    for arg in args:
        key, sep, value = arg.partition("=")
        if sep:
            options[key.strip().lower()] = value.strip()
        else:
            time = arg
    return options, time


async def current(update: Update, found: Services, lang: str) -> Any:
    group = chat_of(update).id
    view = group_table(found.referee, group) or await found.referee.last_finished_table(group)
    if view is None:
        await reply(update, t(lang, "refuse.no_table", commands=game_commands(lang)))
    return view


async def join(update: Update, context: Context, found: Services, lang: str) -> None:
    view = await current(update, found, lang)
    user = update.effective_user
    if view is not None and user is not None:
        await seat(user.id, view.id, found, lang, lambda text, **kw: reply(update, text, **kw))


async def seat(player: int, table: int, found: Services, lang: str, say: Any) -> None:
    """Joining needs a private chat with the bot: without one, the deep link that seats on arrival."""
    known = await found.player(player)
    if known is None or not known.private_chat:
        await ask_for_private_chat(found, lang, known.name if known else str(player), table, say)
        return
    await found.referee.join(table, player)


async def ask_for_private_chat(found: Services, lang: str, name: str, table: int, say: Any) -> None:
    link = found.deep_link("j" + found.referee.join_token(table))
    button = InlineKeyboardMarkup([[InlineKeyboardButton(t(lang, "lobby.deep_link_button"), url=link)]])
    await say(t(lang, "lobby.need_private", name=name, link=link), reply_markup=button)


async def lobby_action(update: Update, context: Context, found: Services, lang: str) -> None:
    view = await current(update, found, lang)
    if view is None:
        return
    name = command_name(update)
    player = user_id(update)
    referee = found.referee
    if name == "leave":
        await referee.leave(view.id, player)
        return
    await manage_lobby(context, view, player, MANAGING[name])


MANAGING = {"addbot": Action.ADD_BOT, "fill": Action.FILL, "startgame": Action.START}


async def manage_lobby(context: Context, view: Any, player: int, action: Action) -> None:
    """Add a bot, fill with bots, or start, by command or by button: the referee lets only the
    table's creator or a group admin (asked of Telegram here) do it."""
    referee = services(context).referee
    admin = await admin_unless_creator(context, view, player)
    if action == Action.START:
        await referee.start(view.id, by=player, admin=admin)
    else:
        await referee.add_bot(view.id, 1 if action == Action.ADD_BOT else 0, by=player, admin=admin)


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
    sheet = score_sheet_of(found.referee, view, names, final=view.status == "finished")
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


# -- anywhere --------------------------------------------------------------------------------------


async def help_text(update: Update, context: Context, found: Services, lang: str) -> None:
    await to_asker(update, context, lambda said: t(said, "help.group", commands=game_commands(said)), lang)


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


# -- the private chat -------------------------------------------------------------------------------


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
    if not is_private(update):
        await reply(update, t(lang, "help.group", commands=game_commands(lang)))
        return
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


HANDLERS = {
    "join": join,
    "leave": lobby_action,
    "addbot": lobby_action,
    "fill": lobby_action,
    "startgame": lobby_action,
    "table": repost_table,
    "score": score,
    "stats": stats,
    "top": league.top,
    "me": league.me,
    "replay": replays.replay,
    "review": reviews.review,
    "rules": rules,
    "record": record,
    "stop": stop,
    "rematch": rematch,
    "help": help_text,
    "lang": lang_command,
    "hand": hand,
    "back": back,
    "quiet": quiet,
    "drill": drills.drill,
}


def handler_of(name: str) -> Handler:
    """The command's handler: a game's name opens a table of that game."""
    return open_table if name in GAMES else HANDLERS[name]
