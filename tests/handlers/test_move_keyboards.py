"""What a hurried player taps: the first buttons of a decision. The 💡 hint's move is one press
away, 够级's builder lists natural sets before those spending 2s and jokers, and 拱猪's cards are
listed with those that score nothing first (a first-button lead gave away the player's own pig)."""

from __future__ import annotations

from engine import gongzhu
from engine.bots import bot_move
from engine.gouji import from_hands
from handlers.callbacks import Action, Signer
from handlers.gouji.keyboards import sets
from handlers.keyboards import Keys

CHAT = 501
SIGNER = Signer("1:t")


def pressed(markup: object) -> list[tuple[Action, str]]:
    return [
        (button.action, button.arg)
        for row in markup.inline_keyboard  # type: ignore[attr-defined]
        for key in row
        for button in [SIGNER.load(key.callback_data, CHAT)]
    ]


def one_press_moves(markup: object, legal: list[str]) -> list[str]:
    return [legal[int(arg)] for action, arg in pressed(markup) if action in (Action.MOVE, Action.WARNED)]


def test_the_hinted_set_is_on_the_first_keyboard_even_where_the_suggestions_leave_it_out() -> None:
    hand = "4 5 6 7 7 7 8 9 10 J K K K A"
    game = from_hands([hand, "3", "3", "3", "3", "3"], leader=0)
    legal = [str(m) for m in game.legal_moves(0)]
    keys = Keys(SIGNER, CHAT, "gouji", 1, 1, "zh")
    plain = one_press_moves(keys.moves(legal, "play"), legal)
    assert "K K K" not in plain  # the suggestions: the lowest ranks' sets
    hinted = one_press_moves(keys.moves(legal, "play", hinted="K K K"), legal)
    assert hinted[0] == "K K K" and hinted[1:] == plain  # on top; the rest as it was
    assert one_press_moves(keys.moves(legal, "play", hinted=plain[1]), legal) == plain  # there already


def test_the_hint_button_never_adds_a_move_to_an_exposure_built_by_toggles() -> None:
    deal = gongzhu.deal_from(
        ["SQ DJ C10 HA H2 H3 H4 H5 H6 H7 H8 H9 H10", "S2 S3 S4 S5 S6 S7 S8 S9 S10 SJ SK SA D2",
         "D3 D4 D5 D6 D7 D8 D9 D10 DQ DK DA C2 C3", "C4 C5 C6 C7 C8 C9 CJ CQ CK CA HJ HQ HK"]
    )  # fmt: skip
    legal = [str(m) for m in deal.legal_moves(0)]
    keys = Keys(SIGNER, CHAT, "gongzhu", 1, 1, "zh")
    hint = str(bot_move("gongzhu", deal, 0, 0, "normal"))
    assert pressed(keys.moves(legal, "expose", hinted=hint)) == pressed(keys.moves(legal, "expose"))


def test_the_builder_lists_a_ranks_natural_sets_before_those_with_wildcards() -> None:
    game = from_hands(["10 10 10 2 2 4", "3", "3", "3", "3", "3"], leader=0)
    legal = [str(m) for m in game.legal_moves(0)]
    listed = one_press_moves(sets(Keys(SIGNER, CHAT, "gouji", 1, 1, "zh"), legal, "10"), legal)
    assert listed.index("10 10 10") < listed.index("10 2 2") and listed.index("10 10") < listed.index("10 2")
    assert listed[:3] == ["10", "10 10", "10 10 10"]


def test_a_gongzhu_lead_lists_the_cards_that_score_nothing_first() -> None:
    deal = gongzhu.from_hands(
        ["SQ SA S3 HA H2 DJ D9 C10 C4", "S2 S4 S5 S6 S7 S8 S9 S10 SJ",
         "D2 D3 D4 D5 D6 D7 D8 D10 DQ", "C2 C3 C5 C6 C7 C8 C9 CJ CQ"],
        leader=0,
    )  # fmt: skip
    legal = [str(m) for m in deal.legal_moves(0)]
    listed = one_press_moves(Keys(SIGNER, CHAT, "gongzhu", 1, 1, "zh").moves(legal, "play"), legal)
    assert listed[:4] == ["S3", "SA", "D9", "C4"]  # nothing scored: by suit, lowest first
    assert set(listed[4:9]) == {"SQ", "HA", "H2", "DJ", "C10"} and listed[9:] == ["claim"]
