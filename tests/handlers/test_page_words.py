"""The Mini App's words are served from the bot's catalogues (`words.js`), so a word lives in one
place: every word the page asks for is there, in every language, and a pack's page words come
with the pack."""

from __future__ import annotations

import json
import re
from pathlib import Path

from handlers.gameui import UI
from handlers.i18n import LANGUAGES
from handlers.web.page import page_words, words_script

STATIC = Path(__file__).resolve().parents[2] / "handlers" / "web" / "static"
# words chosen at run time: a status, a mark, a step button, the play button
CHOSEN = {"over", "stopped", "lobby", "expose", "play", "no_replay", "no_table"}
CHOSEN |= {"good", "inaccuracy", "mistake", "blunder", "first", "prev", "next", "last"}


def asked_for() -> set[str]:
    return set(re.findall(r'\bw\("([a-z_]+)"', script())) | CHOSEN


def script() -> str:
    """The page's script: every ES module of it."""
    return "\n".join(path.read_text(encoding="utf-8") for path in sorted(STATIC.glob("*.js")))


def test_every_word_the_page_asks_for_is_served_in_every_language() -> None:
    asked = asked_for()
    assert {"your_turn", "spectator", "better"} <= asked
    missing = {lang: sorted(asked - set(page_words(lang))) for lang in LANGUAGES}
    assert missing == {lang: [] for lang in LANGUAGES}


def test_every_joker_a_game_shows_has_its_own_word_on_the_page() -> None:
    jokers = {token for part in UI.values() for token in part.web.look.get("jokers", "").split()}
    assert jokers == {"SJ", "BJ"}
    for lang in LANGUAGES:
        assert all(page_words(lang).get(f"face_{token}") for token in jokers), lang


def test_the_page_keeps_no_words_of_its_own() -> None:
    source = script()
    assert "const WORDS" not in source and "轮到你了" not in source


def test_words_js_is_the_catalogues_page_words_as_one_script() -> None:
    script = words_script()
    assert script.startswith("const WORDS = ") and script.endswith(";\n")
    served = json.loads(script[len("const WORDS = ") : -2])
    assert served == {lang: page_words(lang) for lang in LANGUAGES}
    assert served["zh"]["face_BJ"] != served["en"]["face_BJ"]
