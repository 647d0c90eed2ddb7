"""`/quick <game> [preset] [pace]` in the private chat: a seat at a quick table with anyone who
asks for the same game, rules and pace; `/cancel` leaves the pool. The words after the game may
come in any order; `/quick` alone says what each pool holds."""

from __future__ import annotations

from telegram import Update

from engine.errors import Refused
from engine.games import GAMES
from engine.referee import DEFAULT_PRESET, PACES, Queued, presets_of
from handlers.context import Context
from handlers.games import either
from handlers.i18n import t
from handlers.incoming import command_args, reply, user_id
from handlers.services import Services
from handlers.settings import value_label


async def quick(update: Update, context: Context, found: Services, lang: str) -> None:
    args = [word.lower() for word in command_args(update)[:4]]
    if not args:
        await reply(update, await pools_text(found, lang))
        return
    game, words = args[0], args[1:]
    if game not in GAMES:
        raise Refused("unknown_game", game=game[:20], games=", ".join(GAMES))
    presets = presets_of(game)
    for word in words:
        if word not in presets and word not in PACES:
            raise Refused("quick_word", word=word[:20], presets=", ".join(presets), paces=", ".join(PACES))
    preset = next((word for word in words if word in presets), None)
    pace = next((word for word in words if word in PACES), None)
    player = user_id(update)
    await found.open_private_chat(player)  # they wrote here: the table's messages can come
    queued = await found.referee.enter_pool(player, game, preset, pace)
    await reply(update, queued_text(queued, found.referee.now(), lang))


def has_presets(game: str) -> bool:
    """Whether the game's pools differ by rules (a game's variants), not by pace alone."""
    return presets_of(game) != (DEFAULT_PRESET,)


def pool_name(lang: str, game: str, preset: str, pace: str) -> str:
    """The game · its preset · the pace: the pool as players read it (a game without presets: no preset)."""
    parts = [t(lang, f"game.{game}")]
    if has_presets(game):
        parts.append(value_label(lang, preset))
    return " · ".join([*parts, value_label(lang, pace)])


def queued_text(queued: Queued, now: float, lang: str) -> str:
    name = pool_name(lang, queued.game, queued.preset, queued.pace)
    if queued.seated:
        return t(lang, "quick.seated", pool=name)
    return t(
        lang,
        "quick.waiting",
        pool=name,
        waiting=queued.waiting,
        seats=queued.seats,
        seconds=max(0, round(queued.fills_at - now)),
    )


async def pools_text(found: Services, lang: str) -> str:
    """How to ask, and how many wait in each pool now."""
    waiting = await found.referee.pool_waiting()
    commands = either(lang, [f"/quick {game}" for game in GAMES])
    varied = [game for game in GAMES if has_presets(game)]
    presets = "; ".join(f"{t(lang, f'game.{game}')}: {', '.join(presets_of(game))}" for game in varied)
    example = next(
        (f"/quick {game} {presets_of(game)[-1]} {PACES[0]}" for game in varied),
        f"/quick {next(iter(GAMES))} {PACES[0]}",
    )
    lines = [
        t(lang, "quick.usage", commands=commands, presets=presets, paces=", ".join(PACES), example=example)
    ]
    if waiting:
        lines.append(t(lang, "quick.pools"))
        lines += [f"• {pool_name(lang, *key)}: {count}" for key, count in sorted(waiting.items())]
    else:
        lines.append(t(lang, "quick.pools_empty"))
    return "\n".join(lines)


async def cancel(update: Update, context: Context, found: Services, lang: str) -> None:
    """Out of the pool; said where they were waiting, or that they were not."""
    left = await found.referee.leave_pool(user_id(update))
    if left is None:
        await reply(update, t(lang, "quick.not_waiting"))
        return
    await reply(update, t(lang, "quick.cancelled", pool=pool_name(lang, *left.key)))
