"""Docs/rules/gouji.md §11a: tributes are public: the group hears who paid whom which cards, and
a teammate's 吃 / 不吃 / 反抽."""

from __future__ import annotations

from engine.gouji import events as ev
from handlers.announce import lines

NAMES = ["Alice", "Bob", "Carol", "Dave", "Eve", "Finn"]


def test_s11a_tributes_name_their_cards_and_teammates_choices() -> None:
    events = [
        ev.TributePaid(5, 0, "last", ("BJ", "2")),
        ev.TributeChoice(2, 4, "second_last", "counter", ("SJ",)),
        ev.TributeChoice(0, 2, "smother", "decline", ()),
        ev.TributeForgiven(1, 4, "burn", 1, "short"),
        ev.ThreeGiven(3, 1),
    ]
    assert lines(events, NAMES, str, "zh") == [
        "Finn 向 Alice 进贡：BJ 2（大落贡）。",
        "Carol 反抽：给队友 Eve SJ。",
        "Alice 不吃队友 Carol 的贡。",
        "Bob 欠 Eve 1 张贡（烧贡）。",
        "Bob 给 Dave 一张 3。",
    ]
