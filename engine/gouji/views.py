"""The views of a 够级 hand (§11a): what everyone may know, and what a seat adds to it."""

from __future__ import annotations

from dataclasses import dataclass

from engine.views import RoundView, SeatRoundView


@dataclass(frozen=True, slots=True)
class ClaimShown:
    """挑牌 being answered (docs/rules/gouji-variants.md A.9): the claimant shows its whole hand to all."""

    seat: int
    hand: str


@dataclass(frozen=True, slots=True)
class HandView(RoundView):
    table: str | None  # the set to beat, in notation
    table_owner: int | None  # who played it
    finish_order: tuple[int, ...]  # 头科, 二科 … so far
    passed: tuple[bool, ...]
    headless: tuple[bool, ...]  # 无头 (§6)
    melee: bool  # 乱战
    burn_pending: tuple[int, int] | None  # 烧: (burner, burnt) while the burn stands
    obligated: tuple[bool, ...]  # 有责任 to answer (§6)
    opened: tuple[bool, ...]  # 开点 (§9)
    first_point: tuple[str | None, ...]  # the set each seat opened point with
    jokers_played: tuple[tuple[int, ...], ...]
    revolutionary: int | None  # 革命 (§8.2)
    charge: str | None  # 冲点's set (§9)
    dead_levels_left: int
    declarations: tuple[str | None, ...] = ()  # 预点 yudian / 太空 taikong / 明点 mingdian per seat
    asked_declaration: tuple[str, int] | None = None  # the one the seats now decide: (name, stake)
    claim: ClaimShown | None = None

    @property
    def places(self) -> dict[int, int]:
        """Seat → place (1 = 头科) for the seats that have finished."""
        return {seat: place for place, seat in enumerate(self.finish_order, 1)}


SeatHandView = SeatRoundView[HandView]  # a type: build it as SeatRoundView(...)
