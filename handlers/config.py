"""The bot's configuration from the environment. A missing or bad value is one clear line and a
non-zero exit (`ConfigError` carries the line; `bot.py` prints it)."""

from __future__ import annotations

import hashlib
import hmac
import logging
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from data.pgstore import shown_address

DEFAULT_API = "https://api.telegram.org"
DEFAULT_PORT = 8443
SECRET = re.compile(r"[A-Za-z0-9_-]{1,256}")  # what Telegram takes as a webhook's secret_token
RESERVED_PATHS = ("/healthz", "/metrics", "/api/", "/app/")  # the server's own pages


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
    port: int  # where the HTTP server listens: PORT with a webhook, HTTP_PORT without
    webhook_secret: str = ""  # X-Telegram-Bot-Api-Secret-Token: WEBHOOK_SECRET, or derived from the token
    http_host: str = "127.0.0.1"  # HTTP_HOST; 0.0.0.0 by default with a webhook (a proxy or container)
    http: bool = False  # whether the HTTP server runs: with a webhook, or HTTP_PORT set
    webapp_url: str | None = None  # WEBAPP_URL: the Mini App's public base, ending in "/"
    # WEBAPP_NAME: the Mini App's short name, registered with BotFather (/newapp): links then
    # open the page at once (t.me/<bot>/<name>?startapp=…) instead of through the private chat
    webapp_name: str | None = None
    # METRICS_PORT: /metrics (and /healthz) on an address of their own, METRICS_HOST (127.0.0.1
    # by default), and then /metrics is not served on the public port
    metrics_port: int | None = None
    metrics_host: str = "127.0.0.1"
    # SEARCH_CLUSTER: a Dask scheduler (tcp://host:8786) whose workers think for the searching
    # bots (docs/scaling.md); unset: worker processes on this machine. SEARCH_WORKERS: searches
    # at once (beyond, the heuristic answers); 0: this machine's cores less one, or 16 on a cluster
    search_cluster: str | None = None
    search_workers: int = 0
    # QUICK_WAIT: seconds the oldest in a quick tables' pool waits before bots take the empty seats
    quick_wait: float = 60.0
    # DATABASE_URL: a PostgreSQL database (postgresql://user:password@host/name) instead of the file
    database_url: str | None = None
    # REDIS_URL: where every process of this bot token shares Telegram's limits, the updates
    # waiting for the process that owns the tables, and that process's address (redis://…)
    redis_url: str | None = None
    # PEER_URL: where the bot's other processes reach this one's HTTP server (http://host:port),
    # to forward the Mini App's calls while it owns the tables; unset: this machine's address
    peer_url: str | None = None

    @property
    def store(self) -> str:
        """What `Store.open` is given: the PostgreSQL address, else the SQLite file."""
        return self.database_url or str(self.database)

    @property
    def store_shown(self) -> str:
        """The store as a log may name it: a PostgreSQL address without its password."""
        return shown_address(self.store)

    @property
    def webapp_path(self) -> str:
        """Where the server serves the Mini App's page: WEBAPP_URL's path."""
        return urlsplit(self.webapp_url).path if self.webapp_url else ""

    @property
    def webhook_path(self) -> str:
        """The path updates are POSTed to: WEBHOOK_URL's own."""
        return (urlsplit(self.webhook_url).path or "/") if self.webhook_url else ""

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
    if webhook and (urlsplit(webhook).path or "/").startswith(RESERVED_PATHS):
        raise ConfigError(f"WEBHOOK_URL's path must not be one of {', '.join(RESERVED_PATHS)}")
    secret = env.get("WEBHOOK_SECRET", "").strip()
    if secret and not SECRET.fullmatch(secret):
        raise ConfigError("WEBHOOK_SECRET must be 1-256 letters, digits, _ or - (as Telegram allows)")
    http_port = env.get("HTTP_PORT", "").strip()
    if webhook and http_port and http_port != (env.get("PORT", "").strip() or str(DEFAULT_PORT)):
        raise ConfigError("with WEBHOOK_URL everything is served on PORT: leave HTTP_PORT unset")
    port = _number(env, "PORT" if webhook else "HTTP_PORT", DEFAULT_PORT, 1, 65535)
    webapp, name = _mini_app(env, served=bool(webhook or http_port))
    metrics = env.get("METRICS_PORT", "").strip()
    metrics_port = int(_number(env, "METRICS_PORT", 0, 1, 65535)) if metrics else None
    if metrics_port is not None and not (webhook or http_port):
        raise ConfigError("METRICS_PORT needs the HTTP server: set HTTP_PORT (or WEBHOOK_URL)")
    if metrics_port == int(port):
        raise ConfigError("METRICS_PORT must differ from the port the bot serves on")
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
        port=int(port),
        webhook_secret=secret or derived_secret(token),
        http_host=env.get("HTTP_HOST", "").strip() or ("0.0.0.0" if webhook else "127.0.0.1"),
        http=bool(webhook or http_port),
        webapp_url=webapp,
        webapp_name=name,
        metrics_port=metrics_port,
        metrics_host=env.get("METRICS_HOST", "").strip() or "127.0.0.1",
        quick_wait=_number(env, "QUICK_WAIT", 60.0, 5.0, 3600.0),
        database_url=_address(
            env, "DATABASE_URL", ("postgresql://", "postgres://"), "unset: the SQLite file DATABASE_PATH"
        ),
        redis_url=_address(
            env, "REDIS_URL", ("redis://", "rediss://", "unix://"), "unset: this process's own limits"
        ),
        peer_url=_address(env, "PEER_URL", ("http://", "https://"), "unset: this machine's address and port"),
        **_search(env),
    )


def _search(env: Mapping[str, str]) -> dict[str, Any]:
    cluster = env.get("SEARCH_CLUSTER", "").strip() or None
    if cluster and not cluster.startswith(("tcp://", "tls://")):
        raise ConfigError(f"SEARCH_CLUSTER must be a Dask scheduler's tcp:// or tls:// address: {cluster!r}")
    workers = int(_number(env, "SEARCH_WORKERS", 0, 0, 1024))
    return {"search_cluster": cluster, "search_workers": workers}


def _address(env: Mapping[str, str], name: str, schemes: tuple[str, ...], unset: str) -> str | None:
    """An address setting: one of `schemes`, or unset (`unset` says what then). A wrong one is
    refused, told without its password."""
    url = env.get(name, "").strip() or None
    if url and not url.startswith(schemes):
        raise ConfigError(
            f"{name} must be a {' or '.join(schemes)} address ({unset}), not {shown_address(url)!r}"
        )
    return url


APP_NAME = re.compile(r"[A-Za-z0-9_]{3,30}")  # what BotFather accepts as a Mini App's short name


def _mini_app(env: Mapping[str, str], served: bool) -> tuple[str | None, str | None]:
    """WEBAPP_URL (ending in "/", under /app/, on a served HTTP server) and WEBAPP_NAME."""
    webapp = env.get("WEBAPP_URL", "").strip() or None
    if webapp:
        webapp = webapp if webapp.endswith("/") else webapp + "/"  # the page's assets are beside it
        if not webapp.startswith("https://"):
            raise ConfigError(f"WEBAPP_URL must be an https:// address, not {webapp!r}")
        if not served:
            raise ConfigError("WEBAPP_URL needs the HTTP server: set HTTP_PORT (or WEBHOOK_URL)")
        if not urlsplit(webapp).path.startswith("/app/"):
            raise ConfigError("WEBAPP_URL's path must start with /app/ (e.g. https://host/app/)")
    name = env.get("WEBAPP_NAME", "").strip() or None
    if name and not webapp:
        raise ConfigError("WEBAPP_NAME needs WEBAPP_URL: the app's short name opens that page")
    if name and not APP_NAME.fullmatch(name):
        raise ConfigError(f"WEBAPP_NAME must be a short name of 3-30 letters, digits or _, not {name!r}")
    return webapp, name


def derived_secret(token: str) -> str:
    """A webhook secret nobody can guess without the token, the same at every start (a restart
    keeps the webhook Telegram already has): 64 hex digits, within what Telegram allows."""
    return hmac.new(token.encode(), b"webhook secret", hashlib.sha256).hexdigest()


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
