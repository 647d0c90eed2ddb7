"""The phases of a 够级 hand, in order: set-up, the pre-play decisions of §8, play, over.
A `StrEnum`, so a phase reads and stores as its name (`"revolution"`)."""

from __future__ import annotations

from enum import StrEnum


class Phase(StrEnum):
    SETUP = "setup"
    BLIND_DECLARE = "blind_declare"  # 预点 / 太空 before the deal, cards unseen (A.6, B.6)
    REVOLUTION = "revolution"  # §8.2 革命: who revolts
    CHARGE = "charge"  # §8.2 冲点: the revolutionary's set against the opposite, or none
    CHARGE_ANSWER = "charge_answer"  # the opposite answers the charge
    UNCONTESTED = "uncontested"  # no charge: the opposite may lead a 开点 set unanswered
    RESIST = "resist"  # §8.3 抗贡
    TRIBUTE = "tribute"  # §8.4 进贡; a teammate receiver's 吃 / 不吃 / 反抽
    RETURN = "return"  # 还贡 (A.11): each tribute card received but a 点贡 is answered by one
    DEAD_LEVELS = "dead_levels"  # §8.5 死级
    DECLARE = "declare"  # 明点 before the first lead (A.6, B.6)
    MERGE = "merge"  # 会3 / 会4: the leader may take the 3s and / or 4s out (A.9, without 憋3)
    PLAY = "play"
    CLAIM_ANSWER = "claim_answer"  # 挑牌: the others accept or reject the shown hand (A.9)
    OVER = "over"
