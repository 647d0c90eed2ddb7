"""docs/architecture.md: the rules (and the bots) are pure — no asyncio, telegram, sqlite3 or PIL, no global
randomness, and nothing from the async referee or the store. The referee itself (engine/referee)
is async and uses the store, but never imports telegram."""

import ast
from pathlib import Path

FORBIDDEN = {"asyncio", "telegram", "sqlite3", "aiosqlite", "PIL", "data", "handlers", "render"}
GLOBAL_RANDOM = {"random", "randint", "choice", "shuffle", "randrange", "sample", "seed"}
REFEREE = Path("engine/referee")


def pure_modules() -> list[Path]:
    return sorted(p for p in Path("engine").rglob("*.py") if REFEREE not in p.parents)


def imported(path: Path) -> list[str]:
    names: list[str] = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.append(node.module)
    return names


def test_the_rules_import_nothing_impure() -> None:
    modules = pure_modules()
    assert Path("engine/gouji/hand.py") in modules and Path("engine/gouji/bot.py") in modules
    for path in modules:
        for name in imported(path):
            assert name.split(".")[0] not in FORBIDDEN, f"{path} imports {name}"
            assert not name.startswith("engine.referee"), f"{path} imports {name}"


def test_the_referee_never_imports_telegram() -> None:
    modules = sorted(REFEREE.rglob("*.py"))
    assert modules
    for path in modules:
        for name in imported(path):
            assert name.split(".")[0] not in {"telegram", "handlers", "render"}, f"{path} imports {name}"


def test_the_rules_never_use_the_global_random_generator() -> None:
    for path in pure_modules():
        for node in ast.walk(ast.parse(path.read_text())):
            if (
                isinstance(node, ast.Attribute)
                and isinstance(node.value, ast.Name)
                and node.value.id == "random"
                and node.attr in GLOBAL_RANDOM
            ):
                raise AssertionError(f"{path}:{node.lineno} uses random.{node.attr}")
