"""Each round class names its fields once (`FIELDS`, engine/fields.py): its clone and its pickled
copy carry exactly those. A field the rules assign but `FIELDS` forgets would be lost from every
search position and every round sent to a worker process, so the list is checked against every
attribute the round's classes assign, read from their source."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

from engine.gongzhu import deal
from engine.gouji import hand


def assigned_attributes(cls: type) -> set[str]:
    """`self.x = …` (and `+=`, tuple targets) in the methods of the class and of its bases."""
    names: set[str] = set()
    for base in cls.__mro__:
        if base is object:
            continue
        module = ast.parse(source_file(base.__module__).read_text())
        for node in ast.walk(module):
            if isinstance(node, ast.ClassDef) and node.name == base.__name__:
                names |= _self_targets(node)
    return names


def source_file(module: str) -> Path:
    """The module's .py, also when the module imported is its mypyc build (a .so beside it)."""
    built = Path(str(sys.modules[module].__file__))
    return built.with_name(built.name.split(".")[0] + ".py")


def _self_targets(tree: ast.AST) -> set[str]:
    found = set()
    for node in ast.walk(tree):
        targets: list[ast.expr] = []
        if isinstance(node, ast.Assign):
            targets = list(node.targets)
        elif isinstance(node, ast.AugAssign | ast.AnnAssign):
            targets = [node.target]
        for target in targets:
            found |= {leaf.attr for leaf in ast.walk(target) if _is_self_attribute(leaf)}
    return found


def _is_self_attribute(node: ast.AST) -> bool:
    return isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "self"


@pytest.mark.parametrize(
    ("cls", "fields", "set_by_blank_constructor"),
    [
        (hand.Hand, hand.FIELDS, {"rules", "seed", "deck", "sets"}),
        (deal.Deal, deal.FIELDS, {"rules", "seed"}),
    ],
)
def test_fields_name_every_attribute_the_rules_assign(
    cls: type, fields: tuple[str, ...], set_by_blank_constructor: set[str]
) -> None:
    assigned = assigned_attributes(cls)
    assert len(set(fields)) == len(fields)
    assert set(fields) == assigned - set_by_blank_constructor
    assert set_by_blank_constructor <= assigned
