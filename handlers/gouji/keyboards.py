"""够级's keyboards: in play, a few one-tap sets, pass and "more" — the set builder (a base rank,
then any legal set of it: how many naturals, which wildcards, a page at a time)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from telegram import InlineKeyboardMarkup

from engine.gouji.bot import wild_cost
from engine.gouji.cards import RANKS
from engine.gouji.sets import CardSet, parse_move
from handlers.callbacks import Action
from handlers.gameui import PackKeys, Rows
from handlers.i18n import t
from handlers.keyboards import rows

SUGGESTIONS = 4  # one-tap plain sets offered besides pass and "more"
PAGE = 12  # the builder's sets on one keyboard: four rows of three


def first(
    keys: PackKeys, legal: Sequence[str], phase: str, warned: frozenset[str], chosen: int
) -> InlineKeyboardMarkup | None:
    """In play, a long list becomes suggestions, pass and the set builder ("more")."""
    return suggestions(keys, legal, warned) if phase == "play" else None


def steps(
    keys: PackKeys, legal: Sequence[str], step: str, warnings: Mapping[str, str]
) -> InlineKeyboardMarkup:
    """The builder: its base ranks (no step yet), or the sets one step on (`ranks`)."""
    return sets(keys, legal, step, warnings) if step else ranks(keys, legal)


def ranks(keys: PackKeys, legal: Sequence[str]) -> InlineKeyboardMarkup:
    """The builder's first step: the base ranks that have a legal set."""
    bases = sorted({s.base for s in sets_of(legal).values()}, key=RANKS.index)
    buttons = rows([keys.button(b, Action.SETS, b) for b in bases], 5)
    return InlineKeyboardMarkup([*buttons, [keys.back()]])


def sets(
    keys: PackKeys, legal: Sequence[str], step: str, warnings: Mapping[str, str] | None = None
) -> InlineKeyboardMarkup:
    """The builder's next steps, `step` being `base`, `base/naturals` or `base/naturals/page`:
    the legal sets of a base rank; when they are many, first how many naturals, then the sets
    of that many (which wildcards), a page of `PAGE` at a time. Every legal set is a few taps
    away, and a keyboard never has more than four rows of sets."""
    base, _, rest = step.partition("/")
    warned = frozenset(warnings or ())
    found = sets_of(legal)
    of_base = [i for i in cheapest_first(found) if found[i].base == base]  # natural sets first
    if not rest:
        if len(of_base) <= PAGE:
            return InlineKeyboardMarkup([*keys.choices(legal, of_base, warned), [keys.back()]])
        counts = sorted({found[i].base_count for i in of_base})
        buttons = [keys.button(f"{base} ×{n}", Action.SETS, f"{base}/{n}") for n in counts]
        return InlineKeyboardMarkup([*rows(buttons, 4), [keys.back()]])
    count, _, page = rest.partition("/")
    chosen = [i for i in of_base if str(found[i].base_count) == count]
    number = int(page) if page.isdigit() else 0
    shown = chosen[number * PAGE : (number + 1) * PAGE]
    nav = [keys.button(t(keys.lang, "play.back"), Action.SETS, base)]
    if (number + 1) * PAGE < len(chosen):
        nav.append(keys.button(t(keys.lang, "play.next_page"), Action.SETS, f"{base}/{count}/{number + 1}"))
    return InlineKeyboardMarkup([*keys.choices(legal, shown, warned), nav])


def suggestions(keys: PackKeys, legal: Sequence[str], warned: frozenset[str]) -> InlineKeyboardMarkup:
    """A long list of plays as a few one-tap sets, pass and "more"; a short one whole, the
    cheapest sets first (a hurried player taps the first button, and `Q 2 2` came
    before `Q Q Q`, in the engine's order)."""
    if len(legal) <= SUGGESTIONS + 2:
        found = sets_of(legal)
        rest = [i for i in range(len(legal)) if i not in found]
        return InlineKeyboardMarkup(keys.choices(legal, [*cheapest_first(found), *rest], warned))
    return InlineKeyboardMarkup(_suggested(keys, legal, warned))


def _suggested(keys: PackKeys, legal: Sequence[str], warned: frozenset[str]) -> Rows:
    """Cheap plain sets first: for each base rank its biggest set without wildcards, low first."""
    best: dict[str, int] = {}  # base rank → index of its biggest plain set
    found = sets_of(legal)
    for i, one in found.items():
        if one.naturals != one.size:  # wildcards in it: not a cheap plain set
            continue
        if one.base not in best or one.size > found[best[one.base]].size:
            best[one.base] = i
    picks = [best[b] for b in sorted(best, key=RANKS.index)][:SUGGESTIONS]
    if not picks:  # only sets with wildcards: the cheapest ones
        picks = cheapest_first(found)[:SUGGESTIONS]
    # the decisions besides the sets (pass, 让牌), then the builder
    last = [keys.move(legal, i, warned) for i, move in enumerate(legal) if i not in found]
    last.append(keys.button(t(keys.lang, "play.more"), Action.RANKS))
    return [*keys.choices(legal, picks, warned), last]


def sets_of(legal: Sequence[str]) -> dict[int, CardSet]:
    """The sets among the legal moves, by index (not pass, 让牌 or another decision)."""
    parsed = {i: parse_move(move) for i, move in enumerate(legal)}
    return {i: move for i, move in parsed.items() if isinstance(move, CardSet)}


def cheapest_first(found: Mapping[int, CardSet]) -> list[int]:
    """The sets' indexes, natural sets before those spending wildcards (a 2 before a joker, as
    the normal bot weighs them), then low ranks and small sets first."""
    return sorted(found, key=lambda i: (wild_cost(found[i]), found[i].value, found[i].size))
