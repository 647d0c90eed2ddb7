"""The card counter (记牌器) tells only what everyone saw played: two tables whose hidden hands
are swapped count the same, and the counts are the cards dealt less those played."""

from __future__ import annotations

from engine.games import GAMES
from engine.options import parse_options
from engine.seeding import rng


def test_gongzhu_s7_the_counter_option_tells_only_what_was_played() -> None:
    """docs/rules/gongzhu.md §7, card counter: the cards nobody has played, the same for all."""
    counts_played_cards_only("gongzhu")


def test_gouji_s11a_the_counter_tells_only_what_was_played() -> None:
    """docs/rules/gouji.md §11a: the counter adds the copies of each rank nobody has played."""
    counts_played_cards_only("gouji")


def counts_played_cards_only(game: str) -> None:
    pack = GAMES[game]
    assert pack.still_out is not None
    rules = pack.rules(parse_options(pack.rules_type, pack.short_match))
    for number in range(3):
        match = pack.new_match(f"counter/{number}", rules)
        for ply in range(20 + 17 * number):
            if match.is_over:
                break
            seat = match.to_act[0]
            match.apply(seat, pack.bots["normal"](match.current, seat, rng("counter", number, ply)))
        current = match.current
        counted = pack.still_out(current)
        in_hands = sum(current.seat_view(s).public.cards_left[s] for s in range(pack.seats))
        if game == "gouji":
            assert sum(n for _, n in counted) == in_hands
        else:
            assert sum(n for token, n in counted if len(token) == 1) == in_hands  # the four suits
        swapped = current.clone()  # two seats with as many cards swap hands: nothing public moves
        sizes = [swapped.seat_view(s).public.cards_left[s] for s in range(pack.seats)]
        pair = next(
            ((a, b) for a in range(pack.seats) for b in range(a + 1, pack.seats) if sizes[a] == sizes[b]),
            None,
        )
        if pair is None:
            continue
        a, b = pair
        hands = swapped.hands if game == "gongzhu" else swapped.cards
        hands[a], hands[b] = hands[b], hands[a]
        assert pack.still_out(swapped) == counted
