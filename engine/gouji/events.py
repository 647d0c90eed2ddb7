"""What `apply` reports: typed events carrying all an announcer needs (see engine/events.py).

Nothing private is in an event (`TributePaid.cards` is public information by §11a).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.events import CardsPlayed, MatchOver, SeatPassed
from engine.events import ClaimAnswered as ClaimAnswered  # re-exported: shared with every game
from engine.events import Event as Event  # re-exported: `ev.Event` in the phases
from engine.events import Forfeited as Forfeited  # re-exported: one namespace of 够级 events
from engine.events import TimedOut as TimedOut


@dataclass(slots=True)
class HandStarted(Event):
    hand_no: int
    seed: str


@dataclass(slots=True)
class LeaderChosen(Event):
    seat: int
    reason: str  # turned_card | last_place | rotation | threes_shown | revolution_side | given
    card: str | None = None  # the turned card, suit included (e.g. "H9")


@dataclass(slots=True)
class ThreeBought(Event):  # 买3 (and 后水湾's 马牌, which buys a 4 the same way: rank "4")
    buyer: int
    seller: int
    paid: str
    rank: str = "3"


@dataclass(slots=True)
class ThreeGiven(Event):  # 要3
    buyer: int
    seller: int
    rank: str = "3"


@dataclass(slots=True)
class ThreeUnavailable(Event):  # nobody could sell (no one holds two 3s), or nothing to pay with
    buyer: int
    rank: str = "3"


@dataclass(slots=True)
class RevolutionDeclared(Event):  # 革命
    seat: int


@dataclass(slots=True)
class Redealt(Event):  # two revolutions at once
    seats: tuple[int, ...]


@dataclass(slots=True)
class ChargeMade(Event):  # 冲点 (or, without one, the opposite's uncontested point lead)
    seat: int
    cards: str
    contested: bool


@dataclass(slots=True)
class ChargeAnswered(Event):
    seat: int
    cards: str | None  # None: let it stand
    outcome: str  # opposite_opened | neither | charger_opened


@dataclass(slots=True)
class DeadLevelsChosen(Event):  # 死级
    seat: int
    chosen: bool


@dataclass(slots=True)
class TributeResisted(Event):  # 抗贡
    payer: int


@dataclass(slots=True)
class TributePaid(Event):
    payer: int
    receiver: int
    tribute: str  # smother | burn | point | last | second_last
    cards: tuple[str, ...]


@dataclass(slots=True)
class TributeForgiven(Event):  # 欠贡 (or paid in advance during 冲点)
    payer: int
    receiver: int
    tribute: str
    count: int
    reason: str  # short | charged


@dataclass(slots=True)
class TributeChoice(Event):  # a teammate's 吃 / 不吃 / 反抽
    receiver: int
    payer: int
    tribute: str
    choice: str  # take | decline | counter
    cards: tuple[str, ...]


@dataclass(slots=True)
class Declared(Event):  # 预点 / 太空 / 明点: the opposite will not open point (A.6, B.6)
    seat: int
    name: str  # yudian | taikong | mingdian
    stake: int
    against: int


@dataclass(slots=True)
class DeclarationSettled(Event):  # at the hand's end: won, or 翻车
    seat: int
    name: str
    won: bool
    count: int  # 点贡 paid to the declarer (won) or by it
    against: int


@dataclass(slots=True)
class Merged(Event):  # 会3 / 会4: these ranks are out of every hand for the hand (A.9)
    seat: int
    ranks: tuple[str, ...]


@dataclass(slots=True)
class Claimed(Event):  # 挑牌: the claimant's whole hand, shown to everyone (A.9)
    seat: int
    hand: str


@dataclass(slots=True)
class ClaimAccepted(Event):  # everyone accepted: the claimant plays out and finishes
    seat: int


@dataclass(slots=True)
class JokersFell(Event):  # 大小王不出手: jokers alone before the final 3s; placed 大落 (B.7)
    seat: int


@dataclass(slots=True)
class PlayStarted(Event):
    leader: int


@dataclass(slots=True)
class Played(CardsPlayed):  # seat, cards
    lead: bool
    gouji: bool
    burn: bool
    cards_left: int


@dataclass(slots=True)
class Yielded(Event):  # 让牌: the next two seats answer the opposite's set first
    seat: int
    first: tuple[int, int]


@dataclass(slots=True)
class Passed(SeatPassed):  # seat
    auto: bool  # 要不起: passed by the referee because no legal beat existed


@dataclass(slots=True)
class BurnSucceeded(Event):
    burner: int
    burned: int


@dataclass(slots=True)
class BurnFailed(Event):  # 解烧; 反烧 when the burned player made the beat
    burner: int
    burned: int
    by: int
    counter: bool


@dataclass(slots=True)
class Smothered(Event):  # 闷
    seat: int
    by: int


@dataclass(slots=True)
class PointOpened(Event):  # 开点
    seat: int
    cards: str


@dataclass(slots=True)
class Finished(Event):  # 走科
    seat: int
    place: int  # 1-based, as far as known now


@dataclass(slots=True)
class RoundWon(Event):  # 回牌
    seat: int
    leader: int
    relay: bool  # 接风: the winner had finished, the next seat with cards leads


@dataclass(slots=True)
class TributeReturned(Event):  # 还贡 (A.11): a card the tribute's receiver gives back, chosen by it
    seat: int
    payer: int
    tribute: str
    card: str


@dataclass(slots=True)
class BecameHeadless(Event):  # 无头
    seat: int


@dataclass(slots=True)
class LastGoujiChance(Event):  # 够级 of 后水湾 (B.12): 头科's opposite keeps one 够级 set only a burn answers
    seat: int


@dataclass(slots=True)
class MeleeBegan(Event):  # 四人乱缠
    pass


@dataclass(slots=True)
class HandEnded(Event):
    hand_no: int
    finish_order: tuple[int, ...]
    scores: tuple[int, ...]
    sweep: int | None  # the team (0 or 1) that won by 烩四, else None


@dataclass(slots=True)
class MatchEnded(MatchOver):  # totals, reason: sweep | hand_limit | stopped
    compensation: tuple[int, ...]
    winners: tuple[int, ...] = ()  # the winning team's seats (a draw: none)
