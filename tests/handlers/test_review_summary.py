"""The review's summary in the group: per person the plays reviewed, their points a play against
careful play (the estimates' mean, negated: a play above careful play is +), the marks' counts."""

from __future__ import annotations

from engine.referee import MatchReview
from engine.review import Judgement
from handlers.i18n import t
from handlers.reviews import summary


def judged(seat: int, loss: float, estimate: float | None, mark: str = "good") -> Judgement:
    return Judgement(1, 1, seat, "C2", "C3", loss, 2.0, mark, 1, estimate=estimate)


def test_the_edge_over_careful_play_is_the_estimates_mean_negated_with_its_sign() -> None:
    review = MatchReview(
        1,
        1,
        -100,
        "gongzhu",
        (11, 12, None, None),
        (
            judged(0, 0.0, -6.0),  # a play above careful play
            judged(0, 40.0, 40.0, "mistake"),
            judged(0, 5.0, 5.0),
            judged(1, 0.0, -9.0),
            judged(1, 3.0, 2.7),
            judged(1, 0.0, None),  # stored without an estimate: its loss stands in
        ),
        None,
    )
    said = summary(review, ["Alice", "Bob", "bot", "bot"], "en").splitlines()
    alice = next(line for line in said if line.startswith("Alice"))
    bob = next(line for line in said if line.startswith("Bob"))
    counts = {"good": 2, "inaccuracy": 0, "mistake": 1, "blunder": 0}
    assert alice == t("en", "review.player", name="Alice", count=3, edge="−13.0", **counts)  # (−6+40+5)/3
    counts = {"good": 3, "inaccuracy": 0, "mistake": 0, "blunder": 0}
    assert bob == t("en", "review.player", name="Bob", count=3, edge="+2.1", **counts)  # (9−2.7−0)/3


def test_an_edge_that_rounds_to_nought_has_no_sign() -> None:
    from handlers.reviews import signed

    assert (signed(0.04), signed(-0.04), signed(0.05), signed(-12.25)) == ("0.0", "0.0", "+0.1", "−12.2")
