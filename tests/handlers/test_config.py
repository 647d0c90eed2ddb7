"""The environment docs/operating.md documents, read by `handlers.config.load` (the webhook's
secret, where the HTTP server listens, and one clear line for each bad value)."""

from __future__ import annotations

import pytest

from handlers.config import ConfigError, derived_secret, load

TOKEN = "123456:secret-part"


def test_polling_is_the_default_and_serves_no_http_unless_asked() -> None:
    config = load({"BOT_TOKEN": TOKEN})
    assert config.webhook_url is None and not config.http
    served = load({"BOT_TOKEN": TOKEN, "HTTP_PORT": "9100"})
    assert served.http and (served.http_host, served.port) == ("127.0.0.1", 9100)
    assert load({"BOT_TOKEN": TOKEN, "HTTP_PORT": "9100", "HTTP_HOST": "0.0.0.0"}).http_host == "0.0.0.0"


def test_a_webhook_listens_on_port_on_every_address_with_a_secret_from_the_token() -> None:
    config = load({"BOT_TOKEN": TOKEN, "WEBHOOK_URL": "https://bot.example.org/tg/hook"})
    assert config.http and (config.http_host, config.port) == ("0.0.0.0", 8443)
    assert config.webhook_path == "/tg/hook"
    assert config.webhook_secret == derived_secret(TOKEN) and TOKEN.split(":")[1] not in config.webhook_secret
    assert derived_secret("654321:other") != config.webhook_secret
    assert len(config.webhook_secret) <= 256 and config.webhook_secret.isalnum()
    other = load(
        {"BOT_TOKEN": TOKEN, "WEBHOOK_URL": "https://h.example", "PORT": "80", "WEBHOOK_SECRET": "a_B-9"}
    )
    assert (other.port, other.webhook_secret, other.webhook_path) == (80, "a_B-9", "/")


@pytest.mark.parametrize(
    ("env", "says"),
    [
        ({"WEBHOOK_URL": "http://plain.example/hook"}, "https://"),
        ({"WEBHOOK_URL": "https://h.example/healthz"}, "must not be"),
        ({"WEBHOOK_URL": "https://h.example/x", "WEBHOOK_SECRET": "has space"}, "WEBHOOK_SECRET"),
        ({"WEBHOOK_URL": "https://h.example/x", "WEBHOOK_SECRET": "x" * 257}, "1-256"),
        (
            {"WEBHOOK_URL": "https://h.example/x", "PORT": "8443", "HTTP_PORT": "9100"},
            "leave HTTP_PORT unset",
        ),
        ({"HTTP_PORT": "0"}, "HTTP_PORT must be between 1 and 65535"),
        ({"HTTP_PORT": "web"}, "HTTP_PORT must be a number"),
    ],
)
def test_a_bad_setting_is_one_clear_line(env: dict[str, str], says: str) -> None:
    with pytest.raises(ConfigError, match=says):
        load({"BOT_TOKEN": TOKEN, **env})


def test_metrics_may_leave_the_public_port_for_an_address_of_their_own() -> None:
    """A webhook binds 0.0.0.0, and /metrics was served on that public port."""
    hooked = {"BOT_TOKEN": TOKEN, "WEBHOOK_URL": "https://bot.example.org/tg/hook"}
    assert load(hooked).metrics_port is None  # unset: /metrics on the one port, as before
    config = load({**hooked, "METRICS_PORT": "9100"})
    assert (config.metrics_host, config.metrics_port, config.port) == ("127.0.0.1", 9100, 8443)
    assert load({**hooked, "METRICS_PORT": "9100", "METRICS_HOST": "10.0.0.5"}).metrics_host == "10.0.0.5"
    for bad, says in (
        ({**hooked, "METRICS_PORT": "8443"}, "must differ"),
        ({"BOT_TOKEN": TOKEN, "METRICS_PORT": "9100"}, "needs the HTTP server"),
        ({**hooked, "METRICS_PORT": "x"}, "must be a number"),
    ):
        with pytest.raises(ConfigError, match=says):
            load(bad)


def test_the_apps_short_name_needs_the_app_and_botfathers_form() -> None:
    app = {"BOT_TOKEN": TOKEN, "HTTP_PORT": "9100", "WEBAPP_URL": "https://bot.example.org/app/"}
    assert load({**app, "WEBAPP_NAME": "table"}).webapp_name == "table"
    assert load(app).webapp_name is None
    with pytest.raises(ConfigError, match="WEBAPP_NAME needs WEBAPP_URL"):
        load({"BOT_TOKEN": TOKEN, "WEBAPP_NAME": "table"})
    for bad in ("ab", "table/x", "a" * 31, "t?startapp=1"):
        with pytest.raises(ConfigError, match="WEBAPP_NAME must be"):
            load({**app, "WEBAPP_NAME": bad})


def test_the_store_is_the_file_unless_a_postgresql_database_is_named() -> None:
    assert load({"BOT_TOKEN": TOKEN}).store == "gouji-bot.sqlite3"
    url = "postgresql://bot:s3cret@db.internal:5432/cards"
    config = load({"BOT_TOKEN": TOKEN, "DATABASE_URL": url, "DATABASE_PATH": "x.sqlite3"})
    assert config.store == url
    assert config.store_shown == "postgresql://bot:***@db.internal:5432/cards"  # logs never hold it
    with pytest.raises(ConfigError, match="postgresql://"):
        load({"BOT_TOKEN": TOKEN, "DATABASE_URL": "mysql://bot@db/cards"})


def test_redis_url_shares_telegrams_limits_and_a_bad_one_is_refused_without_its_password() -> None:
    from handlers.app import default_limiter

    assert load({"BOT_TOKEN": TOKEN}).redis_url is None
    assert default_limiter(load({"BOT_TOKEN": TOKEN})).shared is None
    config = load({"BOT_TOKEN": TOKEN, "REDIS_URL": "redis://:pw@cache.internal:6379/2"})
    limiter = default_limiter(config)
    assert limiter.shared is not None and config.redis_url == "redis://:pw@cache.internal:6379/2"
    with pytest.raises(ConfigError, match="redis://") as refused:
        load({"BOT_TOKEN": TOKEN, "REDIS_URL": "http://bot:hunter2@cache/0"})
    assert "hunter2" not in str(refused.value)
