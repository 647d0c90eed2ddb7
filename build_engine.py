"""Compiles the rules engines and their bots with mypyc (the searching bots' speed).

    python build_engine.py          # compile: .so files beside the sources, about a minute of gcc
                                    # (nothing to do when the build is current)
    python build_engine.py --pure   # remove them: the engines run as pure Python again

The compiled modules are the same source files, so there is one rules implementation, and the
tests run against whichever is importable (tests/test_compiled.py checks that both play alike).
A build records the sources it compiled in `engine/compiled.sha256`, and importing `engine`
refuses a build older than its sources (`engine/build_check.py`): an edited .py is never
shadowed by a stale .so.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
from pathlib import Path

# Loaded by its path: importing the `engine` package would run the very check a rebuild mends.
_spec = importlib.util.spec_from_file_location("build_check", Path(__file__).parent / "engine/build_check.py")
assert _spec is not None and _spec.loader is not None
build_check = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(build_check)
ROOT = build_check.ROOT
MANIFEST = ROOT / build_check.MANIFEST

COMPILED = [
    "engine/fields.py",
    "engine/move.py",
    *(f"engine/gongzhu/{name}.py" for name in ("cards", "moves", "state", "tricks", "exposure", "claims")),
    *(f"engine/gongzhu/{name}.py" for name in ("scoring", "deal", "simulation", "kernel")),
    *(f"engine/gouji/{name}.py" for name in ("cards", "sets", "scoring", "state", "play", "preplay")),
    *(f"engine/gouji/{name}.py" for name in ("declarations", "claims", "hand", "simulation", "turns")),
    *(f"engine/gouji/{name}.py" for name in ("bot", "reading", "search", "kernel")),
    *(f"engine/gongzhu/{name}.py" for name in ("bot", "search")),
]  # the rules and the bots; events, rules, phases and views stay interpreted (little time)


def remove_build() -> None:
    for built in build_check.built_files():
        built.unlink()
    MANIFEST.unlink(missing_ok=True)


def build() -> None:
    if build_check.build_is_current(COMPILED):
        print("build_engine.py: the compiled engines are up to date")
        return
    from mypyc.build import mypycify  # only the build needs them: the bot runs without
    from setuptools import setup  # type: ignore[import-untyped]  # no stubs, and one call

    remove_build()  # nothing half-built or stale may stay importable
    os.chdir(ROOT)
    setup(
        name="gouji-engines",
        packages=[],
        ext_modules=mypycify(COMPILED, opt_level="3"),
        script_args=["--quiet", "build_ext", "--inplace", "--parallel", str(os.cpu_count() or 1)],
    )
    MANIFEST.write_text("".join(f"{build_check.source_digest(ROOT / path)}  {path}\n" for path in COMPILED))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pure", action="store_true", help="remove the build instead")
    if parser.parse_args().pure:
        remove_build()
    else:
        build()


if __name__ == "__main__":
    main()
