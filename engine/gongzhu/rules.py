"""The table options of 拱猪 (every **[option]** of docs/rules/gongzhu.md) as one immutable value."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar

from engine.options import OptionError, TableOptions, check_ranges, with_presets

CHOICES: dict[str, tuple[str, ...]] = {
    "heart_values": ("standard", "books", "positive"),
    "expose_mode": ("free", "none", "forced_three", "all", "all_but_sheep", "blind"),
    "expose_discard": ("forbid", "allow"),
    "first_lead": ("club2", "seat0"),
    "pig_sheep_swap": ("off", "auto", "chosen"),
    "bots": ("easy", "normal", "strong"),
}
# Stored tables and typed options from before 猪羊变色 had three values: a switch meant `auto`.
_SWAP_SWITCH = {True: "auto", False: "off", "true": "auto", "on": "auto", "false": "off"}
# The exposure modes in which seats choose; the others expose automatically or not at all.
CHOSEN_EXPOSURE = ("free", "forced_three", "blind")


NUMBER_CHOICES: dict[str, tuple[int, ...]] = {"decks": (1, 2), "match_target": (800, 1000)}
RANGES = {"deals": (0, 100), "expose_seconds": (5, 86400), "strikes": (1, 20), "penalty_points": (0, 1000)}


@with_presets  # none yet: one added to `presets` is applied by the constructor, as in 够级
@dataclass(frozen=True, slots=True, kw_only=True)
class Rules(TableOptions):
    choices: ClassVar[Mapping[str, tuple[object, ...]]] = {**CHOICES, **NUMBER_CHOICES}
    decks: int = 1  # §1, §7 两副牌
    heart_values: str = "standard"  # §2
    expose_mode: str = "free"  # §3
    expose_discard: str = "forbid"  # §3 held-back exposed cards as discards
    expose_seconds: int = 20  # §3 the exposure window (the referee keeps the clock)
    self_capture: bool = True  # §3 自得
    counter: bool = False  # 记牌器: the cards still out, the same for every player
    first_lead: str = "club2"  # §4
    pig_sheep_swap: str = "off"  # §5 猪羊变色 after 全红: off, auto, or chosen by its taker
    match_target: int = 1000  # §6 ±1000 or ±800
    deals: int = 0  # §6 a fixed number of deals instead (16 is a 盘); 0: play to the target
    auto_claim: bool = True  # §6 the referee ends a deal whose remaining outcome is forced
    partners: bool = False  # §7 对家配合
    pig_sheep_team: bool = False  # §7 猪羊一家 (no exposing)
    colour_discard: bool = False  # §7 垫牌颜色
    double_pig: bool = False  # §7 双猪: with two decks the highest total is 当猪 too
    strikes: int = 3  # timeouts in one match before the penalty (docs/architecture.md)
    penalty_points: int = 100  # the penalty: one pig
    bots: str = "normal"  # the seat-filling bots and autopilot: easy, normal (heuristic), strong (search)

    def __post_init__(self) -> None:
        swap = _SWAP_SWITCH.get(self.pig_sheep_swap)  # a legacy switch
        if swap is not None:
            object.__setattr__(self, "pig_sheep_swap", swap)
        for name, allowed in CHOICES.items():
            if getattr(self, name) not in allowed:
                raise OptionError("option_choice", option=name, allowed=", ".join(allowed))
        for name, values in NUMBER_CHOICES.items():
            if getattr(self, name) not in values:
                raise OptionError("option_choice", option=name, allowed=", ".join(map(str, values)))
        check_ranges(self, RANGES)
        if self.partners and self.pig_sheep_team:
            raise OptionError("option_excludes", option="pig_sheep_team", other="partners")
        needs = (  # (the option switched on, what it needs, whether it has it)
            (self.pig_sheep_team, "pig_sheep_team", "decks=1", self.decks == 1),
            (self.pig_sheep_team, "pig_sheep_team", "expose_mode=none", self.expose_mode in ("free", "none")),
            (self.double_pig, "double_pig", "decks=2", self.decks == 2),
        )
        for on, option, need, met in needs:
            if on and not met:
                raise OptionError("option_needs", option=option, needs=need)

    @property
    def exposing(self) -> str:
        """The exposure mode in force: 猪羊一家 never exposes (§7)."""
        return "none" if self.pig_sheep_team else self.expose_mode
