"""The bot's configuration from the environment. A missing or bad value is one clear line and a
non-zero exit (`ConfigError` carries the line; `bot.py` prints it)."""

from __future__ import annotations

import logging
import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

DEFAULT_API = "https://api.telegram.org"


class ConfigError(ValueError):
    pass


@dataclass(frozen=True, slots=True)
class Config:
    token: str
    database: Path
    api_url: str | None  # a self-hosted Bot API server
    move_delay: float  # seconds a bot waits before moving
    log_level: int
    webhook_url: str | None
    port: int  # where the webhook listens

    @property
    def base_url(self) -> str:
        return f"{self.api_url or DEFAULT_API}/bot"

    @property
    def base_file_url(self) -> str:
        return f"{self.api_url or DEFAULT_API}/file/bot"


def load(env: Mapping[str, str] = os.environ) -> Config:
    token = env.get("BOT_TOKEN", "").strip()
    if not token:
        raise ConfigError(
            "BOT_TOKEN is not set: create a bot with @BotFather and export BOT_TOKEN=<its token>"
        )
    if ":" not in token:
        raise ConfigError("BOT_TOKEN does not look like a bot token (<digits>:<letters>)")
    api = env.get("TELEGRAM_API_URL", "").strip().rstrip("/") or None
    if api and not api.startswith(("http://", "https://")):
        raise ConfigError(f"TELEGRAM_API_URL must start with http:// or https://, not {api!r}")
    webhook = env.get("WEBHOOK_URL", "").strip() or None
    if webhook and not webhook.startswith("https://"):
        raise ConfigError(f"WEBHOOK_URL must be an https:// address, not {webhook!r}")
    level = env.get("LOG_LEVEL", "INFO").strip().upper()
    if not isinstance(logging.getLevelName(level), int):
        raise ConfigError(f"LOG_LEVEL must be DEBUG, INFO, WARNING or ERROR, not {level!r}")
    return Config(
        token=token,
        database=Path(env.get("DATABASE_PATH", "").strip() or "gouji-bot.sqlite3"),
        api_url=api,
        move_delay=_number(env, "BOT_MOVE_DELAY", 1.0, 0.0, 60.0),
        log_level=logging.getLevelName(level),
        webhook_url=webhook,
        port=int(_number(env, "PORT", 8443, 1, 65535)),
    )


def _number(env: Mapping[str, str], name: str, default: float, low: float, high: float) -> float:
    raw = env.get(name, "").strip()
    if not raw:
        return default
    try:
        value = float(raw)
    except ValueError:
        raise ConfigError(f"{name} must be a number, not {raw!r}") from None
    if not low <= value <= high:
        raise ConfigError(f"{name} must be between {low:g} and {high:g}, not {raw}")
    return value
