"""What the referee shows the operator's side (`/healthz`, `/metrics`) of itself: one typed
snapshot, so the interface reads no collaborator of the referee."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from engine.referee.core import RefereeCore


@dataclass(frozen=True, slots=True)
class Vitals:
    store_refusing: bool  # the store refuses writes (a full disk …): tables are paused
    recovered: bool  # every stored table is loaded again after a start
    moves: Mapping[tuple[str, str], int]  # (game, actor) → moves made since the start
    tables: Mapping[str, int]  # lobby / running / finished / paused → tables in memory
    outbox: int  # notices not yet told
    searching: int  # bot searches running in the worker processes
    refused: Mapping[str, int]  # searches the heuristic answered instead, by reason
    store_faults: int  # writes the store refused since the start


def vitals(core: RefereeCore) -> Vitals:
    states = {state: 0 for state in ("lobby", "running", "finished")}
    for table in core.tables.values():
        states[table.status] = states.get(table.status, 0) + 1
    states["paused"] = len(core.paused_tables)
    return Vitals(
        store_refusing=core.tally.store_failing or core.paused_since is not None,
        recovered=core.tally.recovered,
        moves=dict(core.tally.moves),
        tables=states,
        outbox=core.outbox.pending(),
        searching=core.thinkers.busy,
        refused={reason: core.thinkers.refused[reason] for reason in ("busy", "late", "broken")},
        store_faults=core.tally.store_faults,
    )
