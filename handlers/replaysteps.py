"""A finished match's steps as players read them, for both doors that replay it — `/replay`'s
album (handlers/replays.py) and the Mini App's step-through view (handlers/web/replayview.py):
its title, the seats' names, the table after each step, what each step did and what it told."""

from __future__ import annotations

from collections.abc import Sequence

from engine.referee import MatchReplay, SeatView, TableView
from engine.replays import Step
from engine.views import RoundView
from handlers import announce
from handlers.games import move_label, ui
from handlers.i18n import t
from handlers.services import Services
from render.games import LOOKS


def replay_title(found: MatchReplay, lang: str) -> str:
    return t(
        lang,
        "replay.title",
        match=found.match_id,
        game=t(lang, f"game.{found.game}"),
        table=found.table_id,
        round=t(lang, f"picture.{LOOKS[found.game].round_label}", n=found.replay.number),
        rounds=found.replay.rounds,
    )


async def replay_names(found: Services, replay_of: MatchReplay, lang: str) -> list[str]:
    """Each seat's name as the match began (a leaver by name, not the bot that took over)."""
    return await found.names_of(replay_of.players, lang)


def step_view(found: MatchReplay, step: Step) -> TableView:
    """The table as it stood after the step, as the table picture and the page draw it (a set
    or a trick the step completed still on it: the game's `replay_public`)."""
    public = ui(found.game).replay_public(step.public, step.events)
    return finished_view(
        found.game, found.table_id, found.group_id, found.options, found.players, public, step.totals
    )


def finished_view(
    game: str,
    table_id: int,
    group_id: int,
    options: dict[str, object],
    players: Sequence[int | None],
    public: RoundView,
    totals: tuple[int, ...],
) -> TableView:
    """An ended match's table at one moment of it (a replay's step, a drill's position)."""
    seats = tuple(SeatView(s, p, None, False, 0) for s, p in enumerate(players))
    return TableView(
        id=table_id,
        group_id=group_id,
        game=game,
        status="finished",
        version=0,
        creator=None,
        time_control="",
        move_seconds=0.0,
        options=dict(options),
        seats=seats,
        to_act=public.to_act,
        deadline_at=None,
        match_no=0,
        totals=totals,
        public=public,
    )


def step_notes(found: MatchReplay, step: Step, names: Sequence[str], lang: str) -> list[str]:
    """What the step did that matters, as the group was told it (烧, 开点, 闷, finishes …)."""
    people = {player: names[seat] for seat, player in enumerate(found.players) if player is not None}
    named, extra = (lambda player: people.get(player, "?")), ui(found.game).replay_line
    out = []
    for event in step.events:  # in the order they happened: the last trick before the deal's end
        out += announce.lines([event], names, named, lang, hints=False)
        line = extra(event, names, lang)
        out += [line] if line else []
    return out


def step_words(found: MatchReplay, step: Step, names: Sequence[str], lang: str) -> str:
    """Who did what: "Alice: 9 9 9 2", "Bob: pass (timed out)"."""
    if step.kind == "deal":
        return t(lang, "replay.dealt")
    who = names[step.seat] if 0 <= step.seat < len(names) else t(lang, "replay.referee")
    what = move_label(step.move, lang, found.game) if step.kind == "move" else t(lang, f"replay.{step.kind}")
    how = t(lang, f"replay.by_{step.actor}") if step.actor in ("autopilot", "timeout") else ""
    return t(lang, "replay.step", who=who, what=what) + how
