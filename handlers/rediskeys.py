"""Where one bot keeps its shared state in Redis (`REDIS_URL`): under its id, through clients
that never wait on Redis for long."""

from __future__ import annotations

from redis.asyncio import Redis

CONNECT_SECONDS = 2.0  # a Redis out of reach is known within this, not at the system's TCP timeout
ANSWER_SECONDS = 5.0  # an answer within this (a stream's blocking read asks for at most 1 s)


def bot_prefix(token: str) -> str:
    """The bot's keys in Redis: its id, the public part of its token, never the secret."""
    return f"telegram:{token.split(':', 1)[0]}"


def client(url: str) -> Redis:
    """A client of the bot's Redis: a silent server fails a call within the bounds above, and the
    caller goes on as when Redis is out of reach."""
    return Redis.from_url(url, socket_connect_timeout=CONNECT_SECONDS, socket_timeout=ANSWER_SECONDS)
