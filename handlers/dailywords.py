"""The daily deal's words, shared by `/daily` and the news of a finished daily deal: a player's
standing, and a group's players' places."""

from __future__ import annotations

from collections.abc import Sequence

from engine.referee import Place, Referee, Standing
from handlers.announce import signed
from handlers.i18n import listed, t


def standing_text(standing: Standing, lang: str) -> str:
    """Your score on the day's deal and the share of the others you beat; then each group's places."""
    game = t(lang, f"game.{standing.game}")
    mine = standing.mine
    others = standing.finished - 1
    if others:
        head = t(lang, "daily.standing", game=game, day=standing.day, score=signed(mine.score),
                 share=_percent(mine.share), others=others)  # fmt: skip
    else:
        head = t(lang, "daily.first", game=game, day=standing.day, score=signed(mine.score))
    lines = [head]
    for group in standing.groups:
        ranked = " · ".join(
            _placed(place_of(p, group.places), p, standing.mine.player, lang) for p in group.places
        )
        lines.append(t(lang, "daily.in_group", group=group.title, places=ranked))
    return "\n".join(lines)


def place_of(place: Place, places: Sequence[Place]) -> int:
    """1 for the best score; equal scores share a place."""
    return 1 + sum(1 for other in places if other.score > place.score)


def _placed(rank: int, place: Place, me: int, lang: str) -> str:
    name = t(lang, "daily.you") if place.player == me else place.name
    return f"{rank}. {name} {_percent(place.share)} ({signed(place.score)})"


def _percent(share: float) -> str:
    return f"{round(100 * share)} %"


async def places_text(referee: Referee, group: int, day: str, lang: str) -> str:
    """The group's players' places on the day's deals, one line a game; '' when none played."""
    places = await referee.daily_places(group, day)
    if not places:
        return ""
    lines = [t(lang, "daily.group_title", day=day)]
    for game, ranked in places.items():
        told = listed(lang, (f"{p.name} {_percent(p.share)}" for p in ranked))
        lines.append(t(lang, "daily.group_game", game=t(lang, f"game.{game}"), places=told))
    return "\n".join(lines)
