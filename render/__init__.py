"""Pictures: a player's hand, the table and score sheets, drawn with Pillow from engine views.

Pure functions from values to PNG bytes (no Telegram, no database); each picture is cached by
what it shows. Every function takes `theme` (`light` or `dark`) and `lang` (`zh` or `en`).

    render.<game>.hand(...)                               # each game's hand (render/<game>/)
    table_picture(table_scene(view, names, now))          # the group's table message
    score_sheet(ScoreSheet(...))                          # after a hand and a match
"""

from render import scoresheet, table
from render.cache import PICTURES, cached
from render.games import table_scene
from render.scene import SeatScene, TableScene
from render.scoresheet import ScoreSheet
from render.theme import THEMES

table_picture = cached(table.table_picture)
score_sheet = cached(scoresheet.score_sheet)

__all__ = [
    "PICTURES",
    "THEMES",
    "ScoreSheet",
    "SeatScene",
    "TableScene",
    "score_sheet",
    "table_picture",
    "table_scene",
]
