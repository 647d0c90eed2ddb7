"""A 拱猪 deal that ends with cards still in hand says why (docs/rules/gongzhu.md, the referee's
claim): no scoring card left, the last trick playing itself, or a claim everyone accepted."""

from __future__ import annotations

from engine import gongzhu
from engine.gongzhu.events import ClaimSettled
from handlers.announce import lines

NAMES = ["Alice", "Bob", "Carol", "Dave"]


def told(lang: str, *events: object) -> list[str]:
    return lines(list(events), NAMES, str, lang)  # type: ignore[arg-type]


def test_a_deal_ended_by_the_referee_with_no_scoring_card_left_says_so() -> None:
    """A real position: the only scoring card left falls in the first trick, and the deal ends
    there with two cards in every hand."""
    deal = gongzhu.from_hands(["SA D2 D3", "SQ D4 D5", "S2 C2 C3", "S3 C4 C5"], leader=0)
    events: list[object] = []
    for seat, card in enumerate(("SA", "SQ", "S2", "S3")):
        events += deal.apply(seat, gongzhu.parse_move(card))
    settled = [e for e in events if isinstance(e, ClaimSettled)]
    assert deal.is_over and settled == [ClaimSettled(None, (), True)]
    [said] = told("en", *settled)
    assert said.startswith("No scoring card is left in any hand: the deal ends here")
    assert told("zh", *settled) == ["分牌已全部出完：剩下的牌不会改变得分，本副到此结束。"]


def test_an_accepted_claim_is_said() -> None:
    assert told("en", ClaimSettled(3, (("HA", 3),), False)) == [
        "Everyone accepted Dave's claim: the deal ends as claimed."
    ]
