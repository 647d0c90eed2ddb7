"""`/review`: a finished match's review in the group — per person, the plays
reviewed, the average loss, the marks' counts and the three costliest moments with the better
move; with the Mini App, a link to the marked replay; without it, a picture of each costliest
moment. The first `/review` of a match starts the review in the search workers and says so; the
summary follows in the group when it is stored."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Sequence

from telegram import Bot, InlineKeyboardButton, InlineKeyboardMarkup, InputMediaPhoto, ReplyParameters, Update

import render
from engine.errors import Refused
from engine.referee import MatchReplay, MatchReview
from engine.review import Judgement
from handlers.context import Context
from handlers.drawing import drawn
from handlers.games import hint_reason, move_label
from handlers.i18n import t
from handlers.incoming import chat_of, command_args, reply
from handlers.replays import number_arg, replay_link
from handlers.replaysteps import step_view
from handlers.services import Services
from render.games import LOOKS

log = logging.getLogger(__name__)
SIGNS = {"good": "✓", "inaccuracy": "?!", "mistake": "?", "blunder": "??"}
COSTLIEST = 3  # moments told per person
_TELLING: dict[int, asyncio.Lock] = {}  # per group: its review summaries are told one at a time


async def review(update: Update, context: Context, found: Services, lang: str) -> None:
    """`/review` the group's last ended match; `/review N` match N."""
    group = chat_of(update).id
    try:
        asked = await found.referee.review(group, number_arg(command_args(update), 0))
    except Refused as refused:  # the game by its name in the group's language
        if refused.key != "review_game":
            raise
        raise Refused("review_game", game=t(lang, f"game.{refused.params['game']}")) from None
    await when_made(
        update,
        context,
        group,
        asked,
        lang,
        lambda: tell_once(context.bot, found, group, asked.match_id, lang),
    )


async def when_made(
    update: Update,
    context: Context,
    chat: int,
    asked: MatchReview,
    lang: str,
    tell: Callable[[], Awaitable[None]],
) -> None:
    """`tell()` at once when the review is made; else the chat hears it has started, and `tell()`
    comes when it is made, from a task of its own (the handler does not wait for the workers)."""
    if asked.ready is not None and asked.ready.done():
        await tell()
        return
    await reply(update, t(lang, "review.making", match=asked.match_id))
    context.application.create_task(told_when_ready(context.bot, chat, asked, lang, tell), update=update)


async def told_when_ready(
    bot: Bot, chat: int, asked: MatchReview, lang: str, tell: Callable[[], Awaitable[None]]
) -> None:
    assert asked.ready is not None
    try:
        await asked.ready
    except Exception as failure:  # any failure of a review is told, never raised
        log.warning("the review of match %s failed: %r", asked.match_id, failure)
        await bot.send_message(chat, t(lang, "review.failed", match=asked.match_id))
        return
    await tell()


async def tell_once(bot: Bot, found: Services, group: int, match_id: int, lang: str) -> None:
    """The summary the first time; a pointer to it every time after. One group's are told one
    at a time, so that a `/review` sent while the summary goes out reads it as told."""
    async with _TELLING.setdefault(group, asyncio.Lock()):
        made = await found.referee.review(group, match_id)
        if made.told_message is not None:
            await pointed(bot, found, group, made, lang)
        else:
            await tell(bot, found, group, made, lang)


async def tell(bot: Bot, found: Services, group: int, made: MatchReview, lang: str) -> None:
    """The summary, with the marked replay's link, or the costliest moments' pictures."""
    names = await found.names_of(made.players, lang)
    text = summary(made, names, lang)
    markup = replay_button(found, made.match_id, lang)
    sent = await bot.send_message(group, text, reply_markup=markup)
    await found.referee.review_told(made.match_id, sent.message_id)
    pictures = await costliest_pictures(found, group, made, names, lang) if markup is None else []
    if len(pictures) == 1:  # an album takes two to ten
        await bot.send_photo(group, pictures[0].media, caption=pictures[0].caption)
    elif pictures:
        await bot.send_media_group(group, pictures)


def replay_button(found: Services, match_id: int, lang: str) -> InlineKeyboardMarkup | None:
    """The button that opens the marked replay; None without the Mini App."""
    link = replay_link(found, match_id)
    return InlineKeyboardMarkup([[InlineKeyboardButton(t(lang, "review.open"), url=link)]]) if link else None


async def pointed(bot: Bot, found: Services, group: int, made: MatchReview, lang: str) -> None:
    """A second `/review`: a reply to the message that told the review, with the replay's link."""
    assert made.told_message is not None
    markup = replay_button(found, made.match_id, lang)
    await bot.send_message(
        group,
        t(lang, "review.told_above", match=made.match_id),
        reply_markup=markup,
        reply_parameters=ReplyParameters(made.told_message, allow_sending_without_reply=True),
    )


def summary(made: MatchReview, names: Sequence[str], lang: str) -> str:
    if not made.judgements:
        return t(lang, "review.nobody", match=made.match_id)
    lines = [t(lang, "review.title", match=made.match_id, game=t(lang, f"game.{made.game}"))]
    for seat, name in enumerate(names):
        mine = [j for j in made.judgements if j.seat == seat]
        if not mine:
            continue
        counts = {mark: sum(1 for j in mine if j.mark == mark) for mark in SIGNS}
        # points a play above careful play (below: negative), the estimates' noise averaged out
        edge = signed(-sum(j.expected_loss for j in mine) / len(mine))
        lines.append(t(lang, "review.player", name=name, count=len(mine), edge=edge, **counts))
        lines += [t(lang, "review.moment", **moment(made.game, j, lang)) for j in costliest(mine)]
    return "\n".join(lines)


def signed(points: float) -> str:
    """ "+3.1", "−13.0", "0.0": a typographic minus, and no sign on what rounds to nought."""
    text = f"{abs(points):.1f}"
    if float(text) == 0:
        return text
    return ("+" if points > 0 else "−") + text


def costliest(judgements: Sequence[Judgement], most: int = COSTLIEST) -> list[Judgement]:
    """The marked plays that lost the most, costliest first (a loss inside the noise is none)."""
    marked = [j for j in judgements if j.mark != "good"]
    return sorted(marked, key=lambda j: -j.loss)[:most]


def moment(game: str, judged: Judgement, lang: str) -> dict[str, object]:
    """A judged play's words: its mark, round and moment as players count them, the move made,
    the better one, the loss, and why the better one is better."""
    return {
        "mark": SIGNS[judged.mark],
        "round": t(lang, f"picture.{LOOKS[game].round_label}", n=judged.round),
        "when": when(game, judged, lang),
        "move": move_label(judged.move, lang, game),
        "best": move_label(judged.best, lang, game),
        # its confidence: the loss within twice its noise either way
        "loss": f"{judged.loss:.0f}±{2 * judged.noise:.0f}" if judged.noise >= 0.5 else f"{judged.loss:.0f}",
        "why": why_told(game, judged, lang),
    }


def when(game: str, judged: Judgement, lang: str) -> str:
    """The judged play's moment as its players count them: 第3圈 (a trick), 第5轮 (a lead)."""
    if not judged.moment:
        return t(lang, "review.before_play")
    return t(lang, f"review.{game}_moment", n=judged.moment)


def reason(game: str, judged: Judgement, lang: str) -> str:
    """Why the better move is better, in the hint's words; "" for none."""
    return hint_reason(game, judged.reason, judged.reason_values, lang) if judged.mark != "good" else ""


def why_told(game: str, judged: Judgement, lang: str) -> str:
    """The reason as it follows the better move in a sentence (`review.why`); "" for none."""
    why = reason(game, judged, lang)
    return t(lang, "review.why", reason=why) if why else ""


async def costliest_pictures(
    found: Services, group: int, made: MatchReview, names: Sequence[str], lang: str
) -> list[InputMediaPhoto]:
    """Without the Mini App: the table before each of the match's three costliest plays."""
    rounds: dict[int, MatchReplay] = {}  # each round replayed once, however many moments it holds
    media = []
    for judged in costliest(made.judgements):
        if judged.round not in rounds:
            rounds[judged.round] = await found.referee.replay(group, made.match_id, judged.round)
        replayed = rounds[judged.round]
        before = replayed.replay.steps[judged.step - 1]  # the table the player decided from
        scene = render.table_scene(step_view(replayed, before), list(names), 0.0)
        picture = await drawn(render.table_picture, scene, lang=lang)
        caption = t(lang, "review.picture", name=names[judged.seat], **moment(made.game, judged, lang))
        media.append(InputMediaPhoto(picture, caption=caption[:1000]))
    return media
