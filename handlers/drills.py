"""`/drill` in a private chat: a position from a reviewed mistake — the player's own, or with
`/drill group` one of a member of their groups who shares theirs (`/drill share on`) — drawn as
the decider's hand under the table, with the move made, the better one and another legal move
as buttons. The answer tells whether the choice was the better play, and why."""

from __future__ import annotations

from dataclasses import replace

from telegram import InlineKeyboardButton, InlineKeyboardMarkup, Update

import render
from engine.errors import Refused
from engine.referee import Answered, Drill
from handlers.callbacks import Action, Button
from handlers.context import Context
from handlers.drawing import drawn
from handlers.games import move_label, ui
from handlers.i18n import t
from handlers.incoming import command_args, message, reply, user_id
from handlers.replaysteps import finished_view
from handlers.reviews import when, why_told
from handlers.services import Services
from render.games import LOOKS


async def drill(update: Update, context: Context, found: Services, lang: str) -> None:
    """`/drill`: the next position; `/drill group`: a shared one; `/drill share on|off`."""
    args = [a.lower() for a in command_args(update)]
    if args[:1] == ["share"]:
        if args[1:2] not in (["on"], ["off"]):
            raise Refused("drill_usage")
        await found.referee.share_drills(user_id(update), args[1] == "on")
        await reply(update, t(lang, f"drill.shared_{args[1]}"))
        return
    if args not in ([], ["group"]):
        raise Refused("drill_usage")
    asked = await found.referee.next_drill(user_id(update), shared=args == ["group"])
    names = await found.names_of(asked.players, lang)
    position = asked.position
    view = finished_view(
        asked.match.game,
        asked.match.table_id,
        asked.match.group_id,
        asked.match.rules,
        asked.players,
        position.public,
        asked.totals,
    )
    scene = replace(render.table_scene(view, names, 0.0), own_hand=asked.own)
    picture = await drawn(ui(asked.match.game).hand_picture, position, lang, scene)
    caption = question(asked, names, lang)
    markup = choices(found, update, asked, lang)
    await message(update).reply_photo(picture, caption=caption, reply_markup=markup)


def question(asked: Drill, names: list[str], lang: str) -> str:
    game, judged = asked.match.game, asked.judged
    whose = t(lang, "drill.yours") if asked.own else t(lang, "drill.theirs", name=names[judged.seat])
    return t(
        lang,
        "drill.question",
        match=asked.match.match_id,
        round=t(lang, f"picture.{LOOKS[game].round_label}", n=judged.round),
        when=when(game, judged, lang),
        whose=whose,
    )


def choices(found: Services, update: Update, asked: Drill, lang: str) -> InlineKeyboardMarkup:
    chat = message(update).chat_id
    buttons = []
    for index, move in enumerate(asked.choices):
        data = found.signer.dump(Button(Action.DRILL, asked.match.match_id, asked.number, str(index)), chat)
        buttons.append([InlineKeyboardButton(move_label(move, lang, asked.match.game), callback_data=data)])
    return InlineKeyboardMarkup(buttons)


async def answered(update: Update, context: Context, found: Services, button: Button, lang: str) -> None:
    """A drill's button: the verdict in place of the question, the buttons gone."""
    query = update.callback_query
    assert query is not None
    choice = int(button.arg) if button.arg.isdigit() else -1  # anything else: no choice, stale
    result = found.referee.answer_drill(query.from_user.id, button.version, choice)
    names = await found.names_of(result.drill.players, lang)
    await query.edit_message_caption(verdict(result, names, lang), reply_markup=None)
    await query.answer("✅" if result.right else "❌")


def verdict(answered: Answered, names: list[str], lang: str) -> str:
    """Whether the choice was the better play, the better play and why, and what the move made
    in the match cost."""
    drill, judged = answered.drill, answered.drill.judged
    game = drill.match.game
    values = {
        "chosen": move_label(answered.chosen, lang, game),
        "best": move_label(judged.best, lang, game),
        "made": move_label(judged.move, lang, game),
        "loss": f"{judged.loss:.0f}",
        "why": why_told(game, judged, lang),
        "name": t(lang, "drill.you") if drill.own else names[judged.seat],
    }
    return t(lang, "drill.right" if answered.right else "drill.wrong", **values)
