"""Where one bot keeps its shared state in Redis (`REDIS_URL`): under its id, through clients
that never wait on Redis for long."""

from __future__ import annotations

import logging

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


class Reach:
    """Whether Redis answered one user's last call. An outage is said once, when it begins
    (WARNING, with the error), and once when Redis answers again (INFO, when `again` is given),
    not at every call that fails meanwhile."""

    def __init__(self, log: logging.Logger, lost: str, again: str | None = None) -> None:
        """`lost`: the warning, with one %s for the error; `again`: the line when it answers."""
        self.log, self.lost, self.again = log, lost, again
        self.reachable = True

    def failed(self, error: Exception) -> None:
        if self.reachable:
            self.log.warning(self.lost, error)
        self.reachable = False

    def answered(self) -> None:
        if not self.reachable and self.again is not None:
            self.log.info(self.again)
        self.reachable = True
