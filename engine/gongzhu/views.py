"""The views of a 拱猪 deal: what everyone may know, and what a seat adds to it."""

from __future__ import annotations

from dataclasses import dataclass

from engine.views import RoundView, SeatRoundView


@dataclass(frozen=True, slots=True)
class ClaimView:
    """声称 (摊牌): the claimer's hand is shown to all, as at the table."""

    seat: int
    hand: str
    assignment: tuple[tuple[str, int], ...]  # scoring card → the seat it goes to
    waiting: tuple[int, ...]  # seats still to accept or reject


@dataclass(frozen=True, slots=True)
class DealView(RoundView):
    leader: int
    trick_no: int
    trick: tuple[tuple[int, str], ...]  # (seat, card) played to the trick now on
    last_trick: tuple[tuple[int, str], ...]
    exposed: tuple[tuple[str, ...], ...]  # 明牌 (empty when blind: only the counts are public)
    exposed_counts: tuple[int, ...]
    taken: tuple[tuple[str, ...], ...]  # the scoring cards each seat took
    tricks_won: tuple[int, ...]
    suits_opened: tuple[str, ...]
    claim: ClaimView | None
    card_points: tuple[int, ...] | None
    # each seat's card points were the deal to end now (its scoring cards taken, exposures
    # counted): public, as taken cards lie face up; None once the deal is over, and with blind
    # exposures, whose doubling is secret until then
    running: tuple[int, ...] | None = None


SeatDealView = SeatRoundView[DealView]  # a type: build it as SeatRoundView(...)
