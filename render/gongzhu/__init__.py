"""拱猪's part of its game pack for the pictures: its table scene, the trick in the middle, its hand."""

from render import table
from render.cache import cached
from render.gongzhu import hand_picture as hands
from render.gongzhu.scene import scene
from render.look import Look, words_in

hand = cached(hands.hand_picture)  # the hand picture, as the chat shows it
layout = hands.layout
by_suit = hands.by_suit

PART = Look(
    scene=scene,
    middle=table.trick_middle,
    round_label="deal_no",  # 第n副
    sheet_round="score_deal",
    layout=lambda cards, lang: hands.layout(cards, lang=lang),
    words=words_in("gongzhu"),
)

__all__ = ["PART", "by_suit", "hand", "layout"]
