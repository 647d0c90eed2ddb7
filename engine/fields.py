"""A round's state read and written field by field, by an explicit list of names.

When the rules are compiled with mypyc (README, `build_engine.py`), a round is a native object: it has no
`__dict__`, and `copy` and `pickle` cannot see its attributes. So each round class names its
fields once (`FIELDS`, checked by tests/test_fields.py against every attribute the rules assign)
and rebuilds itself on a blank object from the values read here: its `clone` for a search and
its `__reduce__` for a worker process. Pure Python runs the same code.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any


def field_values(state: object, names: Sequence[str]) -> tuple[object, ...]:
    return tuple(getattr(state, name) for name in names)


def set_fields(state: object, names: Sequence[str], values: Sequence[object]) -> None:
    for name, value in zip(names, values, strict=True):
        setattr(state, name, value)


def frozen_reduce(value: Any) -> tuple[object, ...]:
    """`__reduce__` of a frozen dataclass: pickle's default sets a compiled one's fields after
    construction, which `frozen` forbids."""
    return type(value), tuple(getattr(value, field.name) for field in dataclasses.fields(value))
