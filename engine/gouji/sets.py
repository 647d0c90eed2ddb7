"""Sets (一套牌): what a set is, which set beats which (§3–§5), and fast enumeration.

Every possible set is interned: one `CardSet` object per composition, so enumeration only picks
ready objects out of precomputed rows and a move can be compared by identity.
"""

from __future__ import annotations

from collections.abc import Callable
from operator import itemgetter
from typing import Final

from engine.errors import IllegalMove
from engine.gouji.cards import (
    ACE,
    BIG_JOKER,
    DECKS,
    FOUR,
    FOUR_DECKS,
    JACK,
    KING,
    NRANKS,
    QUEEN,
    RANKS,
    SMALL_JOKER,
    TEN,
    THREE,
    TWO,
    parse_counts,
    rank_of,
)
from engine.move import Move as Move  # re-exported: the game's moves in one namespace
from engine.move import checked_notation, quoted

WILD_ONLY: Final = -1  # `rank` of a set made only of wildcards
# which sets are 够级 (rules.gouji_sets), as the hand keeps it: an int is cheapest to compare
GOUJI_STANDARD: Final = 0
GOUJI_BY_RANK: Final = 1
GOUJI_OUTLINE: Final = 2
GOUJI_SETS = {"standard": GOUJI_STANDARD, "by_rank": GOUJI_BY_RANK, "outline": GOUJI_OUTLINE}
# which sets open point (rules.point_rule), as the hand keeps it
POINT_STANDARD: Final = 0
POINT_OUTLINE: Final = 1
POINT_HOUSHUIWAN: Final = 2
POINT_RULES = {"standard": POINT_STANDARD, "outline": POINT_OUTLINE, "houshuiwan": POINT_HOUSHUIWAN}
# 够级 thresholds (§5): base rank → size that makes an unjokered set 够级.
GOUJI_SIZE = {TEN: 5, JACK: 4, QUEEN: 3, KING: 2, ACE: 2}


class Decision(Move):
    """A non-card choice: `pass`, `revolt`, `resist`, `take 2`, … (name + optional number)."""

    def __init__(self, name: str, count: int | None = None) -> None:
        super().__init__(name if count is None else f"{name} {count}")
        self.name = name
        self.count = count

    def __reduce__(self) -> tuple[object, ...]:  # a copy in another process is the interned one
        return decision, (self.name, self.count)


class CardSet(Move):
    """A set: `naturals` cards of base `rank` (or WILD_ONLY) plus 2s, small and big jokers."""

    def __init__(self, rank: int, naturals: int, twos: int, small: int, big: int) -> None:
        self.rank, self.naturals, self.twos, self.small, self.big = rank, naturals, twos, small, big
        self.size = naturals + twos + small + big
        # Compared card by card (§4): jokers high, then `plain` cards all worth `value`
        # (a wildcard 2 takes the base rank; a set of 2s only stays 2s).
        self.plain = naturals + twos
        self.value = rank if rank != WILD_ONLY else TWO
        self.jokers = small + big
        if self.jokers:
            self.is_gouji = True
        elif rank == WILD_ONLY:
            self.is_gouji = twos >= 1
        else:
            self.is_gouji = rank in GOUJI_SIZE and self.plain >= GOUJI_SIZE[rank]
        # by rank and size alone, wildcards counting toward the size; wildcards alone are 够级
        # from two cards in 后水湾 (docs/rules/gouji-variants.md B.4), from one in the outline (A.1)
        by_size = rank in GOUJI_SIZE and self.size >= GOUJI_SIZE[rank]
        self.is_gouji_by_rank = by_size or (rank == WILD_ONLY and self.size >= 2)
        self.is_gouji_outline = by_size or rank == WILD_ONLY
        pure = self.jokers == 0 and (twos == 0 or (rank == WILD_ONLY and twos >= 2))
        self.is_point = self.is_gouji and pure and (rank != WILD_ONLY or twos >= 2)
        counts = [0] * NRANKS
        if rank != WILD_ONLY:
            counts[rank] = naturals
        counts[TWO], counts[SMALL_JOKER], counts[BIG_JOKER] = twos, small, big
        super().__init__(" ".join(RANKS[r] for r in range(NRANKS) for _ in range(counts[r])))

    def __reduce__(self) -> tuple[object, ...]:  # sets are interned: `is` compares them
        return card_set, (self.rank, self.naturals, self.twos, self.small, self.big)

    @property
    def is_threes(self) -> bool:
        return self.rank == THREE

    @property
    def base(self) -> str:
        """The rank a set is built on, in notation: its naturals' rank, else (wildcards alone)
        its lowest wildcard. What a player picks first when building a set."""
        return self.text.split(" ", 1)[0] if self.rank == WILD_ONLY else RANKS[self.rank]

    @property
    def base_count(self) -> int:
        """How many cards of `base` the set holds."""
        return self.text.split().count(self.base) if self.rank == WILD_ONLY else self.naturals

    def beats(self, other: CardSet) -> bool:
        """§4: same size and, sorted high to low, every card strictly higher than its partner."""
        return (
            self.size == other.size
            and other.big == 0  # nothing is higher than a big joker
            and self.big >= other.small  # a small joker is met only by a big one
            and (other.plain == 0 or self.plain == 0 or self.value > other.value)
        )


class Merge(Decision):
    """会3 / 会4 (docs/rules/gouji-variants.md A.9): the ranks taken out of every hand for the hand."""

    def __init__(self, ranks: tuple[int, ...]) -> None:
        super().__init__("merge")
        self.text = "merge " + " ".join(RANKS[r] for r in ranks)
        self.ranks = ranks

    def __reduce__(self) -> tuple[object, ...]:
        return MERGES.__getitem__, (self.text,)


MERGES: dict[str, Merge] = {m.text: m for m in (Merge((THREE,)), Merge((FOUR,)), Merge((THREE, FOUR)))}


class Return(Decision):
    """还贡 (docs/rules/gouji-variants.md A.11): the card of its own a tribute's receiver gives back."""

    def __init__(self, rank: int) -> None:
        super().__init__("return")
        self.text = f"return {RANKS[rank]}"
        self.rank = rank

    def __reduce__(self) -> tuple[object, ...]:
        return giving_back, (self.rank,)


RETURNS: tuple[Return, ...] = tuple(Return(rank) for rank in range(NRANKS))


def giving_back(rank: int) -> Return:
    """The interned 还贡 of a card of this rank."""
    return RETURNS[rank]


_MERGE_WORDS = {"会3": "merge 3", "会4": "merge 4", "会3会4": "merge 3 4", "全会": "merge 3 4"}

PASS = Decision("pass")
DECISION_NAMES = frozenset(
    (
        *("pass", "revolt", "resist", "pay", "take", "decline", "counter", "deadlevels"),
        *("yield", "declare", "merge", "claim", "accept", "reject", "return"),
    )
)
YIELD = Decision("yield")  # 让牌 (docs/rules/gouji-variants.md A.10)
_DECISIONS: dict[str, Decision] = {"pass": PASS, "yield": YIELD}
_ALIASES = {
    "过": "pass",
    "不要": "pass",
    "要不起": "pass",
    "革命": "revolt",
    "抗贡": "resist",
    "进贡": "pay",
    "吃": "take",
    "不吃": "decline",
    "反抽": "counter",
    "死级": "deadlevels",
    "让牌": "yield",
    "还贡": "return",
    "还": "return",
    "明点": "declare",
    "预点": "declare",
    "太空": "declare",
    "报点": "declare",
    "挑牌": "claim",
    "同意": "accept",
    "不同意": "reject",
    "让": "yield",
}


def decision(name: str, count: int | None = None) -> Decision:
    key = name if count is None else f"{name} {count}"
    found = _DECISIONS.get(key)
    if found is None:
        found = _DECISIONS[key] = Decision(name, count)
    return found


_BY_KEY: dict[tuple[int, int, int, int, int], CardSet] = {}


def card_set(rank: int, naturals: int, twos: int = 0, small: int = 0, big: int = 0) -> CardSet:
    key = (rank, naturals, twos, small, big)
    found = _BY_KEY.get(key)
    if found is None:
        found = _BY_KEY[key] = CardSet(*key)
    return found


# every set of one natural rank without wildcards, by rank and size - 1: looked up by the bots'
# playouts and reading without building the interned table's tuple key
_NATURAL_SETS: Final = [
    [card_set(rank, naturals) for naturals in range(1, max(deck.copies[rank] for deck in DECKS.values()) + 1)]
    for rank in range(ACE + 1)
]


def natural_set(rank: int, naturals: int) -> CardSet:
    """`card_set(rank, naturals)` of a natural rank (3 to A) and at least one card."""
    return _NATURAL_SETS[rank][naturals - 1]


def set_from_counts(counts: list[int]) -> CardSet:
    """The set holding exactly these cards; IllegalMove if they are not one set (§3)."""
    if sum(counts) == 0:
        raise IllegalMove("unknown_move", text="")
    bases = [r for r in range(TWO) if counts[r]]
    twos, small, big = counts[TWO], counts[SMALL_JOKER], counts[BIG_JOKER]
    text = " ".join(RANKS[r] for r in range(NRANKS) for _ in range(counts[r]))
    if len(bases) > 1:
        raise IllegalMove("not_a_set", cards=text)
    if not bases:
        return card_set(WILD_ONLY, 0, twos, small, big)
    base = bases[0]  # (3s with wildcards are a set only without 憋3: the hand says, not notation)
    return card_set(base, counts[base], twos, small, big)


def parse_move(text: str) -> Move:
    """Notation → Move: a set (`9 9 9 2 2`, `9x3+2x2`) or a decision (`pass`, `过`, `take 2`)."""
    words = checked_notation(text).strip().lower().split()
    if not words:
        raise IllegalMove("unknown_move", text=text)
    if words[0] in _MERGE_WORDS or words[0] == "merge":
        merge = MERGES.get(_MERGE_WORDS.get(words[0], " ".join(words)))
        if merge is None:
            raise IllegalMove("unknown_move", text=quoted(text))
        return merge
    head = _ALIASES.get(words[0], words[0])
    if head == "return":  # 还贡 K: one card, named by its rank
        if len(words) != 2:
            raise IllegalMove("unknown_move", text=quoted(text))
        return RETURNS[rank_of(words[1])]
    if head.isalpha() and head.isascii() and head not in ("j", "q", "k", "a", "sj", "bj", "t"):
        if head not in DECISION_NAMES:  # a word that is no decision (`hello`) is not interned
            raise IllegalMove("unknown_move", text=quoted(text))
        if len(words) == 1:
            return decision(head)
        if len(words) == 2 and words[1].isdigit():
            return decision(head, int(words[1]))
        raise IllegalMove("unknown_move", text=quoted(text))
    return set_from_counts(parse_counts(text))


# Enumeration ------------------------------------------------------------------------------

Picker = Callable[[tuple[CardSet, ...]], tuple[CardSet, ...]]
# what a 2, a small joker and a big joker cost, and the most an answer's wildcards may cost
Spend = tuple[int, int, int, int]


class SetTable:
    """Fast enumeration of the sets a hand may play, within one deck's bounds (most 2s, most
    jokers of a kind). Rows of interned sets: `row(rank, naturals)[w]` with
    w = twos * twos_step + small * jokers_step + big, built the first time a row is needed."""

    def __init__(self, max_twos: int, max_jokers: int, low: int = FOUR) -> None:
        """`low`: the lowest rank a set is built on with wildcards; THREE without 憋3 (A.9)."""
        self.max_twos, self.max_jokers, self.low = max_twos, max_jokers, low
        self.jokers_step = max_jokers + 1
        self.twos_step = self.jokers_step**2
        self.rows: list[list[tuple[CardSet, ...] | None]] = [[None] * (max_twos + 1) for _ in range(ACE + 2)]
        self.pickers: dict[tuple[int, int, int, bool], Picker] = {}

    def row(self, rank: int, naturals: int) -> tuple[CardSet, ...]:
        row = self.rows[rank + 1][naturals]
        if row is None:
            row = self.rows[rank + 1][naturals] = tuple(
                card_set(rank, naturals, t, s, b)
                for t in range(self.max_twos + 1)
                for s in range(self.max_jokers + 1)
                for b in range(self.max_jokers + 1)
            )
        return row

    def wild_picker(self, twos: int, small: int, big: int, need_wild: bool) -> Picker:
        """Picks, from a row, every set using at most these wildcards (at least one if asked)."""
        key = (twos, small, big, need_wild)
        found = self.pickers.get(key)
        if found is not None:
            return found
        idx = [
            t * self.twos_step + s * self.jokers_step + b
            for t in range(twos + 1)
            for s in range(small + 1)
            for b in range(big + 1)
            if not (need_wild and t + s + b == 0)
        ]
        picker: Picker
        if len(idx) > 1:
            picker = itemgetter(*idx)
        elif idx:  # itemgetter of one index returns the item itself, not a tuple
            only = idx[0]

            def picker(row: tuple[CardSet, ...]) -> tuple[CardSet, ...]:
                return (row[only],)
        else:

            def picker(row: tuple[CardSet, ...]) -> tuple[CardSet, ...]:
                return ()

        self.pickers[key] = picker
        return picker

    def leads(self, counts: list[int]) -> list[CardSet]:
        """Every set a hand may lead (§3): any set, and the 3s only as the very last set."""
        twos, small, big = counts[TWO], counts[SMALL_JOKER], counts[BIG_JOKER]
        picker = self.wild_picker(min(twos, self.max_twos), small, big, False)
        out: list[CardSet] = []
        all_rows, row = self.rows, self.row
        for rank in range(self.low, ACE + 1):
            rows = all_rows[rank + 1]
            for naturals in range(1, counts[rank] + 1):
                out.extend(picker(rows[naturals] or row(rank, naturals)))
        out.extend(self.wild_picker(twos, small, big, True)(row(WILD_ONLY, 0)))
        if not out and counts[THREE] and self.low == FOUR:
            out.append(card_set(THREE, counts[THREE]))
        return out

    def lead_count(self, counts: list[int]) -> int:
        """How many sets `leads` lists for these counts, without building one (a random playout
        picks the n-th)."""
        combos = (min(counts[TWO], self.max_twos) + 1) * (counts[SMALL_JOKER] + 1) * (counts[BIG_JOKER] + 1)
        naturals = 0
        for rank in range(self.low, ACE + 1):
            naturals += counts[rank]
        count = naturals * combos + combos - 1
        return 1 if count == 0 and counts[THREE] and self.low == FOUR else count

    def lead_at(self, counts: list[int], index: int) -> CardSet:
        """`leads(counts)[index]`, decoded from the order `leads` lists them in: rank by rank,
        naturals by number, then the wildcards as the picker takes them (2s, small, big)."""
        small, big = counts[SMALL_JOKER] + 1, counts[BIG_JOKER] + 1
        combos = (min(counts[TWO], self.max_twos) + 1) * small * big
        for rank in range(self.low, ACE + 1):
            block = counts[rank] * combos
            if index < block:
                wild = index % combos
                return self.row(rank, index // combos + 1)[self._wild_index(wild, small, big)]
            index -= block
        if combos > 1:
            return self.row(WILD_ONLY, 0)[self._wild_index(index + 1, small, big)]
        return card_set(THREE, counts[THREE])

    def _wild_index(self, combo: int, small: int, big: int) -> int:
        """A row's index of the `combo`-th wildcard choice of a hand holding fewer than `small`
        small and `big` big jokers (`wild_picker`'s order)."""
        twos, jokers = combo // (small * big), combo // big % small
        return twos * self.twos_step + jokers * self.jokers_step + combo % big

    def answers(self, counts: list[int], table: CardSet, spend: Spend | None = None) -> list[CardSet]:
        """Every set of this hand that beats `table` (§4), found straight from the comparison;
        with `spend`, only those whose wildcards cost no more than its budget (a reader asking
        what a seat would have answered needs no dearer set)."""
        if table.big:
            return []
        size, out = table.size, []
        twos, small, big = counts[TWO], counts[SMALL_JOKER], counts[BIG_JOKER]
        two_price, small_price, big_price, budget = (0, 0, 0, 0) if spend is None else spend
        low = self.low
        floor = table.value + 1 if table.plain else low
        all_rows, row, twos_step, jokers_step = self.rows, self.row, self.twos_step, self.jokers_step
        wild_row = row(WILD_ONLY, 0)
        ranks = [r for r in range(max(floor, low), ACE + 1) if counts[r]]
        for b in range(table.small, min(big, size) + 1):
            for s in range(min(small, size - b) + 1):
                left = budget - b * big_price - s * small_price
                if left < 0:
                    break
                plain = size - b - s
                w = s * jokers_step + b
                if plain == 0:
                    out.append(wild_row[w])
                    continue
                usable = twos if two_price == 0 else min(twos, left // two_price)
                for rank in ranks:
                    have = counts[rank]
                    for naturals in range(
                        plain - usable if plain > usable else 1, (have if have < plain else plain) + 1
                    ):
                        out.append(
                            (all_rows[rank + 1][naturals] or row(rank, naturals))[
                                (plain - naturals) * twos_step + w
                            ]
                        )
                if plain <= usable and floor <= TWO:
                    out.append(wild_row[plain * twos_step + w])
        return out

    def answers_over_big(self, counts: list[int], table: CardSet) -> list[CardSet]:
        """后水湾's 两张大虎打一张大虎 (docs/rules/gouji-variants.md B.3): a set holding k ≥ 1 big
        jokers is also
        beaten by one holding k + 1, whose other cards beat the first set's others card by card."""
        extra = table.big + 1
        if not table.big or counts[BIG_JOKER] < extra:
            return []
        others = without_big(table)
        if others is None:
            return [card_set(WILD_ONLY, 0, 0, 0, extra)]
        rest = list(counts)
        rest[BIG_JOKER] = 0
        return [card_set(m.rank, m.naturals, m.twos, m.small, extra) for m in self.answers(rest, others)]

    def answers_by_rank(self, counts: list[int], table: CardSet) -> list[CardSet]:
        """The outline's comparison (docs/rules/gouji-variants.md A.1): wildcards riding on a rank are
        ordinary cards of it, so a set built on a higher rank beats, whatever wildcards either
        holds, and so does any set of wildcards alone; sets of wildcards alone among themselves
        go card by card (§4)."""
        if table.rank == WILD_ONLY:
            return self.answers(counts, table)
        size, out = table.size, []
        twos, small, big = min(counts[TWO], self.max_twos), counts[SMALL_JOKER], counts[BIG_JOKER]
        for rank in range(max(table.rank + 1, self.low), ACE + 1):
            for naturals in range(1, min(counts[rank], size) + 1):
                out.extend(self._filled(self.row(rank, naturals), size - naturals, twos, small, big))
        out.extend(self._filled(self.row(WILD_ONLY, 0), size, twos, small, big))
        return out

    def _filled(self, row: tuple[CardSet, ...], wild: int, twos: int, small: int, big: int) -> list[CardSet]:
        """The sets of `row` holding exactly `wild` wildcards, within these."""
        out = []
        for b in range(min(big, wild) + 1):
            for s in range(min(small, wild - b) + 1):
                t = wild - b - s
                if t <= twos:
                    out.append(row[t * self.twos_step + s * self.jokers_step + b])
        return out


def is_gouji_as(move: CardSet, kind: int) -> bool:
    """§5 够级 (`GOUJI_STANDARD`), or by rank and size alone: 后水湾's (B.4) or the outline's (A.1)."""
    if kind == GOUJI_STANDARD:
        return move.is_gouji
    return move.is_gouji_by_rank if kind == GOUJI_BY_RANK else move.is_gouji_outline


def opens_point_as(move: CardSet, rule: int, kind: int) -> bool:
    """Whether a set that wins its round opens point under the point rule: a pure 够级 set (§9),
    a 够级 set without a big joker (outline, A.5) or any 够级 set (后水湾, B.5)."""
    if rule == POINT_STANDARD:
        return move.is_point
    return is_gouji_as(move, kind) and (rule != POINT_OUTLINE or not move.big)


def beats_by_rank(move: CardSet, table: CardSet) -> bool:
    """A.1: the same size and a higher rank (wildcards alone above every rank), or §4 between
    two sets of wildcards alone."""
    if move.size != table.size:
        return False
    if table.rank == WILD_ONLY:
        return move.rank == WILD_ONLY and move.beats(table)
    return move.rank == WILD_ONLY or move.rank > table.rank


def can_answer_by_rank(counts: list[int], table: CardSet, low: int = FOUR) -> bool:
    """Whether any set of this hand beats `table` under A.1, without building one."""
    if table.rank == WILD_ONLY:
        return can_answer(counts, table, low)
    wild = counts[TWO] + counts[SMALL_JOKER] + counts[BIG_JOKER]
    if wild >= table.size:
        return True
    for rank in range(max(table.rank + 1, low), ACE + 1):
        if counts[rank] and counts[rank] + wild >= table.size:
            return True
    return False


def within(move: CardSet, spend: Spend | None) -> bool:
    """Whether the set's wildcards cost no more than `spend` allows (any set, without one)."""
    if spend is None:
        return True
    two_price, small_price, big_price, budget = spend
    return move.twos * two_price + move.small * small_price + move.big * big_price <= budget


def without_big(move: CardSet) -> CardSet | None:
    """The set's cards other than its big jokers (None when that is nothing)."""
    if move.size == move.big:
        return None
    return card_set(move.rank, move.naturals, move.twos, move.small, 0)


def beats_over_big(move: CardSet, table: CardSet) -> bool:
    """B.3: `move` holds one big joker more than `table` (k ≥ 1), and the rest beats the rest."""
    if not table.big or move.big != table.big + 1 or move.size != table.size + 1:
        return False
    mine, theirs = without_big(move), without_big(table)
    return (mine is None and theirs is None) or (
        mine is not None and theirs is not None and mine.beats(theirs)
    )


STANDARD_SETS = SetTable(FOUR_DECKS.copies[TWO], FOUR_DECKS.copies[BIG_JOKER])
# (deck, 憋3) → its enumeration; the default's is STANDARD_SETS itself
SET_TABLES: dict[tuple[str, bool], SetTable] = {
    (name, bie3): STANDARD_SETS
    if (deck, bie3) == (FOUR_DECKS, True)
    else SetTable(deck.copies[TWO], deck.copies[BIG_JOKER], FOUR if bie3 else THREE)
    for name, deck in DECKS.items()
    for bie3 in (True, False)
}
leads = STANDARD_SETS.leads  # the default deck's, for callers that know no table
answers = STANDARD_SETS.answers


def can_answer(counts: list[int], table: CardSet, low: int = FOUR) -> bool:
    """Whether any set of this hand beats `table`, without building one (auto-pass, §6).

    Spending more jokers only lowers how many plain cards are needed, so it is enough to check
    the fewest plain cards possible (with at least table.small big jokers, or nothing beats)."""
    big, small = counts[BIG_JOKER], counts[SMALL_JOKER]
    if table.big or big < table.small:
        return False
    need = table.size - big - small
    if need <= 0:
        return True
    floor = table.value + 1 if table.plain else low
    twos = counts[TWO]
    if floor <= TWO and need <= twos:
        return True
    for rank in range(floor if floor > low else low, ACE + 1):
        if counts[rank] and counts[rank] + twos >= need:
            return True
    return False


def can_answer_over_big(counts: list[int], table: CardSet, low: int = FOUR) -> bool:
    """B.3's extra answers exist (see `SetTable.answers_over_big`)."""
    if not table.big or counts[BIG_JOKER] < table.big + 1:
        return False
    others = without_big(table)
    if others is None:
        return True
    rest = list(counts)
    rest[BIG_JOKER] = 0
    return can_answer(rest, others, low)


def point_sets(counts: list[int]) -> list[CardSet]:
    """Every 开点 set of a hand (§5): pure 够级 sets, no joker, no wildcard 2."""
    out = [card_set(rank, n) for rank, need in GOUJI_SIZE.items() for n in range(need, counts[rank] + 1)]
    out += [card_set(WILD_ONLY, 0, n) for n in range(2, counts[TWO] + 1)]
    return out


def holds(counts: list[int], move: CardSet) -> bool:
    return (
        (move.rank == WILD_ONLY or counts[move.rank] >= move.naturals)
        and counts[TWO] >= move.twos
        and counts[SMALL_JOKER] >= move.small
        and counts[BIG_JOKER] >= move.big
    )


def can_finish_with_jokers(counts: list[int], minus: CardSet | None = None, low: int = FOUR) -> bool:
    """§7 feasibility: the hand (less `minus`) can be played out with a joker in every set,
    the final 3s apart (with 憋3). Each natural rank needs its own set; 2s ride along with any
    joker."""
    jokers = counts[SMALL_JOKER] + counts[BIG_JOKER]
    twos = counts[TWO]
    ranks = 0
    for rank in range(low, ACE + 1):
        left = counts[rank] - (minus.naturals if minus is not None and minus.rank == rank else 0)
        if left:
            ranks += 1
    if minus is not None:
        jokers -= minus.jokers
        twos -= minus.twos
    if ranks + twos + jokers == 0:
        return True
    return jokers >= max(1, ranks)
