"""Every way of naming a variant gives the same rules (docs/rules/gouji-variants.md C, the
presets). `gouji.Rules(variant="houshuiwan")` once built the standard game under 后水湾's name,
while `Rules.from_options({"variant": ...})` and the lobby applied the preset."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from engine import gongzhu, gouji
from engine.gongzhu.rules import CHOICES as GONGZHU_CHOICES
from engine.gongzhu.rules import NUMBER_CHOICES
from engine.gouji.rules import PRESETS
from engine.options import parse_options
from engine.record import make_record, replay_record
from tests.referee.world import ALICE, GROUP, World

VARIANTS = sorted(PRESETS)


@pytest.mark.parametrize("variant", VARIANTS)
def test_c_the_constructor_applies_the_variants_preset_as_typed_options_do(variant: str) -> None:
    built = gouji.Rules(variant=variant)
    assert built == gouji.Rules.from_options({"variant": variant})
    typed = parse_options(gouji.Rules, PRESETS[variant])
    assert typed and {name: getattr(built, name) for name in typed} == typed  # every field it sets


def test_c_houshuiwan_by_its_constructor_deals_six_decks_after_blind_declarations() -> None:
    rules = gouji.Rules(variant="houshuiwan", max_hands=4)
    assert (rules.deck, rules.buying, rules.bj_over_bj, rules.max_hands) == ("six_decks", "horse", True, 4)
    game = gouji.new_game(seed=7, rules=rules)
    assert game.phase == "blind_declare"  # B.6: 太空 is declared before the cards are seen
    for seat in list(game.to_act):
        game.apply(seat, "pass")
    assert sum(len(game.hand(s)) for s in range(6)) == 288  # six decks, 48 a seat before 马牌


def test_c_the_fields_given_beside_a_variant_win_as_typed_options_do() -> None:
    built = gouji.Rules(variant="outline", scoring="club", max_hands=3)
    typed = gouji.Rules.from_options({"variant": "outline", "scoring": "club", "max_hands": "3"})
    assert built == typed and built.scoring == "club" and built.leader_rule == "rotate"
    assert gouji.Rules(variant="houshuiwan", deck="four_decks").deck == "four_decks"


def test_c_a_stored_table_comes_back_as_it_was_stored() -> None:
    """A stored table names every field: one changed after the preset keeps its value."""
    rules = gouji.Rules(variant="outline", scoring="club")
    assert gouji.Rules(**rules.to_dict()) == rules
    assert replace(rules, max_hands=2).scoring == "club"


@pytest.mark.parametrize("variant", VARIANTS)
async def test_c_the_lobby_the_settings_and_a_record_name_the_same_rules(
    tmp_path: Path, variant: str
) -> None:
    world = await World.open(tmp_path / "referee.db")
    try:
        opened = await world.referee.open_table(GROUP, ALICE, "gouji", {"variant": variant})
        assert opened.rules == gouji.Rules(variant=variant)  # `/gouji variant=…`
        await world.referee.stop(opened.id, ALICE)
        other = "houshuiwan" if variant != "houshuiwan" else "outline"
        table = await world.referee.open_table(GROUP, ALICE, "gouji", {"variant": other})
        await world.referee.set_options(table.id, {"variant": variant}, by=ALICE)  # the settings
        assert world.referee.table(table.id).rules == gouji.Rules(variant=variant)
    finally:
        await world.referee.close()
        await world.store.close()
    record = make_record("gouji", {"variant": variant}, "7", [])  # a hand-written record
    assert replay_record(record).rules == gouji.Rules(variant=variant)


def test_gongzhu_has_no_preset_and_its_constructor_equals_its_typed_options() -> None:
    assert gongzhu.Rules.presets == {}
    choices = {**GONGZHU_CHOICES, **NUMBER_CHOICES}
    for name, values in choices.items():
        for value in values:
            try:
                built = gongzhu.Rules(**{name: value})
            except ValueError:
                continue  # a value that needs another option (double_pig needs two decks …)
            assert built == gongzhu.Rules.from_options({name: str(value)}), (name, value)
    assert gongzhu.Rules(pig_sheep_swap=True) == gongzhu.Rules.from_options({"pig_sheep_swap": "on"})
