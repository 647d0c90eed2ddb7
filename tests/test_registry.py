"""Every game is one pack (docs/architecture.md "Adding a game"): each layer's registry has every
registered game's part, and nothing outside a game's own folders decides by its name — no
`if game == …`, no `isinstance` on or import of its events, views or moves, nothing in the page's
script — and no file outside them names it, but the registry line."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from engine.bots import POLICIES
from engine.games import BUILT_IN, GAMES
from handlers.games import UI
from handlers.web.tableview import look
from render.games import LOOKS

ROOT = Path(__file__).resolve().parent.parent
PLATFORM = ("engine", "handlers", "render", "data", "bot.py")
NAMES = re.compile(r"gouji|gongzhu|够级|拱猪|Gouji|Gongzhu")
# the product's own name, not the game's: the metrics' prefix and the default database file
PRODUCT = re.compile(r"gouji[-_]bot")


def game_folders() -> set[Path]:
    return {ROOT / layer / name for layer in ("engine", "render", "handlers") for name in BUILT_IN}


def platform_files() -> list[Path]:
    inside = game_folders()
    found = []
    for top in PLATFORM:
        path = ROOT / top
        for file in [path] if path.is_file() else sorted(path.rglob("*")):
            if file.suffix in (".py", ".js", ".html", ".css", ".toml") and not any(
                folder in file.parents for folder in inside
            ):
                found.append(file)
    return found


def test_every_game_is_in_every_registry() -> None:
    for registry in (UI, POLICIES, LOOKS):
        assert set(registry) == set(GAMES), registry


def test_no_platform_file_names_a_game_but_the_registry_and_the_public_face() -> None:
    """The registry line (engine/games.py) and the engines' public face (`from engine import
    gouji, gongzhu`, docs/architecture.md) name the games; so do the released migrations, which
    are never edited (data/schema.py, and the same for PostgreSQL: data/schema_pg.py). Each game's
    words live in its pack."""
    migrations = {ROOT / "data" / "schema.py", ROOT / "data" / "schema_pg.py"}
    allowed = {ROOT / "engine" / "games.py", ROOT / "engine" / "__init__.py", *migrations}
    naming = [
        str(path.relative_to(ROOT))
        for path in platform_files()
        if path not in allowed and NAMES.search(PRODUCT.sub("", path.read_text(encoding="utf-8")))
    ]
    assert not naming, naming


def test_no_platform_file_imports_a_games_own_modules() -> None:
    """`isinstance` on a game's events or views needs its module: a platform file imports none."""
    own = re.compile(r"^\s*(from|import)\s+(engine|render|handlers)\.(" + "|".join(BUILT_IN) + r")\b", re.M)
    importing = [
        str(p.relative_to(ROOT)) for p in platform_files() if own.search(p.read_text(encoding="utf-8"))
    ]
    assert not importing, importing


def test_no_platform_file_branches_on_a_games_own_event_kinds() -> None:
    """`event.kind == "HandEnded"` decides by one game's event without importing it: no platform
    file holds the name of an event class that only a game defines (the events every game shares
    are in engine/events.py: `CardsPlayed`, `SeatPassed`, `ClaimAnswered`, `MatchOver` …)."""
    shared = _classes(ROOT / "engine" / "events.py") | _classes(ROOT / "engine" / "referee" / "events.py")
    own = set().union(*(_classes(ROOT / "engine" / name / "events.py") for name in BUILT_IN)) - shared
    quoted = re.compile(r"""["'](""" + "|".join(sorted(own)) + r""")["']""")
    branching = [
        f"{path.relative_to(ROOT)}: {found.group(1)}"
        for path in platform_files()
        if path.suffix == ".py"
        for found in quoted.finditer(path.read_text(encoding="utf-8"))
    ]
    assert own and not branching, branching


def _classes(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {node.name for node in tree.body if isinstance(node, ast.ClassDef)}


def test_the_page_names_no_game_and_is_served_each_games_look() -> None:
    """A page that branched on `game === "…"` would show a third game with another's words.
    Its modules read `look` (served as data) instead, and name no game."""
    static = ROOT / "handlers" / "web" / "static"
    script = "\n".join(path.read_text(encoding="utf-8") for path in static.glob("*.js"))
    assert not re.search(r"gouji|gongzhu|够级|拱猪|\.game\b", script)
    keys = {"cards", "hand", "middle"}  # and, with faces by rank, which are wild, jokers, red
    for game, part in UI.items():
        assert keys <= set(part.web.look) <= keys | {"wild", "jokers", "red"}, game
    for lang in ("zh", "en"):  # the name and the round's word come from the game's own words
        served = {game: look(game, lang) for game in UI}
        assert len({(shown["name"], shown["round"]) for shown in served.values()}) == len(UI), served
        assert all("{n}" in shown["round"] for shown in served.values()), served
