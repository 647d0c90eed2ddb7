"""`GET /healthz`: whether this bot can do its job now — the store takes writes, the referee has
recovered its tables, the Bot API answers. 200 with each part "ok", or 503 naming what fails.
Nothing else: no secret, no table, no player."""

from __future__ import annotations

from dataclasses import dataclass

from engine.referee import Referee
from handlers.metrics import BotApiHealth


@dataclass(frozen=True, slots=True)
class Health:
    parts: dict[str, str]  # part → "ok" or what is wrong with it

    @property
    def ok(self) -> bool:
        return all(state == "ok" for state in self.parts.values())

    def body(self) -> dict[str, object]:
        failing = sorted(part for part, state in self.parts.items() if state != "ok")
        return {"status": "ok" if self.ok else "failing", "failing": failing, "parts": self.parts}


def health(referee: Referee | None, api: BotApiHealth) -> Health:
    """`referee` is None until the bot has started (the store opened, tables recovered)."""
    if referee is None:
        return Health({"store": "not open yet", "referee": "starting", "bot_api": _api(api)})
    now = referee.vitals()
    store = "refusing writes" if now.store_refusing else "ok"
    tables = "ok" if now.recovered else "recovering"
    return Health({"store": store, "referee": tables, "bot_api": _api(api)})


def _api(api: BotApiHealth) -> str:
    return "failing" if api.failing else "ok"
