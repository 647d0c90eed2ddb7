"""What the pictures draw differently for each game, by name: the word for a round on the table
and on the score sheet. The table scene and its middle have their own per-game entries
(`render.scene.SCENES`, `render.table.MIDDLES`); a test checks every engine game has all three."""

from __future__ import annotations

ROUND_LABEL = {"gouji": "hand_no", "gongzhu": "deal_no"}  # 第n手 / 第n副
SHEET_ROUND = {"gouji": "score_hand", "gongzhu": "score_deal"}
