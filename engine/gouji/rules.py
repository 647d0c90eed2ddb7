"""The table options of 够级 (every **[option]** of rules/gouji.md) as one immutable value."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar

from engine.options import OptionError, TableOptions, check_ranges

CHOICES: dict[str, tuple[str, ...]] = {
    "teams": ("random", "join_order", "chosen"),
    "burn_priority": ("play_order", "outline"),
    "scoring": ("club", "outline"),
    # The outline and 后水湾 variants (§13) are a later issue: the field is here, only
    # `standard` is accepted until they are built.
    "variant": ("standard",),
}


@dataclass(frozen=True, slots=True)
class Rules(TableOptions):
    choices: ClassVar[Mapping[str, tuple[object, ...]]] = CHOICES
    aliases: ClassVar[Mapping[str, str]] = {"yield": "yielding", "让牌": "yielding"}  # `yield` is Python's
    teams: str = "random"  # §1 how players get seats
    revolution: bool = True  # §8.2 革命
    kaidian: bool = True  # §9 开点 and 点贡
    auto_pass: bool = True  # §6 要不起 is passed for the player
    burn_priority: str = "play_order"  # §7
    yielding: bool = False  # 让牌 (gouji-variants.md A.10), typed `yield=on`
    max_hands: int = 8  # §10 hands in a match without 烩四
    scoring: str = "club"  # §11
    strikes: int = 3  # §12 timeouts in one match before the penalty
    penalty_points: int = 10  # §12 罚分
    variant: str = "standard"  # §13

    def __post_init__(self) -> None:
        for name, allowed in CHOICES.items():
            if getattr(self, name) not in allowed:
                raise OptionError("option_choice", option=name, allowed=", ".join(allowed))
        check_ranges(self, {"max_hands": (1, 100), "strikes": (1, 20), "penalty_points": (0, 1000)})
