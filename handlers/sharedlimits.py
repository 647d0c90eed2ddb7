"""Telegram's limits belong to the bot token, not to a process: with `REDIS_URL` set, every
process of one bot takes its calls' turns from one budget in Redis — the bot-wide bucket, each
group's window of messages, and the pause Telegram asks for with a 429, which then holds every
process. Each process still orders its own waiting calls by priority (`PriorityRateLimiter`);
Redis only says whether the token has room now, or how long until it has.

A turn is one Lua script, so two processes never both take the last slot. Times are the
callers' wall clocks (NTP keeps machines within milliseconds, far inside a 61 s window; a
clock behind another's never refills the bucket backwards). The keys carry the bot's id, the
public part of its token, and expire when idle. Redis out of reach: each process keeps to its
own limits alone, says so once in the log, and takes the shared budget again when it answers."""

from __future__ import annotations

import logging
import secrets
import time
from collections.abc import Callable

from redis.asyncio import Redis
from redis.exceptions import RedisError

from handlers.rediskeys import Reach, bot_prefix

log = logging.getLogger(__name__)

# KEYS: the bucket (a hash: tokens, at), the group's window (a sorted set of sending times, or
# the bucket's key again for a call outside groups), the pause's end.
# ARGV: now, rate, burst, the window's size and span (s), a member unique to this call.
# Returns "0" when the call may go (its token and slot taken), else the seconds to wait.
_TURN = """
local now = tonumber(ARGV[1])
local paused = tonumber(redis.call('GET', KEYS[3]) or '0')
if paused > now then return tostring(paused - now) end
local rate, burst = tonumber(ARGV[2]), tonumber(ARGV[3])
local state = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens, at = tonumber(state[1] or ARGV[3]), tonumber(state[2] or ARGV[1])
tokens = math.min(burst, tokens + math.max(0, now - at) * rate)
local wait = 0
if tokens < 1 then wait = (1 - tokens) / rate end
local grouped = KEYS[2] ~= KEYS[1]
local size, span = tonumber(ARGV[4]), tonumber(ARGV[5])
if grouped then
  redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now - span)
  if redis.call('ZCARD', KEYS[2]) >= size then
    local oldest = tonumber(redis.call('ZRANGE', KEYS[2], 0, 0, 'WITHSCORES')[2])
    wait = math.max(wait, oldest + span - now)
  end
end
local at_kept = math.max(now, at)
if wait > 0 then
  redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'at', tostring(at_kept))
  redis.call('EXPIRE', KEYS[1], 60)
  return tostring(wait)
end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens - 1), 'at', tostring(at_kept))
redis.call('EXPIRE', KEYS[1], 60)
if grouped then
  redis.call('ZADD', KEYS[2], now, ARGV[6])
  redis.call('EXPIRE', KEYS[2], math.ceil(span) + 1)
end
return '0'
"""
# KEYS: the pause's end. ARGV: its new end. Keeps the later of the two.
_PAUSE = """
local until_ = tonumber(ARGV[1])
if until_ > tonumber(redis.call('GET', KEYS[1]) or '0') then
  redis.call('SET', KEYS[1], tostring(until_), 'EX', math.ceil(until_ - tonumber(ARGV[2])) + 1)
end
return 1
"""


class SharedBudget:
    """The bot token's budget in Redis (`turn`, `pause`), shared by its processes."""

    def __init__(
        self,
        redis: Redis,
        token: str,
        per_second: float,
        burst: float,
        group_size: float,
        group_window: float,
        now: Callable[[], float] = time.time,
    ) -> None:
        self.redis, self.now = redis, now
        self.rate, self.burst, self.size, self.span = per_second, burst, group_size, group_window
        prefix = bot_prefix(token)
        self._bucket, self._paused, self._group = f"{prefix}:bucket", f"{prefix}:paused", f"{prefix}:group:"
        self._turn = redis.register_script(_TURN)
        self._pause = redis.register_script(_PAUSE)
        # who sends, unique among every process: a window's entries must never collide
        self._sender = secrets.token_hex(8)
        self._calls = 0
        self.reach = Reach(
            log,
            "Telegram's shared limits: Redis out of reach (%s); this process keeps its own",
            "Telegram's shared limits: Redis answers again",
        )

    async def turn(self, group: int | None) -> float:
        """Takes a turn for a call (in `group`'s window too, when given): 0 when it may go now,
        else the seconds until it may ask again. 0 when Redis cannot be reached."""
        self._calls += 1
        window = f"{self._group}{group}" if group is not None else self._bucket
        now = self.now()
        member = f"{self._sender}:{self._calls}"
        args = (now, self.rate, self.burst, self.size, self.span, member)
        try:
            wait = float(await self._turn(keys=[self._bucket, window, self._paused], args=args))
        except RedisError as error:
            self.reach.failed(error)
            return 0.0
        self.reach.answered()
        return wait

    async def pause(self, seconds: float) -> None:
        """Telegram asked the bot to wait: no process's call goes for `seconds`."""
        now = self.now()
        try:
            await self._pause(keys=[self._paused], args=(now + seconds, now))
        except RedisError as error:
            self.reach.failed(error)
        else:
            self.reach.answered()

    async def close(self) -> None:
        await self.redis.aclose()
