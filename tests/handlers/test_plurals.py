"""English counts read as English ("1 matches", and "13 · 0 won" beside a seat's cards
for its tricks): a catalogue text may name the word for one and for many, `{n|trick|tricks}`;
Chinese needs none."""

from __future__ import annotations

from handlers.i18n import t
from render.labels import label


def test_one_match_one_hand_one_point_read_singular_and_the_rest_plural() -> None:
    one = t("en", "help.stats_line", game="Gouji", matches=1, wins=0, hands=1, points=1, timeouts=1)
    assert one == "Gouji: 1 match, 0 won · 1 hand · 1 point · 1 timeout"
    many = t("en", "help.stats_line", game="Gouji", matches=3, wins=1, hands=0, points=40, timeouts=2)
    assert many == "Gouji: 3 matches, 1 won · 0 hands · 40 points · 2 timeouts"


def test_a_seats_tricks_are_called_tricks_in_pictures() -> None:
    assert (label("en", "tricks", n=1), label("en", "tricks", n=0)) == ("1 trick", "0 tricks")
    assert label("zh", "tricks", n=3) == "3圈"
