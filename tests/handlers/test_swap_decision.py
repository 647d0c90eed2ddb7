"""猪羊变色 `chosen` (docs/rules/gongzhu.md §5) as the players see it: the taker's keyboard offers swap and
keep in words, and the group hears the question, the choice and, under 双猪, both pigs."""

from __future__ import annotations

from engine.gongzhu import events as ev
from handlers.announce import lines
from handlers.callbacks import Signer
from handlers.keyboards import Keys

NAMES = ["Alice", "Bob", "Carol", "Dave"]


def labels(markup) -> list[str]:
    return [b.text for row in markup.inline_keyboard for b in row]


def test_section5_the_takers_keyboard_asks_swap_or_keep_in_their_language() -> None:
    for lang, expected in (
        ("zh", ["猪羊变色", "不变色", "💡 提示"]),
        ("en", ["Swap pig and sheep", "Keep them", "💡 Hint"]),
    ):
        keys = Keys(Signer("1:t"), 501, "gongzhu", 7, 40, lang)
        assert labels(keys.moves(["swap", "keep"], "swap")) == expected


def test_section5_the_group_hears_the_question_and_the_choice() -> None:
    said = lines([ev.SwapAsked(0), ev.SwapChosen(0, True)], NAMES, str, "zh")
    assert said == ["Alice 收全红，正在决定是否猪羊变色。", "Alice 选择猪羊变色！"]
    assert lines([ev.SwapChosen(2, False)], NAMES, str, "en") == [
        "Carol keeps the pig and the sheep as they are."
    ]


def test_section7_double_pig_deal_names_both_pigs() -> None:
    ended = ev.DealEnded(3, (0, 0, 0, 0), (-300, 50, 400, -150), ((0,), (1,), (2,), (3,)), 0, (0, 2))
    assert lines([ended], NAMES, str, "zh") == ["第3副结束。当猪：Alice、Carol"]
    plain = ev.DealEnded(3, (0, 0, 0, 0), (-300, 50, 400, -150), ((0,), (1,), (2,), (3,)), 0)
    assert lines([plain], NAMES, str, "en") == ["Deal 3 is over."]
