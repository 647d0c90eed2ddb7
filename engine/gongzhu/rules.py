"""The table options of 拱猪 (every **[option]** of rules/gongzhu.md) as one immutable value."""

from __future__ import annotations

from dataclasses import dataclass

from engine.options import OptionError, TableOptions

CHOICES: dict[str, tuple[str, ...]] = {
    "heart_values": ("standard", "books", "positive"),
    "expose_mode": ("free", "none", "forced_three", "all", "all_but_sheep", "blind"),
    "expose_discard": ("forbid", "allow"),
    "first_lead": ("club2", "seat0"),
    "pig_sheep_swap": ("off", "auto", "chosen"),
}
# Stored tables and typed options from before 猪羊变色 had three values: a switch meant `auto`.
_SWAP_SWITCH = {True: "auto", False: "off", "true": "auto", "on": "auto", "false": "off"}
# The exposure modes in which seats choose; the others expose automatically or not at all.
CHOSEN_EXPOSURE = ("free", "forced_three", "blind")


@dataclass(frozen=True, slots=True)
class Rules(TableOptions):
    decks: int = 1  # §1, §7 两副牌
    heart_values: str = "standard"  # §2
    expose_mode: str = "free"  # §3
    expose_discard: str = "forbid"  # §3 held-back exposed cards as discards
    expose_seconds: int = 20  # §3 the exposure window (the referee keeps the clock)
    self_capture: bool = True  # §3 自得
    first_lead: str = "club2"  # §4
    pig_sheep_swap: str = "off"  # §5 猪羊变色 after 全红: off, auto, or chosen by its taker
    match_target: int = 1000  # §6 ±1000 or ±800
    deals: int = 0  # §6 a fixed number of deals instead (16 is a 盘); 0: play to the target
    auto_claim: bool = True  # §6 the referee ends a deal whose remaining outcome is forced
    partners: bool = False  # §7 对家配合
    pig_sheep_team: bool = False  # §7 猪羊一家 (no exposing)
    colour_discard: bool = False  # §7 垫牌颜色
    double_pig: bool = False  # §7 双猪: with two decks the highest total is 当猪 too
    strikes: int = 3  # timeouts in one match before the penalty (design.md)
    penalty_points: int = 100  # the penalty: one pig

    def __post_init__(self) -> None:
        swap = _SWAP_SWITCH.get(self.pig_sheep_swap)  # a legacy switch
        if swap is not None:
            object.__setattr__(self, "pig_sheep_swap", swap)
        for name, allowed in CHOICES.items():
            if getattr(self, name) not in allowed:
                raise OptionError("option_choice", option=name, allowed=", ".join(allowed))
        checks = (
            (self.decks in (1, 2), "decks must be 1 or 2"),
            (self.match_target in (800, 1000), "match_target must be 800 or 1000"),
            (0 <= self.deals <= 100, "deals must be between 0 (play to the target) and 100"),
            (5 <= self.expose_seconds <= 86400, "expose_seconds must be between 5 and 86400"),
            (1 <= self.strikes <= 20, "strikes must be between 1 and 20"),
            (0 <= self.penalty_points <= 1000, "penalty_points must be between 0 and 1000"),
            (not (self.partners and self.pig_sheep_team), "partners and pig_sheep_team exclude each other"),
            (not self.pig_sheep_team or self.decks == 1, "pig_sheep_team is played with one deck"),
            (not self.double_pig or self.decks == 2, "double_pig is played with two decks"),
            (
                not self.pig_sheep_team or self.expose_mode in ("free", "none"),
                "pig_sheep_team plays without exposing: expose_mode must be none",
            ),
        )
        for ok, message in checks:
            if not ok:
                raise ValueError(message)

    @property
    def exposing(self) -> str:
        """The exposure mode in force: 猪羊一家 never exposes (§7)."""
        return "none" if self.pig_sheep_team else self.expose_mode
