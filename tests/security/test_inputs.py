"""docs/security.md, "anything a user types or presses": the notation parsers refuse what no deck
holds and anything longer than a move can be, before reading it; a refusal quotes a few dozen
characters at most; signed buttons act only in the chat they were sent to; a database from before
join tokens gets one for each of its tables."""

from __future__ import annotations

import tracemalloc
from pathlib import Path

import pytest

from data.store import Store
from engine import gongzhu, gouji
from engine.errors import IllegalMove, Refused
from engine.gouji.cards import FOUR_DECKS, RANKS
from engine.move import MAX_NOTATION, QUOTED
from engine.options import parse_options
from handlers.callbacks import Button, Forged, Signer
from tests.helpers import said, schema_file

HOSTILE = [
    "9x100000000",
    "9x999999999999",
    "9x" + "9" * 5000,
    "9x24 9x1",  # 25 nines: more than the largest deck (后水湾's six) holds
    "BJ BJ BJ BJ BJ BJ BJ",
    "SJx7",
    ",",  # a separator alone named no card (拱猪 raised IndexError)
    " , ,",
    "expose ,",
    "9 " * 2000,
    "9x9" * 1000,
    "x" * 4096,
    "大王" * 2000,
    "claim " + "SQ=1 " * 800,
    "expose " + "SQ " * 1300,
    "take " + "9" * 4000,
    "😀" * 4096,
    "SJ " * 99,  # just under the length limit: every token read, the fifth joker refused
    "10 " * 99,
]
PARSERS = {"gouji": gouji.parse_move, "gongzhu": gongzhu.parse_move}


@pytest.mark.parametrize("game", PARSERS)
@pytest.mark.parametrize("text", HOSTILE, ids=range(len(HOSTILE)))
def test_hostile_notation_is_refused_with_bounded_memory_and_a_short_quote(game: str, text: str) -> None:
    """Before the fix `9x100000000` built a hundred-million-card set (22 s, gigabytes)."""
    tracemalloc.start()
    try:
        with pytest.raises(IllegalMove) as refusal:
            PARSERS[game](text)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 1024 * 1024, peak  # a regex compiled, a few small lists: never the cards it names
    assert len(str(refusal.value)) < 160


def test_no_rank_is_accepted_beyond_the_copies_the_largest_deck_holds() -> None:
    """docs/rules/gouji.md §1: four decks, 16 of each natural rank and of 2, 4 of each joker; 后水湾's six
    decks (docs/rules/gouji-variants.md B.1) 24 and 6: notation names no more than that."""
    assert dict(zip(RANKS, FOUR_DECKS.copies, strict=True)) == {
        **{r: 16 for r in RANKS[:13]},
        "SJ": 4,
        "BJ": 4,
    }
    assert str(gouji.parse_move("9x24")) == " ".join(["9"] * 24)
    assert str(gouji.parse_move("BJ BJ BJ BJ BJ BJ")) == " ".join(["BJ"] * 6)
    for text in ("9x25", "9x24 9", "BJx7", "2x10 2x15"):
        with pytest.raises(IllegalMove) as refusal:
            gouji.parse_move(text)
        assert refusal.value.key == "too_many"


def test_the_longest_real_moves_fit_under_the_notation_limit() -> None:
    """The limit refuses nothing a player could mean: a whole 36-card 够级 hand of tens and a 拱猪
    claim naming all 16 scoring cards are both far below it."""
    tens = " ".join(["10"] * 16 + ["2"] * 16 + ["SJ"] * 4)
    assert len(tens) < MAX_NOTATION and str(gouji.parse_move(tens)).count("10") == 16
    scoring = [c.text for c in gongzhu.cards.DECK if c.scoring]
    claim = "claim " + " ".join(f"{c}=3" for c in scoring)
    assert len(scoring) == 16 and len(claim) < MAX_NOTATION
    assert str(gongzhu.parse_move(claim)).startswith("claim")
    with pytest.raises(IllegalMove):
        gouji.parse_move("9 " * (MAX_NOTATION // 2 + 1))


def test_a_refusal_quotes_only_the_start_of_what_was_typed() -> None:
    with pytest.raises(IllegalMove) as refusal:
        gongzhu.parse_move("hello" * 50)
    assert refusal.value.params["text"] == ("hello" * 50)[: QUOTED - 1] + "…"


def test_option_values_too_long_to_be_real_are_refused_before_they_are_read() -> None:
    """`max_hands=<5000 digits>` raised Python's own int-conversion error, shown to the user."""
    with pytest.raises(ValueError) as too_long:
        parse_options(gouji.Rules, {"max_hands": "9" * 5000})
    assert said(too_long.value) == "max_hands must be a whole number of at most 6 digits."
    with pytest.raises(ValueError) as error:
        parse_options(gouji.Rules, {"x" * 5000: "1"})
    assert len(str(error.value)) < 400


def test_a_button_signed_for_one_chat_is_forged_in_any_other() -> None:
    signer = Signer("123:token")
    data = signer.dump(Button("f", 7, 3), chat=-100)
    assert signer.load(data, -100) == Button("f", 7, 3)
    for chat in (-101, 100, 0, None):  # another group, a private chat, no message at all
        with pytest.raises(Forged):
            signer.load(data, chat)
    with pytest.raises(Forged):
        Signer("456:other").load(data, -100)  # another bot's key


@pytest.mark.parametrize("data", ["f|7|3||ä", "ф|7|3||abcdefgh", "\x00", "", "|||||", "f|7|3"])
def test_malformed_or_non_ascii_button_data_is_forged_not_an_error(data: str) -> None:
    """Non-ASCII data made `hmac.compare_digest` raise TypeError: the press went unanswered."""
    with pytest.raises(Forged):
        Signer("123:token").load(data, -100)


async def test_a_database_from_before_join_tokens_gets_a_distinct_token_per_table(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    with schema_file(path, 1) as db:  # the file as the release before join tokens left it
        db.execute("INSERT INTO groups (id) VALUES (-1)")
        for _ in range(3):
            db.execute(
                "INSERT INTO tables (group_id, game, rules, time_control, move_seconds, status, created_at)"
                " VALUES (-1, 'gouji', '{}', 'fast', 20, 'lobby', 0)"
            )
    store = await Store.open(path)
    try:
        async with store.reading() as q:
            rows = await q.open_tables()
    finally:
        await store.close()
    tokens = [row.join_token for row in rows]
    assert len(set(tokens)) == 3 and all(len(t) == 24 for t in tokens)


def test_refused_is_what_the_referee_raises_for_every_bad_request() -> None:
    assert issubclass(Refused, ValueError) and issubclass(IllegalMove, ValueError)


def test_words_that_are_no_decision_are_refused_and_never_kept() -> None:
    """Every typed word used to be interned as a decision: a memory that grew with each one."""
    from engine.gouji import sets

    kept = len(sets._DECISIONS)
    for n in range(200):
        with pytest.raises(IllegalMove) as refusal:
            gouji.parse_move(f"hello{'x' * (n % 7)} ")
        assert refusal.value.key == "unknown_move"
    assert len(sets._DECISIONS) == kept
