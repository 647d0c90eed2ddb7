"""docs/architecture.md: the interface (handlers/, render/, bot.py) knows the referee by its face
alone — what `engine.referee` exports, and the `Referee`'s own methods — never the modules or
collaborators behind it, so that the referee can be rearranged without touching the interface."""

from __future__ import annotations

import ast
from pathlib import Path

import engine.referee
from engine.referee import ManualClock, Referee
from tests.referee.world import World

ROOT = Path(__file__).resolve().parents[1]
INTERFACE = [*(ROOT / "handlers").rglob("*.py"), *(ROOT / "render").rglob("*.py"), ROOT / "bot.py"]
COLLABORATORS = {"core", "clock", "outbox", "store", "tables", "notifier"}  # Referee's wiring


def referee_modules_imported(path: Path) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("engine.referee."):
            found.append(f"{path.relative_to(ROOT)}: {node.module}")
        elif isinstance(node, ast.Import):
            found += [
                f"{path.relative_to(ROOT)}: {a.name}"
                for a in node.names
                if a.name.startswith("engine.referee.")
            ]
    return found


def collaborators_reached(path: Path) -> list[str]:
    """`<something>.referee.<collaborator>`: the interface reaching behind the referee's face."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if (
            isinstance(node, ast.Attribute)
            and node.attr in COLLABORATORS
            and isinstance(node.value, ast.Attribute | ast.Name)
            and (node.value.attr if isinstance(node.value, ast.Attribute) else node.value.id) == "referee"
        ):
            found.append(f"{path.relative_to(ROOT)}:{node.lineno}: referee.{node.attr}")
    return found


def test_the_interface_imports_the_referee_only_from_its_package() -> None:
    assert [hit for path in INTERFACE for hit in referee_modules_imported(path)] == []


def test_the_interface_never_reaches_the_referees_collaborators() -> None:
    assert [hit for path in INTERFACE for hit in collaborators_reached(path)] == []


def test_everything_the_package_exports_is_there() -> None:
    assert [name for name in engine.referee.__all__ if not hasattr(engine.referee, name)] == []


async def test_the_referees_time_is_its_clocks(world: World) -> None:
    referee: Referee = world.referee
    clock = world.clock
    assert isinstance(clock, ManualClock)
    before = referee.now()
    await clock.advance(42.5)
    assert referee.now() == before + 42.5 == clock.now()
