"""docs/architecture.md: the interface (handlers/, render/, bot.py) knows the referee by its face
alone — what `engine.referee` exports, and the `Referee`'s own methods — never the modules or
collaborators behind it, so that the referee can be rearranged without touching the interface."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

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


def _imports(path: Path, module: str, known: set[str]) -> set[str]:
    """The project's modules `module` imports anywhere in its file: at the top, under
    TYPE_CHECKING or inside a function (a local import hides a circle; it does not remove it).
    `from package import submodule` counts as the submodule; a name from a package, as it."""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found: set[str] = set()

    def nearest(name: str) -> str | None:
        while name and name not in known:
            name = name.rpartition(".")[0]
        return name or None

    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*parts, base] if base else parts)
            names = [f"{base}.{alias.name}" for alias in node.names]
            targets = names + ([base] if any(n not in known for n in names) else [])
        else:
            continue
        found |= {m for m in map(nearest, targets) if m is not None and m != module}
    return found


def import_circles() -> list[list[str]]:
    """Every strongly connected group of two or more of the project's modules (Tarjan)."""
    files = {}
    for folder in ("engine", "handlers", "render", "data"):
        for path in (ROOT / folder).rglob("*.py"):
            parts = path.relative_to(ROOT).with_suffix("").parts
            files[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    graph = {m: _imports(p, m, set(files)) for m, p in files.items()}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    circles: list[list[str]] = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        for other in graph[module]:
            if other not in index:
                visit(other)
                low[module] = min(low[module], low[other])
            elif other in stack:
                low[module] = min(low[module], index[other])
        if low[module] == index[module]:
            group = []
            while (top := stack.pop()) != module:
                group.append(top)
            if group:
                circles.append(sorted([module, *group]))

    for module in graph:
        if module not in index:
            visit(module)
    return circles


def test_no_module_imports_itself_in_a_circle() -> None:
    assert import_circles() == []


def test_the_circle_finder_finds_a_circle(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The guard above would pass if it found nothing at all."""
    for name, imports in (("a", "from engine.b import x"), ("b", "import engine.a")):
        (tmp_path / "engine").mkdir(exist_ok=True)
        (tmp_path / "engine" / f"{name}.py").write_text(imports + "\n")
    monkeypatch.setattr(sys.modules[__name__], "ROOT", tmp_path)
    assert import_circles() == [["engine.a", "engine.b"]]
