"""The table options of 够级 (every **[option]** of docs/rules/gouji.md) as one immutable value."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar

from engine.options import OptionError, TableOptions, check_ranges, with_presets

CHOICES: dict[str, tuple[str, ...]] = {
    "teams": ("random", "join_order", "chosen"),
    "burn_priority": ("play_order", "outline"),
    "scoring": ("club", "outline"),
    "variant": ("standard", "outline", "houshuiwan"),
    "deck": ("four_decks", "six_decks"),
    "gouji_sets": ("standard", "by_rank", "outline"),
    "comparison": ("card_by_card", "by_rank"),
    "point_rule": ("standard", "outline", "houshuiwan"),
    "tribute_order": ("standard", "point_first"),
    "sweep": ("match_end", "next_hand", "next_hand_tribute"),
    "leader_rule": ("last_place", "rotate"),
    "buying": ("standard", "enemies", "horse"),
    "revolution_rule": ("standard", "outline"),
    "declarations": ("none", "outline", "houshuiwan"),
    "bots": ("easy", "normal", "strong"),
}

# docs/rules/gouji-variants.md C: what choosing a variant sets (a table may still change each of them).
_VARIANTS: dict[str, dict[str, str]] = {
    "standard": {},
    "outline": {
        "burn_priority": "outline",
        "yielding": "on",
        "gouji_sets": "outline",
        "comparison": "by_rank",
        "point_rule": "outline",
        "tribute_order": "point_first",
        "sweep": "next_hand",
        "leader_rule": "rotate",
        "buying": "enemies",
        "revolution_rule": "outline",
        "declarations": "outline",
        "return_tribute": "on",
        "scoring": "outline",
    },
    "houshuiwan": {
        "deck": "six_decks",
        "burn_priority": "outline",
        "yielding": "on",
        "bj_over_bj": "on",
        "gouji_sets": "by_rank",
        "point_rule": "houshuiwan",
        "tribute_order": "point_first",
        "sweep": "next_hand_tribute",
        "buying": "horse",
        "declarations": "houshuiwan",
        "bare_jokers_fall": "on",
        "last_gouji": "on",
        "scoring": "outline",
    },
}


def _completed(variants: dict[str, dict[str, str]], defaults: dict[str, str]) -> dict[str, dict[str, str]]:
    """Each preset names every field some preset sets, so that switching variants leaves nothing
    of the previous one behind (`standard` sets them all back)."""
    touched = {name for preset in variants.values() for name in preset}
    return {v: {name: defaults[name] for name in touched} | preset for v, preset in variants.items()}


@with_presets  # Rules(variant="outline") is the outline's game, as `/gouji variant=outline` is
@dataclass(frozen=True, slots=True, kw_only=True)
class Rules(TableOptions):
    choices: ClassVar[Mapping[str, tuple[object, ...]]] = CHOICES
    # `yield` is Python's word
    aliases: ClassVar[Mapping[str, str]] = {"yield": "yielding", "让牌": "yielding", "憋3": "bie3"}
    presets: ClassVar[Mapping[str, Mapping[str, Mapping[str, str]]]] = {}  # below: needs the defaults
    teams: str = "random"  # §1 how players get seats
    revolution: bool = True  # §8.2 革命
    kaidian: bool = True  # §9 开点 and 点贡
    auto_pass: bool = True  # §6 要不起 is passed for the player
    burn_priority: str = "play_order"  # §7
    yielding: bool = False  # 让牌 (docs/rules/gouji-variants.md A.10), typed `yield=on`
    max_hands: int = 8  # §10 hands in a match without 烩四
    scoring: str = "club"  # §11
    strikes: int = 3  # §12 timeouts in one match before the penalty
    penalty_points: int = 10  # §12 罚分
    variant: str = "standard"  # §13, docs/rules/gouji-variants.md: a preset of the fields below
    deck: str = "four_decks"  # §2; six_decks is 后水湾's 288 cards, 48 a seat (B.1)
    bj_over_bj: bool = False  # B.3 两张大虎打一张大虎: k + 1 big jokers beat k
    # §5; by_rank: 后水湾's 够级 by rank and size alone, wildcards alone from two (B.4); outline:
    # the same, a single wildcard too (A.1)
    gouji_sets: str = "standard"
    comparison: str = "card_by_card"  # §4; by_rank: the outline's wildcards are ordinary members (A.1)
    point_rule: str = "standard"  # which sets open point, until when, who owes (§9, A.5, B.5)
    tribute_order: str = "standard"  # §8.4; point_first: 点贡 paid before the others (A.5, B.9)
    sweep: str = "match_end"  # a 1-2-3 finish: 烩四 (§10), 串三户 (A.7) or 挑三家 (B.8)
    leader_rule: str = "last_place"  # §8.6; rotate: 开牌 passes to the next seat (A.2)
    buying: str = "standard"  # §8.1 买3; enemies: the outline's (A.3); horse: 后水湾's 马牌 (B.2)
    revolution_rule: str = "standard"  # §8.2; outline: A.4
    declarations: str = "none"  # 预点 4 / 明点 2 (outline, A.6), 太空 8 / 明点 2 (后水湾, B.6)
    flip_double: bool = False  # A.6: a lost declaration (翻车) costs twice its stake
    bare_jokers_fall: bool = False  # B.7 大小王不出手: jokers alone just before the final 3s → 大落
    bie3: bool = True  # §3 憋3; off: the outline's other mode (A.9), 3s an ordinary rank
    last_gouji: bool = False  # B.12 够死级: 头科's opposite keeps one 够级 set that only a burn answers
    return_tribute: bool = False  # A.11 还贡: every tribute card received but a 点贡 is answered by one
    counter: bool = False  # 记牌器: the cards still out by rank, the same for every player
    fall_tribute: bool = True  # A.12: off, no 落贡, 闷贡 or 烧贡 is owed (点贡 and declarations still are)
    bots: str = "normal"  # the seat-filling bots and autopilot: easy, normal (heuristic), strong (search)

    def __post_init__(self) -> None:
        for name, allowed in CHOICES.items():
            if getattr(self, name) not in allowed:
                raise OptionError("option_choice", option=name, allowed=", ".join(allowed))
        check_ranges(self, {"max_hands": (1, 100), "strikes": (1, 20), "penalty_points": (0, 1000)})
        if self.declarations != "none" and (self.point_rule == "standard" or not self.kaidian):
            # a declaration is settled by the variants' 点贡 (A.6, B.6)
            raise OptionError("option_needs", option="declarations", needs="point_rule=outline/houshuiwan")


def _text(value: object) -> str:
    return ("on" if value else "off") if isinstance(value, bool) else str(value)


PRESETS = _completed(_VARIANTS, {name: _text(value) for name, value in Rules().to_dict().items()})
Rules.presets = {"variant": PRESETS}
