"""§6 the match: totals deal by deal, the pig-taker's lead, the end at ±1000 / ±800 or after a
fixed number of deals; conduct (timeouts, penalties, leaving) and replay."""

import random

from engine.gongzhu import Match, Rules, new_match
from tests.helpers import finish_with_defaults, of


def play_random(match: Match, rand: random.Random) -> list:
    """Random legal plays (no claims) to the end of the match; the events of it all."""
    events = []
    while not match.is_over:
        seat = match.to_act[0]
        moves = [m for m in match.legal_moves(seat) if str(m) != "claim"]
        events += match.apply(seat, rand.choice(moves))
    return events


def test_totals_add_up_and_the_pig_taker_leads_the_next_deal() -> None:
    match, rand = new_match(seed=5, rules=Rules(deals=3)), random.Random(5)
    first = of(match.opening_events, "PlayStarted") or None
    events = play_random(match, rand)
    ended = of(events, "DealEnded")
    assert len(ended) == 3 and match.is_over and match.end_reason == "deals"
    assert match.totals == [sum(e.scores[s] for e in ended) for s in range(4)]
    starts = of(events, "PlayStarted")
    assert (first or starts)[0].reason == "club2"
    later = [s for s in starts if s.reason == "pig_taker"]
    for previous, start in zip(ended[:-1], later, strict=True):
        assert start.leader == previous.pig_taker


def test_the_match_ends_when_a_total_reaches_the_target() -> None:
    for target in (1000, 800):
        match, rand = new_match(seed=target, rules=Rules(match_target=target)), random.Random(1)
        events = play_random(match, rand)
        ended = of(events, "MatchEnded")[0]
        assert match.end_reason == "target" and any(abs(t) >= target for t in match.totals)
        running = [0, 0, 0, 0]
        for deal in of(events, "DealEnded")[:-1]:  # not reached before the last deal
            running = [r + s for r, s in zip(running, deal.scores, strict=True)]
            assert all(abs(r) < target for r in running)
        assert ended.losers == tuple(s for s in range(4) if match.totals[s] == min(match.totals))
        assert ended.winners == tuple(s for s in range(4) if match.totals[s] == max(match.totals))


def test_a_replay_gives_the_same_match() -> None:
    rules = Rules(deals=2, expose_mode="blind")
    match = new_match(seed="replay", rules=rules)
    play_random(match, random.Random(2))
    again = Match.replay("replay", rules, match.log)
    assert again.totals == match.totals and again.deal.public_view() == match.deal.public_view()


def test_timeouts_warn_then_penalise() -> None:
    match = new_match(seed=1, rules=Rules(strikes=2, penalty_points=100))
    first = match.timeout(0)
    assert (first.strikes, first.penalty, first.autopilot) == (1, 0, False)
    second = match.timeout(0)
    assert (second.penalty, second.autopilot) == (100, True) and match.totals[0] == -100


def test_a_leaver_scores_the_deals_worst() -> None:
    match = new_match(seed=9, rules=Rules(deals=1))
    assert of(match.forfeit(2), "Forfeited")[0].seat == 2
    assert match.forfeit(2) == []  # once
    finish_with_defaults(match.deal)
    points = match.deal.result.card_points
    assert points[2] == min(points)


def test_stop_ends_the_match_with_the_totals_so_far() -> None:
    match = new_match(seed=4)
    ended = match.stop()
    assert ended.reason == "stopped" and match.is_over and match.legal_moves(0) == []
