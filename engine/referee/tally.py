"""What the referee counts for its operator (`/metrics`, `/healthz`): plain numbers, cheap to keep
on every commit; `handlers/metrics.py` turns them into Prometheus metrics when scraped, so the
referee needs no metrics library and tests read them as they are."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

from data.records import MoveRow


@dataclass
class Tally:
    moves: Counter[tuple[str, str]] = field(default_factory=Counter)  # (game, actor) → moves committed
    store_faults: int = 0  # writes the store refused (a commit or a heartbeat)
    store_failing: bool = False  # the last write the store was asked for failed
    recovered: bool = False  # every stored table was loaded and its clock re-armed

    def committed(self, game: str, rows: Iterable[MoveRow]) -> None:
        """A change's log rows are saved: its moves count by who made them (player, bot,
        autopilot, timeout); a timeout's own marker row and a stop or forfeit are no moves."""
        for row in rows:
            if row.kind == "move":
                self.moves[game, row.actor] += 1

    def write(self, ok: bool) -> None:
        self.store_failing = not ok
        if not ok:
            self.store_faults += 1
