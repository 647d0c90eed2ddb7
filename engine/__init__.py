"""The referee's rules: pure game engines for 够级 and 拱猪."""

from engine import gongzhu, gouji
from engine.errors import IllegalMove

__all__ = ["IllegalMove", "gongzhu", "gouji"]
