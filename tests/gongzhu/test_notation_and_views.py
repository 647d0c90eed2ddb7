"""Card notation (suit letter + rank, ♠♥♦♣ and Chinese suit names accepted) and what the views
show: the public view never holds a card of anyone's hand."""

import json
from dataclasses import asdict

import pytest

from engine import IllegalMove
from engine.gongzhu import Rules, deal_from, parse_card, parse_move
from tests.gongzhu.hands import HANDS
from tests.helpers import play


@pytest.mark.parametrize(
    ("text", "card"),
    [("SQ", "SQ"), ("sq", "SQ"), ("♠Q", "SQ"), ("♥10", "H10"), ("HT", "H10"), ("红桃A", "HA"), ("♣2", "C2")],
)
def test_cards_are_read_in_every_notation(text: str, card: str) -> None:
    assert str(parse_card(text)) == card


def test_moves_have_one_canonical_form() -> None:
    assert str(parse_move("♦J dj")) == "DJ DJ"
    assert str(parse_move("H5 SQ")) == "SQ H5"
    assert str(parse_move("明 ♥A ♠Q")) == "expose SQ HA"
    assert str(parse_move("声称 SQ=2")) == "claim SQ=2"
    assert parse_move("SQ") is parse_move("♠Q")  # plays are interned
    with pytest.raises(IllegalMove) as error:
        parse_move("claim SQ=7")
    assert error.value.key == "unknown_move"


def test_the_public_view_never_shows_a_hand() -> None:
    deal = deal_from(HANDS, rules=Rules(expose_mode="blind"))
    play(deal, (0, "expose SQ"), (1, "pass"), (2, "pass"), (3, "pass"), (0, "C2"))
    public = json.dumps(asdict(deal.public_view()))
    for seat in range(4):
        for card in deal.hand(seat):
            assert f'"{card}"' not in public
    mine = deal.seat_view(1)
    assert mine.hand == " ".join(str(c) for c in sorted(deal.hand(1)))
    assert mine.legal == ("C5", "C4", "C3", "claim")
