"""Time controls (docs/architecture.md): how long a seat has for a decision, and when it is reminded.

`fast` 20 s, `normal` 90 s, `slow` 12 h with a reminder at 80 % of the time, or custom: `45s`,
`10m`, `12h`, `2d` or plain seconds. Custom controls of an hour or more are reminded like `slow`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from engine.move import quoted
from engine.options import OptionError

NAMED = {"fast": 20.0, "normal": 90.0, "slow": 12 * 3600.0}
UNITS = {"s": 1, "m": 60, "h": 3600, "d": 86400, "秒": 1, "分": 60, "分钟": 60, "小时": 3600, "天": 86400}
REMINDER_SHARE = 0.8
REMIND_FROM = 3600.0  # seconds a move must allow before a reminder makes sense
SHORTEST, LONGEST = 10.0, 7 * 86400.0
_CUSTOM = re.compile(r"^(\d+(?:\.\d+)?)\s*([a-z\u4e00-\u9fff]*)$")


@dataclass(frozen=True, slots=True)
class TimeControl:
    name: str  # fast | normal | slow | custom
    seconds: float

    @property
    def reminder_after(self) -> float | None:
        """Seconds into a decision at which the seat is reminded, or None."""
        return self.seconds * REMINDER_SHARE if self.seconds >= REMIND_FROM else None

    @property
    def label(self) -> str:
        return self.name if self.name != "custom" else describe(self.seconds)


def parse_time_control(text: str) -> TimeControl:
    """OptionError (a ValueError), with what is allowed, for anything else."""
    word = text.strip().lower()
    if word in NAMED:
        return TimeControl(word, NAMED[word])
    found = _CUSTOM.match(word)
    if found is None or found.group(2) not in {*UNITS, ""}:
        raise OptionError("time_control_unknown", text=quoted(text))
    seconds = float(found.group(1)) * UNITS.get(found.group(2), 1)
    if not SHORTEST <= seconds <= LONGEST:
        raise OptionError("time_control_range")
    return TimeControl("custom", seconds)


def describe(seconds: float) -> str:
    for unit, size in (("d", 86400), ("h", 3600), ("m", 60)):
        if seconds >= size and seconds % size == 0:
            return f"{int(seconds // size)}{unit}"
    return f"{seconds:g}s"
