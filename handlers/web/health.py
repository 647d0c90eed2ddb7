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
    standby: bool = False  # waiting for the owner's tables: it takes updates for it meanwhile

    @property
    def ok(self) -> bool:
        return all(state == "ok" for state in self.parts.values())

    def body(self) -> dict[str, object]:
        failing = sorted(part for part, state in self.parts.items() if state != "ok")
        status = "failing" if not self.ok else "standby" if self.standby else "ok"
        return {"status": status, "failing": failing, "parts": self.parts}


def health(referee: Referee | None, api: BotApiHealth, standby: bool = False) -> Health:
    """`referee` is None until the bot has started (the store opened, tables recovered).
    `standby`: another process owns the tables; this one passes their updates on (a healthy
    standby is 200, so that a load balancer keeps sending it Telegram's updates)."""
    if standby:
        return Health({"bot_api": _api(api)}, standby=True)
    if referee is None:
        return Health({"store": "not open yet", "referee": "starting", "bot_api": _api(api)})
    now = referee.vitals()
    store = "refusing writes" if now.store_refusing else "ok"
    tables = "ok" if now.recovered else "recovering"
    return Health({"store": store, "referee": tables, "bot_api": _api(api)})


def _api(api: BotApiHealth) -> str:
    return "failing" if api.failing else "ok"
