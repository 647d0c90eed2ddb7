"""The engines' mypyc build (build_engine.py, for the simulator's speed) is the same rules: it
plays every game of a large sample exactly as pure Python does, and a build older than its
sources is refused at import rather than run."""

from __future__ import annotations

import shutil
import subprocess
import sys
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

import pytest

from engine import build_check
from engine.build_check import StaleBuild, build_is_current, check_build
from engine.gouji import hand
from tests.engine_fingerprint import fingerprint

ROOT = Path(__file__).resolve().parent.parent
GAMES = 20  # each: three 够级 hands (one per variant) and three 拱猪 deals (exposure modes)
COMPILED = not str(hand.__file__).endswith(".py")


@pytest.mark.skipif(not COMPILED, reason="the engines run as pure Python here: nothing to compare")
def test_the_compiled_engines_play_every_game_like_pure_python(tmp_path: Path) -> None:
    no_build = shutil.ignore_patterns("*.so", "compiled.sha256", "__pycache__")
    shutil.copytree(ROOT / "engine", tmp_path / "engine", ignore=no_build)
    script = (
        f"import sys; sys.path[:0] = [{str(tmp_path)!r}, {str(ROOT)!r}]\n"
        "from engine.gouji import hand; from tests.engine_fingerprint import fingerprint\n"
        f"print(hand.__file__, fingerprint({GAMES}))"
    )
    pure = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    pure_file, pure_digest = pure.stdout.split()
    assert pure_file == str(tmp_path / "engine" / "gouji" / "hand.py")
    assert fingerprint(GAMES) == pure_digest


def built_project(root: Path) -> Path:
    """A project with one compiled module and the record of its source."""
    (root / "engine").mkdir()
    source = root / "engine" / "rules.py"
    source.write_text("RULE = 1\n")
    source.with_suffix(EXTENSION_SUFFIXES[0]).write_bytes(b"")
    (root / build_check.MANIFEST).write_text(f"{build_check.source_digest(source)}  engine/rules.py\n")
    return source


def test_a_build_matching_its_sources_imports_and_is_not_redone(tmp_path: Path) -> None:
    built_project(tmp_path)
    check_build(tmp_path)
    assert build_is_current(["engine/rules.py"], tmp_path)


def test_a_build_is_redone_for_an_edit_another_module_list_or_a_missing_module(tmp_path: Path) -> None:
    source = built_project(tmp_path)
    assert not build_is_current(["engine/rules.py", "engine/more.py"], tmp_path)
    source.write_text("RULE = 2\n")
    assert not build_is_current(["engine/rules.py"], tmp_path)
    source.write_text("RULE = 1\n")
    source.with_suffix(EXTENSION_SUFFIXES[0]).unlink()
    assert not build_is_current(["engine/rules.py"], tmp_path)


def test_a_source_edited_after_the_build_is_refused_with_how_to_rebuild(tmp_path: Path) -> None:
    built_project(tmp_path).write_text("RULE = 2\n")
    with pytest.raises(StaleBuild, match=r"engine/rules.py changed .*`python build_engine.py`"):
        check_build(tmp_path)


def test_a_module_missing_from_the_build_is_refused(tmp_path: Path) -> None:
    """Its .py would load beside the compiled modules that use it: two versions of its classes."""
    other = tmp_path / "engine" / "other.py"
    built_project(tmp_path)
    other.write_text("OTHER = 1\n")
    (tmp_path / build_check.MANIFEST).write_text(
        f"{build_check.source_digest(tmp_path / 'engine' / 'rules.py')}  engine/rules.py\n"
        f"{build_check.source_digest(other)}  engine/other.py\n"
    )
    with pytest.raises(StaleBuild, match=r"engine/other\.py is missing from the build"):
        check_build(tmp_path)


def test_compiled_modules_without_a_record_are_refused(tmp_path: Path) -> None:
    built_project(tmp_path)
    (tmp_path / build_check.MANIFEST).unlink()
    with pytest.raises(StaleBuild):
        check_build(tmp_path)


def test_pure_python_is_never_refused(tmp_path: Path) -> None:
    source = built_project(tmp_path)
    source.write_text("RULE = 2\n")
    source.with_suffix(EXTENSION_SUFFIXES[0]).unlink()
    check_build(tmp_path)
