"""The log never shows the bot's token: python-telegram-bot logs the Bot API URL (which holds it)
at DEBUG, and an error may quote a URL. A filter on every handler of the root logger rewrites it."""

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


def hide_token(token: str, logger: logging.Logger | None = None) -> None:
    """Installs the redactor on every handler of `logger` (the root logger by default)."""
    for handler in (logger or logging.getLogger()).handlers:
        if not any(isinstance(f, TokenRedactor) for f in handler.filters):
            handler.addFilter(TokenRedactor(token))
