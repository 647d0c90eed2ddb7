"""够级's part of its game pack for Telegram and the Mini App (handlers.gameui.GameUI)."""

from pathlib import Path

from engine.gouji.sets import DECISION_NAMES
from handlers.gameui import GameUI
from handlers.gouji import keyboards, ui
from handlers.gouji.lines import LINES
from handlers.gouji.web import WEB
from render import gouji as pictures

PART = GameUI(
    word=str,
    per_row=3,
    keyboard=keyboards.first,
    table_info=ui.table_info,
    hand_picture=lambda private, lang, table: pictures.hand(
        private.hand, lang=lang, table=table, me=private.seat
    ),
    sheet_places=ui.sheet_places,
    sheet_teams=True,
    web=WEB,
    switches=(
        "variant",
        "bots",
        "teams",
        "revolution",
        "kaidian",
        "auto_pass",
        "yielding",
        "burn_priority",
        "scoring",
        "counter",
    ),
    seat_intro=ui.seat_intro,
    question_values=ui.question_values,
    profile_counts=("smothers", "burns", "points_opened"),
    profile_average="place",
    replay_public=ui.set_shown,
    round_result=ui.round_result,
    lines=LINES,
    steps=keyboards.steps,
    decisions=DECISION_NAMES,
    texts=Path(__file__).parent / "locales",
    words=DECISION_NAMES,
)
