"""A full deal used by several tests: each seat holds one of the four exposable cards."""

HANDS = [
    "SQ SA SK S2 H2 H3 H4 H5 H6 D2 D3 D4 C2",  # 0: the pig and the ♣2
    "DJ DA DK D5 D6 D7 H7 H8 H9 C3 C4 C5 S3",  # 1: the sheep
    "C10 CA CK C6 C7 C8 H10 HJ HQ S4 S5 S6 D8",  # 2: the transformer
    "HA HK S7 S8 S9 S10 SJ C9 CJ CQ D9 D10 DQ",  # 3: the ♥A
]
