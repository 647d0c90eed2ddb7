"""§3 sets, §4 which set beats which, §5 够级 and 开点 sets."""

import random
from collections.abc import Iterator

import pytest

from engine import IllegalMove
from engine.gouji import from_hands, parse_move
from engine.gouji.cards import parse_counts, shuffled_deck
from engine.gouji.sets import CardSet, answers, can_answer, leads, within


def beats(a: str, b: str) -> bool:
    return parse_move(a).beats(parse_move(b))


@pytest.mark.parametrize(
    ("high", "low"),
    [
        ("J J J J", "10 10 10 10"),
        ("Q 2", "J J"),
        ("SJ", "2"),
        ("BJ", "SJ"),
        ("6 BJ", "5 SJ"),
        ("A A SJ", "K K K"),
        ("BJ BJ", "SJ SJ"),
        ("4 4", "3 3"),
    ],
)
def test_s4_examples_that_beat(high: str, low: str) -> None:
    assert beats(high, low)
    assert not beats(low, high)


@pytest.mark.parametrize(
    ("challenger", "table"),
    [
        ("6 2", "5 SJ"),  # a small joker is met only by a big one
        ("6 SJ", "5 SJ"),
        ("2 2", "BJ 4"),  # nothing beats a set holding a big joker
        ("BJ BJ", "BJ 4"),
        ("BJ", "BJ"),
        ("SJ SJ", "SJ SJ"),
        ("A SJ", "SJ SJ"),
        ("K K K", "Q Q"),  # same number of cards, always
        ("J J", "J J"),  # strictly higher
        ("A 2", "2 2"),  # a wildcard 2 takes the base rank: A 2 is two aces, below two 2s
    ],
)
def test_s4_examples_that_do_not_beat(challenger: str, table: str) -> None:
    assert not beats(challenger, table)


def test_s4_a_set_of_twos_only_stays_twos() -> None:
    assert beats("2 2", "A A")
    assert beats("2 2", "A 2")
    assert not beats("SJ 2", "2 2")  # card by card: SJ > 2, but 2 is not > 2
    assert beats("SJ SJ", "2 2")


def test_s3_notation_is_canonical_and_accepts_shorthand() -> None:
    assert str(parse_move("2 9 2 9 9")) == "9 9 9 2 2"
    assert str(parse_move("9x3+2x2")) == "9 9 9 2 2"
    assert str(parse_move("BJ 4 4")) == "4 4 BJ"
    assert str(parse_move("4 4 大王")) == "4 4 BJ"
    assert parse_move("2 2 SJ").rank == -1  # wildcards only: base 2 with a small joker attached


def test_s3_threes_never_take_wildcards_and_sets_have_one_rank() -> None:
    hand = from_hands(["3 3 2", "4", "4", "4", "4", "4"], leader=0)
    with pytest.raises(IllegalMove) as err:
        hand.apply(0, "3 3 2")
    assert err.value.key == "threes_no_wild"
    with pytest.raises(IllegalMove) as err:
        parse_move("9 10")
    assert err.value.key == "not_a_set"


def test_s3_threes_are_led_only_as_the_last_set() -> None:
    assert "3 3" not in {str(m) for m in leads(parse_counts("3 3 5"))}
    assert [str(m) for m in leads(parse_counts("3 3"))] == ["3 3"]


@pytest.mark.parametrize(
    ("cards", "gouji", "point"),
    [
        ("10 10 10 10 10", True, True),
        ("10 10 10 2 2", True, False),  # 2s count toward the size, but a point set is pure
        ("10 10 10 10", False, False),
        ("J J J J", True, True),
        ("Q Q Q", True, True),
        ("K K", True, True),
        ("A A", True, True),
        ("A", False, False),
        ("2", True, False),  # a pure 2 is 够级, a point set needs two
        ("2 2", True, True),
        ("4 SJ", True, False),  # any joker makes a set 够级
        ("9 9 9 9 9 9 9", False, False),  # ranks 4–9 never, without a joker
        ("SJ", True, False),
    ],
)
def test_s5_gouji_and_point_sets(cards: str, gouji: bool, point: bool) -> None:
    move = parse_move(cards)
    assert (move.is_gouji, move.is_point) == (gouji, point)


def test_s4_answers_are_exactly_the_sets_that_beat() -> None:
    hand = parse_counts("3 4 4 7 7 7 Q Q K 2 2 SJ BJ")
    table = parse_move("J J")
    found = {str(m) for m in answers(hand, table)}
    everything = {str(m) for m in leads(hand) if m.size == 2 and m.beats(table)}
    assert found == everything
    assert {"Q Q", "K 2", "2 2", "SJ BJ", "Q BJ"} <= found
    assert "7 7" not in found


def random_hands_and_tables(seed: int, count: int = 2000) -> Iterator[tuple[list[int], CardSet]]:
    """A hand of 1–36 cards and a set led from 1–8 others of the same shuffled decks."""
    rand = random.Random(seed)
    for _ in range(count):
        deck = shuffled_deck(rand)
        hand, other = [0] * 15, [0] * 15
        for card in deck[: rand.randint(1, 36)]:
            hand[card.rank] += 1
        for card in deck[100 : 100 + rand.randint(1, 8)]:
            other[card.rank] += 1
        yield hand, rand.choice(leads(other))


def test_s4_can_answer_agrees_with_the_enumeration() -> None:
    for hand, table in random_hands_and_tables(5):
        found = answers(hand, table)
        assert can_answer(hand, table) == bool(found)
        assert all(m.beats(table) for m in found)


def test_answers_within_a_spend_are_the_answers_whose_wildcards_cost_no_more() -> None:
    """The reader's bounded enumeration loses no set it may spend on and keeps none
    it may not: a 2 at 3, a small joker at 7, a big one at 10, budgets as the heuristic's."""
    bounded = 0
    for index, (hand, table) in enumerate(random_hands_and_tables(7)):
        spend = (3, 7, 10, [-1, 0, 2, 5, 8, 16][index % 6])
        everything = answers(hand, table)
        found = answers(hand, table, spend)
        assert found == [m for m in everything if within(m, spend)]
        bounded += len(found) < len(everything)
    assert bounded > 500  # the bound does cut, so the comparison is asked of cut lists


@pytest.mark.parametrize(
    ("text", "base", "count"),
    [
        ("6 6 6 2 SJ", "6", 3),
        ("9 9 9 2 2", "9", 3),
        ("2 2 SJ", "2", 2),
        ("SJ BJ", "SJ", 1),
        ("BJ BJ", "BJ", 2),
    ],
)
def test_a_sets_base_is_what_a_player_builds_it_on(text: str, base: str, count: int) -> None:
    """The keyboard's builder picks the base rank, then how many of it: the engine says both."""
    played = parse_move(text)
    assert isinstance(played, CardSet) and (played.base, played.base_count) == (base, count)
