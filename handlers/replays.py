"""`/replay`: a finished match step by step. With the Mini App served, a button that
opens its step-through view (through the bot's private chat, where a member of the group gets
the Mini App's button, as for watching); without it, an album of the last hand: every hand face
up as dealt, then the table at its key moments (each 烧, 开点, 闷, finish … told under it).

A running match is never replayed: the referee refuses it (its hands are secret)."""

from __future__ import annotations

from collections.abc import Sequence

from telegram import InlineKeyboardButton, InlineKeyboardMarkup, InputMediaPhoto, Update, WebAppInfo

import render
from engine.errors import Refused
from engine.referee import MatchReplay
from engine.replays import Step
from handlers.context import Context
from handlers.drawing import drawn
from handlers.i18n import t
from handlers.incoming import chat_of, command_args, message, reply, user_id
from handlers.membership import is_member
from handlers.replaysteps import replay_names, replay_title, step_notes, step_view, step_words
from handlers.services import Services
from render.replay import hands_face_up

ALBUM = 7  # the hands as dealt and six moments: each photo counts in the group's 20 messages a minute
DIGITS = 12


def number_arg(words: Sequence[str], index: int) -> int | None:
    """The `index`th word as a number (None when absent); anything else is refused."""
    if len(words) <= index:
        return None
    word = words[index]
    if not word.isdigit() or len(word) > DIGITS:
        raise Refused("no_replay")
    return int(word)


async def replay(update: Update, context: Context, found: Services, lang: str) -> None:
    """`/replay` the group's last ended match; `/replay N` match N; `/replay N H` its hand H."""
    words = command_args(update)
    match_id, round_no = number_arg(words, 0), number_arg(words, 1)
    found_replay = await found.referee.replay(chat_of(update).id, match_id, round_no)
    title = replay_title(found_replay, lang)
    link = replay_link(found, found_replay.match_id)
    if link is not None:
        button = InlineKeyboardButton(t(lang, "replay.open"), url=link)
        await reply(update, title, reply_markup=InlineKeyboardMarkup([[button]]))
        return
    names = await replay_names(found, found_replay, lang)  # the album's captions only
    await message(update).reply_media_group(await album(found_replay, names, title, lang))


def replay_link(found: Services, match_id: int) -> str | None:
    """The link that opens the match's replay page (None without the Mini App): with the app's
    short name the page opens at once; else through the private chat, whose /start answers
    members of the group with the page's button."""
    if not (found.webapp_url and found.username):
        return None
    if found.webapp_name:
        return f"https://t.me/{found.username}/{found.webapp_name}?startapp=r{match_id}"
    return f"https://t.me/{found.username}?start=r{match_id}"


async def open_in_app(update: Update, context: Context, found: Services, lang: str, match_id: int) -> None:
    """The group's replay link followed (`/start r<match>`): a member of the match's group gets
    the Mini App's button; anyone else the same answer as a bad link."""
    try:
        found_replay = await found.referee.replay(None, match_id)
    except Refused:
        found_replay = None
    if found_replay is None or not await is_member(context, found_replay.group_id, user_id(update)):
        await reply(update, t(lang, "lobby.link_invalid"))
        return
    assert found.webapp_url
    page = WebAppInfo(f"{found.webapp_url}?r={match_id}")
    button = InlineKeyboardButton(t(lang, "replay.open"), web_app=page)
    await reply(update, replay_title(found_replay, lang), reply_markup=InlineKeyboardMarkup([[button]]))


def key_moments(found: MatchReplay, names: Sequence[str], lang: str, most: int) -> list[tuple[Step, str]]:
    """The steps that made news (a line the group was told), at most `most`, spread over the
    hand; the hand's last step always among them."""
    steps = found.replay.steps
    news = [(step, "\n".join(step_notes(found, step, names, lang))) for step in steps[1:]]
    told = [(step, words) for step, words in news if words]
    # the hand's end, though it made no news (its notes, already made; a hand of no move: the deal)
    last = news[-1] if news else (steps[-1], "\n".join(step_notes(found, steps[-1], names, lang)))
    if not told or told[-1][0] is not last[0]:
        told.append(last)
    if len(told) <= most:
        return told
    picked = sorted({round(i * (len(told) - 1) / (most - 1)) for i in range(most)})
    return [told[i] for i in picked]


async def album(found: MatchReplay, names: list[str], title: str, lang: str) -> list[InputMediaPhoto]:
    first = found.replay.steps[0]
    dealt = await drawn(hands_face_up, found.game, title, tuple(names), first.hands, lang=lang)
    media = [InputMediaPhoto(dealt, caption=f"{title}\n{t(lang, 'replay.dealt')}")]
    for step, news in key_moments(found, names, lang, ALBUM - 1):
        scene = render.table_scene(step_view(found, step), names, 0.0)
        picture = await drawn(render.table_picture, scene, lang=lang)
        caption = step_words(found, step, names, lang) + (f"\n{news}" if news else "")
        media.append(InputMediaPhoto(picture, caption=caption[:1000]))
    return media
