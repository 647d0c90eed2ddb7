"""Scoring a deal (§2, §3, §5, §7): card values, exposure and 自得 multipliers, 全红, 满贯, the
transformer, forfeits and the sides that add their scores together."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from engine.gongzhu.cards import HEART_ACE, HEARTS, PIG, SEATS, SHEEP, TRANSFORMER, Card
from engine.gongzhu.rules import Rules

_FACES = {14: -50, 13: -40, 12: -30, 11: -20, 10: -10}
HEART_VALUES: dict[str, dict[int, int]] = {
    "standard": _FACES | dict.fromkeys(range(5, 10), -10) | dict.fromkeys(range(2, 5), 0),
    # the books' table: ♥9..♥2 = −9 −8 −7 −6 −5 −10 −3 −2 (♥4 is −10, as the seed stresses)
    "books": _FACES | {9: -9, 8: -8, 7: -7, 6: -6, 5: -5, 4: -10, 3: -3, 2: -2},
    "positive": {14: 50, 13: 40, 12: 30, 11: 20} | dict.fromkeys(range(2, 11), 10),
}
POSITIVE_ALL_HEARTS_BONUS: Final = 200
PIG_VALUE: Final = -100
SHEEP_VALUE: Final = 100
TRANSFORMER_ALONE: Final = 50

Taken = Sequence[tuple[Card, int]]  # a scoring card and the seat that played it


@dataclass(slots=True)
class DealScore:
    card_points: tuple[int, ...]  # what each seat's own cards are worth
    scores: tuple[int, ...]  # what counts for the match: each seat gets its side's sum
    sides: tuple[tuple[int, ...], ...]
    all_hearts: int | None  # the seat that took every heart (全红), if any
    grand_slam: bool  # …and the pig, the sheep and the transformer too (满贯)
    swapped: bool  # 猪羊变色 turned the pig and the sheep


def score_deal(
    rules: Rules,
    taken: Sequence[Taken],
    exposed_copies: dict[Card, int],
    forfeited: Sequence[int] = (),
    swap: bool | None = None,
    pig_sheep_seats: Sequence[int] = (),
) -> DealScore:
    """`swap`: the 全红 taker's 猪羊变色 choice (rules `chosen`); None lets the rules decide.
    `pig_sheep_seats`: the seats dealt the pig and the sheep, one side under 猪羊一家 (§7)."""
    hearts_in_play = 13 * rules.decks
    all_hearts = next(
        (s for s in range(SEATS) if len(taken[s]) >= hearts_in_play and _hearts(taken[s]) == hearts_in_play),
        None,
    )
    grand_slam = all_hearts is not None and all(
        sum(1 for c, _ in taken[all_hearts] if c is special) == rules.decks
        for special in (PIG, SHEEP, TRANSFORMER)
    )
    may_swap = all_hearts is not None and not grand_slam
    swapped = may_swap and (rules.pig_sheep_swap == "auto" if swap is None else swap)
    values = _CardValues(rules, exposed_copies, swapped)
    points = [values.seat_points(seat, taken[seat], seat == all_hearts, grand_slam) for seat in range(SEATS)]
    if forfeited:  # a leaver scores the deal's worst (docs/architecture.md)
        worst = min(points)
        for seat in forfeited:
            points[seat] = worst
    sides = _sides(rules, pig_sheep_seats)
    scores = [0] * SEATS
    for side in sides:
        total = sum(points[s] for s in side)
        for seat in side:
            scores[seat] = total
    return DealScore(tuple(points), tuple(scores), sides, all_hearts, grand_slam, swapped)


def _hearts(cards: Taken) -> int:
    return sum(1 for c, _ in cards if c.suit == HEARTS)


class _CardValues:
    """The worth of each taken card in this deal. An exposure doubles every copy of the card
    (two decks: ×2 per exposed copy); 自得 doubles the copy its own player takes back."""

    def __init__(self, rules: Rules, exposed_copies: dict[Card, int], swapped: bool) -> None:
        self.rules = rules
        self.factor: dict[Card, int] = {
            c: 1 << exposed_copies.get(c, 0) for c in (PIG, SHEEP, TRANSFORMER, HEART_ACE)
        }
        self.hearts = HEART_VALUES[rules.heart_values]
        self.pig, self.sheep = (-PIG_VALUE, -SHEEP_VALUE) if swapped else (PIG_VALUE, SHEEP_VALUE)

    def own(self, seat: int, played_by: int) -> int:
        return 2 if self.rules.self_capture and played_by == seat else 1

    def seat_points(self, seat: int, cards: Taken, all_hearts: bool, grand_slam: bool) -> int:
        if not cards:
            return 0
        pig = sheep = hearts = alone = 0
        multiplier, transformers, others = 1, 0, 0
        for card, by in cards:
            own = self.own(seat, by)
            if card is TRANSFORMER:
                transformers += 1
                multiplier *= 2 * own
                alone += TRANSFORMER_ALONE * self.factor[TRANSFORMER] * own
                continue
            others += 1
            if card is PIG:
                pig += self.pig * self.factor[PIG] * own
            elif card is SHEEP:
                sheep += self.sheep * self.factor[SHEEP] * own
            else:  # a heart: ♥A's exposure doubles them all; 自得 doubles only the ♥A
                hearts += self.hearts[card.rank] * self.factor[HEART_ACE] * (own if card is HEART_ACE else 1)
        if all_hearts:
            if self.rules.heart_values == "positive":
                hearts += POSITIVE_ALL_HEARTS_BONUS * self.factor[HEART_ACE]
            else:
                hearts = -hearts
            if grand_slam:
                pig = -pig
        subtotal = pig + sheep + hearts
        if not transformers:
            return subtotal
        if not others:
            return alone
        return subtotal * multiplier * self.factor[TRANSFORMER]


def _sides(rules: Rules, pig_sheep_seats: Sequence[int]) -> tuple[tuple[int, ...], ...]:
    if rules.partners:
        return ((0, 2), (1, 3))
    if rules.pig_sheep_team:  # the seats dealt the pig and the sheep, against the rest (§7)
        side = tuple(sorted(set(pig_sheep_seats)))
        rest = tuple(s for s in range(SEATS) if s not in side)
        return (side, rest) if side and rest else ((side or rest),)
    return tuple((s,) for s in range(SEATS))


def deal_pigs(rules: Rules, scores: Sequence[int]) -> tuple[int, ...]:
    """双猪 (§7): the seats named 当猪 for a deal, the lowest and the highest score; none when
    the table does not play 双猪."""
    if not rules.double_pig:
        return ()
    return tuple(s for s in range(SEATS) if scores[s] in (min(scores), max(scores)))
