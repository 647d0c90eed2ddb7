"""What players type for "pass" (过 / 不要 / pass in any case) reaches both engines as their pass,
and both languages' catalogues say the same things with the same placeholders."""

from __future__ import annotations

import re

import pytest

from engine import gongzhu, gouji
from handlers.i18n import LANGUAGES, catalogue


@pytest.mark.parametrize("parse", [gouji.parse_move, gongzhu.parse_move], ids=["gouji", "gongzhu"])
@pytest.mark.parametrize("text", ["pass", "PASS", "Pass", " pass ", "过", "不要"])
def test_every_way_of_saying_pass_is_the_engines_pass(parse, text: str) -> None:
    assert str(parse(text)) == "pass"


def placeholders(text: str) -> set[str]:
    return set(re.findall(r"\{(\w+)\}", text))


def test_the_catalogues_have_the_same_keys_and_placeholders() -> None:
    zh, *others = (catalogue(lang) for lang in LANGUAGES)
    for other in others:
        assert set(other) == set(zh), set(other) ^ set(zh)
        different = {k for k in zh if placeholders(zh[k]) != placeholders(other[k])}
        assert not different, {k: (zh[k], other[k]) for k in different}
