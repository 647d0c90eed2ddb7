"""The log never shows the bot's token: python-telegram-bot logs the Bot API URL (which holds it)
at DEBUG, and an error may quote a URL. A filter on every handler of the root logger rewrites it.

A restart while people play is ordinary, so it logs no error: the poll still open at shutdown may
bring back updates, which python-telegram-bot drops with a CRITICAL line. They are not lost (their
offset was never confirmed, so the next start pulls them again); a filter logs them as a WARNING."""

from __future__ import annotations

import logging

HIDDEN = "<token>"


class TokenRedactor(logging.Filter):
    def __init__(self, token: str) -> None:
        super().__init__()
        self.token = token

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        if self.token in message:
            record.msg, record.args = message.replace(self.token, HIDDEN), ()
        if record.exc_info and not record.exc_text:  # a traceback quoting a URL
            record.exc_text = logging.Formatter().formatException(record.exc_info)
        if record.exc_text and self.token in record.exc_text:
            record.exc_text = record.exc_text.replace(self.token, HIDDEN)
        return True


SHUTDOWN_PULL = "Updater stopped unexpectedly. Pulled updates will be ignored"


class ShutdownPullNotice(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        if record.levelno > logging.WARNING and record.getMessage().startswith(SHUTDOWN_PULL):
            record.levelno, record.levelname = logging.WARNING, logging.getLevelName(logging.WARNING)
        return True


def calm_shutdown_pulls() -> None:
    """Installs `ShutdownPullNotice` on python-telegram-bot's updater logger, once."""
    logger = logging.getLogger("telegram.ext.Updater")
    if not any(isinstance(f, ShutdownPullNotice) for f in logger.filters):
        logger.addFilter(ShutdownPullNotice())


def hide_token(token: str, logger: logging.Logger | None = None) -> None:
    """Installs the redactor on every handler of `logger` (the root logger by default)."""
    for handler in (logger or logging.getLogger()).handlers:
        if not any(isinstance(f, TokenRedactor) for f in handler.filters):
            handler.addFilter(TokenRedactor(token))
