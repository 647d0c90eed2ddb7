"""Every game the engine registers has everything the rest needs: a Telegram interface, a bot,
its pictures (scene, table middle, round words), and settings names; nothing is decided by
`if game == …` outside the registries."""

from __future__ import annotations

import re
from pathlib import Path

from engine.bots import POLICIES
from engine.games import GAMES
from handlers.games import UI
from handlers.settings import SWITCHES
from handlers.web.tableview import WEB_GAMES
from render.games import ROUND_LABEL, SHEET_ROUND
from render.scene import SCENES
from render.table import MIDDLES

ROOT = Path(__file__).resolve().parent.parent


def test_every_engine_game_is_in_every_registry() -> None:
    for registry in (UI, POLICIES, ROUND_LABEL, SHEET_ROUND, SCENES, MIDDLES, SWITCHES, WEB_GAMES):
        assert set(registry) == set(GAMES), registry


def test_no_handler_or_picture_branches_on_a_game_name() -> None:
    branch = re.compile(r"""(game|\.game)\s*[!=]=\s*["'](gouji|gongzhu)["']""")
    found = [
        f"{path.relative_to(ROOT)}:{number}"
        for folder in ("handlers", "render")
        for path in (ROOT / folder).rglob("*.py")
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if branch.search(line)
    ]
    assert not found, found


def test_the_page_names_no_game_and_is_served_each_games_look() -> None:
    """Issue 51: app.js branched nine times on `game === "…"`, so a third game would have been
    shown with 拱猪's words. It reads `look` (served as data) instead, and names no game."""
    script = (ROOT / "handlers" / "web" / "static" / "app.js").read_text(encoding="utf-8")
    assert not re.search(r"gouji|gongzhu|够级|拱猪|\.game\b", script)
    keys = {"cards", "hand", "middle", "round", "refusals"}
    for game, web in WEB_GAMES.items():
        assert set(web.look) == keys, game
    looks = {tuple(sorted(web.look.items())) for web in WEB_GAMES.values()}
    assert len(looks) == len(WEB_GAMES)  # each game looks like itself
