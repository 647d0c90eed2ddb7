"""Where one bot keeps its shared state in Redis (`REDIS_URL`): under its id."""

from __future__ import annotations


def bot_prefix(token: str) -> str:
    """The bot's keys in Redis: its id, the public part of its token, never the secret."""
    return f"telegram:{token.split(':', 1)[0]}"
