"""Table options typed by players (`kaidian=off`, `decks=2`): parsing shared by both games' Rules."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import fields
from typing import Any, ClassVar, Self, TypeVar

from engine.errors import Refusal
from engine.move import quoted

_TRUE = {"on", "true", "yes", "1", "开"}
_FALSE = {"off", "false", "no", "0", "关"}
WHOLE_DIGITS = 6  # no option counts past a million; a longer number is refused before int() reads it


class OptionError(Refusal):
    """An option (or time control) a player typed that the rules do not take, with a reason key
    the interface translates (`option_unknown`, `option_range`, `option_needs` …)."""


def check_ranges(rules: object, ranges: dict[str, tuple[int, int]]) -> None:
    """Each numeric option within its (low, high), inclusive."""
    for name, (low, high) in ranges.items():
        if not low <= getattr(rules, name) <= high:
            raise OptionError("option_range", option=name, low=low, high=high)


def parse_options(cls: type, options: dict[str, str]) -> dict[str, object]:
    """Typed values for a rules dataclass from text."""
    known = {f.name: f for f in fields(cls)}
    aliases: Mapping[str, str] = getattr(cls, "aliases", {})
    values: dict[str, object] = {}
    for typed, raw in options.items():
        key = aliases.get(typed, typed)
        field = known.get(key)
        if field is None:
            raise OptionError("option_unknown", option=quoted(key), allowed=", ".join(known))
        default = field.default
        text = str(raw).strip().lower()
        if isinstance(default, bool):
            if text not in _TRUE | _FALSE:
                raise OptionError("option_switch", option=key)
            values[key] = text in _TRUE
        elif isinstance(default, int):
            if not text.lstrip("-").isdigit() or len(text) > WHOLE_DIGITS:
                raise OptionError("option_number", option=key, digits=WHOLE_DIGITS)
            values[key] = int(text)
        else:
            values[key] = text
    return values


class TableOptions:
    """Mixin for a frozen rules dataclass: built from typed words, stored as a dict. `choices`
    names each option that takes one of a few values (the switches are the bool fields): the
    space of tables a game can be played at, which the contract tests play through."""

    __slots__ = ()
    choices: ClassVar[Mapping[str, tuple[object, ...]]] = {}
    aliases: ClassVar[Mapping[str, str]] = {}  # option names players type → field names
    # option → value → the options that value sets first (a variant's preset)
    presets: ClassVar[Mapping[str, Mapping[str, Mapping[str, str]]]] = {}

    @classmethod
    def preset_for(cls, options: Mapping[str, str]) -> dict[str, str]:
        """The options the chosen presets set; what was typed beside them wins over them."""
        found: dict[str, str] = {}
        for option, values in cls.presets.items():
            chosen = str(options.get(option, "")).strip().lower()
            found.update(values.get(chosen, {}))
        return found

    @classmethod
    def from_options(cls, options: dict[str, str]) -> Self:
        """Builds rules from `key=value` words a player typed; ValueError says what is allowed.
        A preset typed (`variant=outline`) is applied by the constructor (`with_presets`)."""
        return cls(**parse_options(cls, options))

    def to_dict(self) -> dict[str, object]:
        return {f.name: getattr(self, f.name) for f in fields(self)}  # type: ignore[arg-type]  # a dataclass mixin


OptionsT = TypeVar("OptionsT", bound=type[TableOptions])


def with_presets(cls: OptionsT) -> OptionsT:
    """A rules dataclass whose constructor applies the presets it is given:
    `Rules(variant="houshuiwan", max_hands=4)` is 后水湾's preset with `max_hands=4`, exactly as
    `Rules.from_options({"variant": "houshuiwan", "max_hands": "4"})` and the game's command
    with `variant=houshuiwan max_hands=4` are. The fields given win over the preset's, as typed options
    do (`variant=outline scoring=club`); a stored table names every field, so it comes back as
    it was. Apply it on top of `@dataclass(kw_only=True)`: the generated `__init__` stays what
    type checkers read, and its keywords are the same."""
    generated = cls.__init__

    def __init__(self: TableOptions, **fields: Any) -> None:
        chosen = {name: str(fields[name]) for name in cls.presets if name in fields}
        preset = parse_options(cls, cls.preset_for(chosen)) if chosen else {}
        generated(self, **(preset | fields))

    __init__.__doc__ = generated.__doc__
    cls.__init__ = __init__  # type: ignore[assignment]
    return cls
