"""Refuses a mypyc build of the engines older than its sources (see build_engine.py).

Python imports a module's .so before its .py, so after an edit a stale build would run the old
rules in silence. The build records a digest of each source it compiled; on import, when
compiled modules are present, every digest must still match, else the import fails and says how
to rebuild. Pure Python (no .so) is never checked. The check takes about a millisecond.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MANIFEST = "engine/compiled.sha256"  # under the project's root
REBUILD = "rebuild with `python build_engine.py`, or run pure Python after `python build_engine.py --pure`"


class StaleBuild(ImportError):
    pass


def source_digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def built_files(root: Path = ROOT) -> list[Path]:
    """The engines' compiled modules, and mypyc's shared library at the project's root."""
    return [*root.glob("*__mypyc.*.so"), *(root / "engine").rglob("*.so")]


def check_build(root: Path = ROOT) -> None:
    if not built_files(root):
        return
    manifest = root / MANIFEST
    if not manifest.exists():
        raise StaleBuild(f"compiled engine modules without a record of their sources: {REBUILD}")
    for line in manifest.read_text().splitlines():
        digest, path = line.split("  ", 1)
        source = root / path
        if not source.exists() or source_digest(source) != digest:
            raise StaleBuild(f"{path} changed after the engines were compiled: {REBUILD}")
