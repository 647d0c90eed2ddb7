"""§11 scoring: 走科积分, 烩积分, 特殊贡积分, 补偿积分 (club) and the outline's place points."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from engine.fields import frozen_reduce
from engine.gouji.rules import Rules

SEATS: Final = 6


def team(seat: int) -> int:
    return seat % 2


def opposite(seat: int) -> int:
    return (seat + 3) % SEATS


# 走科积分: the two other places (1-based) held by 头科's team → points of places 1..6.
FINISH_POINTS: dict[tuple[int, int], tuple[int, ...]] = {
    (2, 4): (8, 7, -4, 3, -7, -7),
    (2, 5): (6, 5, -3, -3, 1, -6),
    (2, 6): (3, 3, -2, -2, -2, 0),
    (3, 4): (6, 0, 3, 3, -6, -6),
    (3, 5): (4, 0, 2, -2, 0, -4),
    (3, 6): (0, 0, 0, 0, 0, 0),
    (4, 5): (4, 0, 0, 1, 1, -6),
    (4, 6): (0, 0, 0, 0, 0, 0),
    (5, 6): (0, 2, 2, 2, -3, -3),
}
SWEEP_POINTS = (60, 80, 100)  # 烩四 in the 1st, 2nd, 3rd-or-later hand
SPECIAL_POINTS = {"smother": 10, "burn": 9, "point": 8}
OUTLINE_POINTS = (4, 2, 0, 0, -2, -4)
COMPENSATION_PER_TRIBUTE = 10
# Tribute kinds in paying priority (§8.4): 闷 > 烧 > 点 > 大落 > 二落, then 挑三家's (B.8);
# `tribute_order=point_first` (A.5, B.9) pays 点贡 before all others.
TRIBUTE_ORDERS: dict[str, tuple[str, ...]] = {
    "standard": ("smother", "burn", "point", "last", "second_last", "swept"),
    "point_first": ("point", "smother", "burn", "last", "second_last", "swept"),
}
TRIBUTE_ORDER = TRIBUTE_ORDERS["standard"]


@dataclass(frozen=True, slots=True)
class Debt:
    """A tribute decided in one hand and paid in the next."""

    kind: str  # one of TRIBUTE_ORDER's kinds
    payer: int
    receiver: int
    count: int = 1
    scored: bool = True  # a 点贡 owed for lack of any 开点 set is paid but not scored
    seq: int = 0  # when it arose, for the order among tributes of one kind

    def __reduce__(self) -> tuple[object, ...]:
        return frozen_reduce(self)


def fall_debts(order: Sequence[int]) -> list[Debt]:
    """§9 落: 二落 owes 二科 one tribute; 大落 owes 头科 two."""
    return [
        Debt("last", order[5], order[0], 2, True, 10_000),
        Debt("second_last", order[4], order[1], 1, True, 10_001),
    ]


def sweep_debts(sweeper: int) -> list[Debt]:
    """挑三家 (docs/rules/gouji-variants.md B.8): each player of the swept team owes their opposite one."""
    swept = [s for s in range(SEATS) if team(s) != sweeper]
    return [Debt("swept", s, opposite(s), 1, False, 20_000 + i) for i, s in enumerate(swept)]


def paying_order(debts: Sequence[Debt], order: str = "standard") -> list[Debt]:
    kinds = TRIBUTE_ORDERS[order]
    return sorted(debts, key=lambda d: (kinds.index(d.kind), d.seq))


def hand_scores(
    rules: Rules, order: Sequence[int], sweep: int | None, hand_no: int, specials: Sequence[Debt]
) -> tuple[int, ...]:
    """Per-seat points of one hand. `order` is the full finishing order (six seats) unless swept."""
    scores = [0] * SEATS
    if rules.scoring == "outline":
        return outline_scores(order, sweep)
    if sweep is not None:  # 烩积分, and the 闷 and 烧 of that hand (§10; 点 is never decided)
        points = SWEEP_POINTS[min(hand_no, 3) - 1]
        scores = [points if team(s) == sweep else -points for s in range(SEATS)]
        specials = [d for d in specials if d.kind != "point"]
    else:
        winners = team(order[0])
        held = tuple(place + 1 for place, seat in enumerate(order) if place and team(seat) == winners)
        for place, seat in enumerate(order):
            scores[seat] += FINISH_POINTS[held][place]  # type: ignore[index]  # held is a pair here
    for debt in specials:
        if debt.scored:
            scores[debt.receiver] += SPECIAL_POINTS[debt.kind]
            scores[debt.payer] -= SPECIAL_POINTS[debt.kind]
    return tuple(scores)


def outline_scores(order: Sequence[int], sweep: int | None) -> tuple[int, ...]:
    """A.8: places 4/2/0/0/−2/−4 summed per team, the sums offset, and only the winning team
    records the difference (每位 of it; the others 0). A 串三户 scores 6 against −6: 12."""
    if sweep is not None:
        sums = {sweep: sum(OUTLINE_POINTS[:3]), 1 - sweep: sum(OUTLINE_POINTS[3:])}
    else:
        sums = {0: 0, 1: 0}
        for place, seat in enumerate(order):
            sums[team(seat)] += OUTLINE_POINTS[place]
    difference = sums[0] - sums[1]
    winner = 0 if difference > 0 else 1
    return tuple(abs(difference) if team(s) == winner else 0 for s in range(SEATS))


def compensation(rules: Rules, debts: Sequence[Debt]) -> tuple[int, ...]:
    """补偿积分 at an early end: the last hand's net tributes × 10 to each of the side ahead. Club
    scoring only (seed 001): under `scoring=outline` tributes carry no points (A.8)."""
    if rules.scoring != "club":
        return (0,) * SEATS
    net = net_tributes(debts, 0)
    return tuple(net * COMPENSATION_PER_TRIBUTE * (1 if team(s) == 0 else -1) for s in range(SEATS))


def net_tributes(debts: Sequence[Debt], side: int) -> int:
    """The tribute cards owed to the team `side` less those it owes, between the teams (a debt
    between teammates changes nothing between them)."""
    return sum(
        debt.count if team(debt.receiver) == side else -debt.count
        for debt in debts
        if team(debt.receiver) != team(debt.payer)
    )


def team_margin(scores: Sequence[int], side: int) -> int:
    """The team `side`'s points less the other team's."""
    return sum(p if team(s) == side else -p for s, p in enumerate(scores))
