"""The league's commands: `/top` (the group's ratings, `/top all` every group's), `/me`
(a player's card with their rating history; `/me @name` or in reply for another member) and the
words they share with the match-end line."""

from __future__ import annotations

from collections.abc import Callable

from telegram import MessageEntity, Update

from engine.errors import Refused
from engine.referee import QUICK, GameProfile, Met, Profile
from handlers.announce import rater_name, shown, with_provisional_note
from handlers.context import Context
from handlers.drawing import drawn
from handlers.games import ui
from handlers.i18n import t
from handlers.incoming import chat_of, command_args, is_private, message, reply, user_id
from handlers.membership import is_member
from handlers.services import Services
from render.profile import GameCard, ProfileCard, profile_card


async def top(update: Update, context: Context, found: Services, lang: str) -> None:
    """The group's raters by rating, best first; `/top all` (and `/top` in private): every
    group's together; `/top quick`: the quick tables' league."""
    asked = (command_args(update)[:1] or ["all" if is_private(update) else ""])[0].lower()
    scope = {"all": None, "quick": QUICK}.get(asked, None if is_private(update) else chat_of(update).id)
    boards = await found.referee.leaderboard(scope)
    names = {row.rater: row.name for rows in boards.values() for row in rows}
    lines = []
    for game, rows in boards.items():
        if not rows:
            continue
        title = {None: "league.top_title_all", QUICK: "league.top_title_quick"}.get(scope, "league.top_title")
        lines.append(t(lang, title, game=t(lang, f"game.{game}")))
        lines += [
            t(
                lang,
                "league.top_line" if row.rater > 0 else "league.top_line_bot",  # bots keep no stats
                rank=i + 1,
                name=rater_name(row.rater, names.__getitem__, lang),
                rating=shown(row.rating, row.provisional),
                matches=row.matches,
                wins=row.wins,
                points=row.points,
            )
            for i, row in enumerate(rows)
        ]
    provisional = any(row.provisional for rows in boards.values() for row in rows)
    text = with_provisional_note("\n".join(lines), provisional, lang) if lines else t(lang, "league.top_none")
    await reply(update, text)


async def me(update: Update, context: Context, found: Services, lang: str) -> None:
    """The asker's card in this group (in private: across every group); `/me @name` or `/me` in
    reply to someone: that member's — Telegram must say they are in the group."""
    player = await _whose(update, found)
    if is_private(update):
        if player != user_id(update):  # another's card is only shown in a group they share
            raise Refused("not_in_group")
        group, scope = None, t(lang, "picture.everywhere")
    else:
        group = chat_of(update).id
        scope = chat_of(update).title or ""
        if player != user_id(update) and not await is_member(context, group, player):
            raise Refused("not_in_group")
    profile = await found.referee.profile(player, group)
    # in private, the quick tables' league too: rated apart from every group's
    quick = await found.referee.profile(player, QUICK) if group is None else None
    if profile is None and quick is None:
        if player == user_id(update):
            await reply(update, t(lang, "league.me_none"))
        else:
            await reply(update, t(lang, "league.them_none", name=await found.name_of(player)))
        return
    for shown_profile, where in ((profile, scope), (quick, t(lang, "picture.quick_league"))):
        if shown_profile is not None:
            await message(update).reply_photo(await _card(shown_profile, where, lang))


async def _card(profile: Profile, scope: str, lang: str) -> bytes:
    names = {met.rater: met.name for g in profile.games for met in (*g.teammates, *g.opponents)}
    card = profile_card_of(profile, scope, lambda rater: rater_name(rater, names.__getitem__, lang), lang)
    return await drawn(profile_card, card, lang=lang)


async def _whose(update: Update, found: Services) -> int:
    """The player `/me` is about: the one replied to, the one mentioned, else the asker."""
    said = message(update)
    replied = said.reply_to_message
    if replied is not None and replied.from_user is not None and not replied.from_user.is_bot:
        return replied.from_user.id
    for entity in said.entities:
        if entity.type == MessageEntity.TEXT_MENTION and entity.user is not None:
            return entity.user.id
        if entity.type == MessageEntity.MENTION:
            name = said.parse_entity(entity)
            player = await found.referee.player_named(name)
            if player is None:
                raise Refused("unknown_player", name=name[:40])
            return player
    return user_id(update)


def profile_card_of(profile: Profile, scope: str, name_of: Callable[[int], str], lang: str) -> ProfileCard:
    """The card's words: `name_of(rater)` names a teammate or an opponent (players and bots)."""
    return ProfileCard(profile.name, scope, tuple(_game_card(g, name_of, lang) for g in profile.games))


def _game_card(game: GameProfile, name_of: Callable[[int], str], lang: str) -> GameCard:
    shows = ui(game.game)
    average = ""
    if shows.profile_average == "place" and game.average_place is not None:
        average = t(lang, "picture.average_place", place=f"{game.average_place:.1f}")
    elif shows.profile_average == "score" and game.average_score is not None:
        average = t(lang, "picture.average_score", score=f"{game.average_score:+.0f}")
    counts = tuple((key, game.tallies.get(key, 0)) for key in shows.profile_counts)
    return GameCard(
        game.game,
        shown(game.rating, game.provisional),
        game.rated,
        game.matches,
        game.wins,
        average,
        counts,
        game.history,
        tuple(_met(m, name_of) for m in game.teammates),
        tuple(_met(m, name_of) for m in game.opponents),
        shows.sheet_teams or bool(game.teammates),  # every seat alone: no teammates to name
    )


def _met(met: Met, name_of: Callable[[int], str]) -> str:
    return f"{name_of(met.rater)} ({met.better}/{met.matches})"
