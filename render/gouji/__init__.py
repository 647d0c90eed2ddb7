"""够级's part of its game pack for the pictures: its table scene, the set in the middle, its hand."""

from render import table
from render.cache import cached
from render.gouji import hand_picture as hands
from render.gouji.scene import scene
from render.look import Look, words_in

hand = cached(hands.hand_picture)  # the hand picture, as the chat shows it
layout = hands.layout

PART = Look(
    scene=scene,
    middle=table.set_middle(hands.set_faces),
    round_label="hand_no",  # 第n手
    sheet_round="score_hand",
    layout=lambda cards, lang: hands.layout(cards, lang=lang),
    words=words_in("gouji"),
    set_faces=hands.set_faces,
)

__all__ = ["PART", "hand", "layout"]
