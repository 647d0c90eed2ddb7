"""Refuses a mypyc build of the engines older than its sources, or incomplete (build_engine.py).

Python imports a module's .so before its .py, so after an edit a stale build would run the old
rules in silence. The build records a digest of each source it compiled; on import, when
compiled modules are present, each must be there for this Python and its digest still match,
else the import fails and says how to rebuild. Pure Python (no .so) is never checked. The check
takes about a millisecond. `build_engine.py` uses it too, to skip a build that is current.
"""

from __future__ import annotations

import hashlib
from importlib.machinery import EXTENSION_SUFFIXES
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


def stale_reason(root: Path = ROOT) -> str | None:
    """Why the compiled modules may not be imported, or None when each is there and current."""
    manifest = root / MANIFEST
    if not manifest.exists():
        return "compiled engine modules without a record of their sources"
    for digest, path in _recorded(manifest):
        source = root / path
        if not source.with_suffix(EXTENSION_SUFFIXES[0]).exists():
            # its .py would load beside the compiled rest: two versions of the same classes
            return f"{path} is missing from the build (or was built for another Python)"
        if not source.exists() or source_digest(source) != digest:
            return f"{path} changed after the engines were compiled"
    return None


def build_is_current(sources: list[str], root: Path = ROOT) -> bool:
    """Whether exactly these sources are compiled, for this Python, and unchanged since: then a
    build has nothing to do."""
    manifest = root / MANIFEST
    return (
        manifest.exists()
        and [path for _, path in _recorded(manifest)] == sources
        and stale_reason(root) is None
    )


def check_build(root: Path = ROOT) -> None:
    if built_files(root) and (reason := stale_reason(root)):
        raise StaleBuild(f"{reason}: {REBUILD}")


def _recorded(manifest: Path) -> list[tuple[str, str]]:
    """(digest, path) for each source compiled."""
    return [(line[:64], line[66:]) for line in manifest.read_text().splitlines()]
