"""拱猪's part of its game pack for Telegram and the Mini App (handlers.gameui.GameUI)."""

from pathlib import Path

from engine.gongzhu.moves import WORDS
from handlers.cards import card_label
from handlers.gameui import GameUI
from handlers.gongzhu import keyboards, ui
from handlers.gongzhu.lines import LINES
from handlers.gongzhu.web import WEB

PART = GameUI(
    word=card_label,
    per_row=4,
    keyboard=keyboards.first,
    table_info=ui.table_info,
    hand_picture=ui.hand_picture,
    sheet_places=lambda match: None,
    sheet_teams=False,
    web=WEB,
    switches=(
        "bots",
        "decks",
        "heart_values",
        "expose_mode",
        "expose_discard",
        "self_capture",
        "first_lead",
        "pig_sheep_swap",
        "auto_claim",
        "partners",
        "pig_sheep_team",
        "colour_discard",
        "double_pig",
        "counter",
    ),
    option_values={"decks": ("1", "2")},
    implied={
        ("double_pig", "true"): {"decks": "2"},
        ("decks", "1"): {"double_pig": "false"},
    },  # 双猪: two decks
    hidden=ui.hidden,
    listed_by=keyboards.safest_first,
    sheet_taken=ui.sheet_taken,
    confirm=lambda private: {"claim": "claim"},  # it publishes the hand: asked twice
    question_values=ui.claim_question,
    seat_intro=ui.seat_intro,
    replay_line=ui.taken_line,
    replay_public=ui.trick_shown,
    round_result=ui.round_result,
    lines=LINES,
    toggled=keyboards.exposure_move,
    decisions=frozenset(WORDS.values()),
    carded=frozenset({"expose"}),
    texts=Path(__file__).parent / "locales",
    words=frozenset(WORDS),
)
