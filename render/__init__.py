"""Pictures: a player's hand, the table and score sheets, drawn with Pillow from engine views.

Pure functions from values to PNG bytes (no Telegram, no database); each picture is cached by
what it shows. Every function takes `theme` (`light` or `dark`) and `lang` (`zh` or `en`).

    gouji_hand("3 4 4 9 9 9 2 BJ", selected="9 9 9 2")    # 够级: by rank, wildcards apart
    gongzhu_hand("SQ SK H2 C10", exposed="SQ", playable="SQ SK")
    table_picture(table_scene(view, names, now))          # the group's table message
    score_sheet(ScoreSheet(...))                          # after a hand and a match
"""

from render import hands, scoresheet, table
from render.cache import PICTURES, cached
from render.scene import SeatScene, TableScene, table_scene
from render.scoresheet import ScoreSheet
from render.theme import THEMES

gouji_hand = cached(hands.gouji_hand)
gongzhu_hand = cached(hands.gongzhu_hand)
table_picture = cached(table.table_picture)
score_sheet = cached(scoresheet.score_sheet)

__all__ = [
    "PICTURES",
    "THEMES",
    "ScoreSheet",
    "SeatScene",
    "TableScene",
    "gongzhu_hand",
    "gouji_hand",
    "score_sheet",
    "table_picture",
    "table_scene",
]
