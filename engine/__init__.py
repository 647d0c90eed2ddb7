"""The referee's rules: pure game engines for 够级 and 拱猪."""

from engine.build_check import check_build

check_build()  # before any compiled module is imported

from engine import gongzhu, gouji  # noqa: E402  (the build is checked first)
from engine.errors import IllegalMove  # noqa: E402

__all__ = ["IllegalMove", "gongzhu", "gouji"]
