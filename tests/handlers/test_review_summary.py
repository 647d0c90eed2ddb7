"""The review's summary in the group: per person the plays reviewed, what following the review
would have gained a play on average (the estimates, their noise cancelling; never below 0), the
marks' counts."""

from __future__ import annotations

from engine.referee import MatchReview
from engine.review import Judgement
from handlers.i18n import t
from handlers.reviews import summary


def judged(seat: int, loss: float, estimate: float | None, mark: str = "good") -> Judgement:
    return Judgement(1, 1, seat, "C2", "C3", loss, 2.0, mark, 1, estimate=estimate)


def test_the_average_loss_is_the_estimates_mean_and_never_below_zero() -> None:
    review = MatchReview(
        1,
        1,
        -100,
        "gongzhu",
        (11, 12, None, None),
        (
            judged(0, 0.0, -6.0),  # a luck-found better move the fresh samples undid
            judged(0, 40.0, 40.0, "mistake"),
            judged(0, 5.0, 5.0),
            judged(1, 0.0, -9.0),
            judged(1, 3.0, 3.0),
            judged(1, 0.0, None),  # stored without an estimate: its loss stands in
        ),
        None,
    )
    said = summary(review, ["Alice", "Bob", "bot", "bot"], "en").splitlines()
    alice = next(line for line in said if line.startswith("Alice"))
    bob = next(line for line in said if line.startswith("Bob"))
    counts = {"good": 2, "inaccuracy": 0, "mistake": 1, "blunder": 0}
    assert alice == t("en", "review.player", name="Alice", count=3, loss="13.0", **counts)  # (−6+40+5)/3
    counts = {"good": 3, "inaccuracy": 0, "mistake": 0, "blunder": 0}
    assert bob == t("en", "review.player", name="Bob", count=3, loss="0.0", **counts)  # −2, shown as 0
