"""design.md: the rules are pure — no asyncio, telegram, sqlite3 or PIL, no global randomness."""

import ast
from pathlib import Path

FORBIDDEN = {"asyncio", "telegram", "sqlite3", "aiosqlite", "PIL"}
GLOBAL_RANDOM = {"random", "randint", "choice", "shuffle", "randrange", "sample", "seed"}


def engine_modules() -> list[Path]:
    return sorted(Path("engine").rglob("*.py"))


def test_the_engine_imports_nothing_impure() -> None:
    for path in engine_modules():
        for node in ast.walk(ast.parse(path.read_text())):
            names = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            for name in names:
                assert name.split(".")[0] not in FORBIDDEN, f"{path} imports {name}"


def test_the_engine_never_uses_the_global_random_generator() -> None:
    for path in engine_modules():
        for node in ast.walk(ast.parse(path.read_text())):
            if (
                isinstance(node, ast.Attribute)
                and isinstance(node.value, ast.Name)
                and node.value.id == "random"
                and node.attr in GLOBAL_RANDOM
            ):
                raise AssertionError(f"{path}:{node.lineno} uses random.{node.attr}")
