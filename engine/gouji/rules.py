"""The table options of 够级 (every **[option]** of rules/gouji.md) as one immutable value."""

from __future__ import annotations

from dataclasses import dataclass, fields

CHOICES: dict[str, tuple[str, ...]] = {
    "teams": ("random", "join_order", "chosen"),
    "burn_priority": ("play_order", "outline"),
    "scoring": ("club", "outline"),
    # The outline and 后水湾 variants (§13) are a later issue: the field is here, only
    # `standard` is accepted until they are built.
    "variant": ("standard",),
}


@dataclass(frozen=True, slots=True)
class Rules:
    teams: str = "random"  # §1 how players get seats
    revolution: bool = True  # §8.2 革命
    kaidian: bool = True  # §9 开点 and 点贡
    auto_pass: bool = True  # §6 要不起 is passed for the player
    burn_priority: str = "play_order"  # §7
    max_hands: int = 8  # §10 hands in a match without 烩四
    scoring: str = "club"  # §11
    strikes: int = 3  # §12 timeouts in one match before the penalty
    penalty_points: int = 10  # §12 罚分
    variant: str = "standard"  # §13

    def __post_init__(self) -> None:
        for name, allowed in CHOICES.items():
            if getattr(self, name) not in allowed:
                raise ValueError(f"{name} must be one of {', '.join(allowed)}")
        if not 1 <= self.max_hands <= 100:
            raise ValueError("max_hands must be between 1 and 100")
        if not 1 <= self.strikes <= 20:
            raise ValueError("strikes must be between 1 and 20")
        if not 0 <= self.penalty_points <= 1000:
            raise ValueError("penalty_points must be between 0 and 1000")

    @classmethod
    def from_options(cls, options: dict[str, str]) -> Rules:
        """Builds rules from `key=value` words a player typed; ValueError says what is allowed."""
        return cls(**parse_options(cls, options))

    def to_dict(self) -> dict[str, object]:
        return {f.name: getattr(self, f.name) for f in fields(self)}


_TRUE = {"on", "true", "yes", "1", "开"}
_FALSE = {"off", "false", "no", "0", "关"}


def parse_options(cls: type, options: dict[str, str]) -> dict[str, object]:
    """Typed values for a rules dataclass from text; shared by both games' Rules."""
    known = {f.name: f for f in fields(cls)}
    values: dict[str, object] = {}
    for key, raw in options.items():
        field = known.get(key)
        if field is None:
            raise ValueError(f"unknown option {key}; allowed: {', '.join(known)}")
        default = field.default
        text = str(raw).strip().lower()
        if isinstance(default, bool):
            if text not in _TRUE | _FALSE:
                raise ValueError(f"{key} must be on or off")
            values[key] = text in _TRUE
        elif isinstance(default, int):
            if not text.lstrip("-").isdigit():
                raise ValueError(f"{key} must be a whole number")
            values[key] = int(text)
        else:
            values[key] = text
    return values
