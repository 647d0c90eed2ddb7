"""The repository explains itself: no file sends a reader outside it, and every
reference to a rules page's section (`docs/rules/gouji.md §9`, `gouji-variants.md A.6`) names a
section that page has."""

from __future__ import annotations

import importlib.util
import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TEXT = ("*.py", "*.md", "*.js", "*.toml", "*.html", "*.css", "*.yaml", "*.txt")
REFERENCE = re.compile(r"docs/rules/(gouji-variants|gouji|gongzhu)\.md,? (§ ?(\d+a?)|([AB])\.(\d+)\b|C\b)?")


def tracked() -> list[Path]:
    listed = subprocess.run(["git", "ls-files", *TEXT], cwd=ROOT, capture_output=True, text=True, check=True)
    return [ROOT / name for name in listed.stdout.split()]


def sections(page: str) -> set[str]:
    """What a rules page can be cited by: `9`, `11a` for its `## 9.` headings; `A.6` for item 6
    of its part `## A.`; `C` for a part with no items."""
    found: set[str] = set()
    part = None
    for line in (ROOT / "docs" / "rules" / f"{page}.md").read_text(encoding="utf-8").splitlines():
        if heading := re.match(r"## (\d+a?)\. ", line):
            found.add(heading.group(1))
        elif heading := re.match(r"## ([A-C])\. ", line):
            part = heading.group(1)
            found.add(part)
        elif (item := re.match(r"(\d+)\. ", line)) and part:
            found.add(f"{part}.{item.group(1)}")
    return found


def test_nothing_points_outside_the_repository() -> None:
    outside = [
        f"{path.relative_to(ROOT)}:{n}"
        for path in tracked()
        if path != Path(__file__)  # which names what it looks for
        for n, line in enumerate(path.read_text(encoding="utf-8", errors="replace").splitlines(), 1)
        if "../shared" in line or "shared/rules" in line or "shared/seeds" in line
    ]
    assert outside == []


def test_every_reference_to_a_rules_section_finds_it() -> None:
    pages = {page: sections(page) for page in ("gouji", "gouji-variants", "gongzhu")}
    assert {"1", "9", "11a", "13"} <= pages["gouji"]
    assert {"A.1", "A.12", "B.13", "C"} <= pages["gouji-variants"]
    dangling = []
    for path in tracked():
        for match in REFERENCE.finditer(path.read_text(encoding="utf-8", errors="replace")):
            page, _, number, part, item = match.groups()
            cited = number or (f"{part}.{item}" if part else None) or ("C" if match.group(2) else None)
            if cited is not None and cited not in pages[page]:
                dangling.append(f"{path.relative_to(ROOT)}: {match.group(0)}")
    assert dangling == []


def test_every_link_and_picture_in_the_docs_exists() -> None:
    """The README's and docs/' relative links and pictures (the README was split into docs/:
    a link written for one folder breaks in the other)."""
    pages = [ROOT / "README.md", *(ROOT / "docs").glob("**/*.md")]
    broken = [
        f"{page.relative_to(ROOT)}: {target}"
        for page in pages
        for target in re.findall(r"\]\(([^)#\s]+)\)", page.read_text(encoding="utf-8"))
        if not target.startswith(("http://", "https://")) and not (page.parent / target).exists()
    ]
    assert broken == []


def test_every_repository_path_the_docs_name_exists() -> None:
    """A page named in backticks (`docs/…`, `benchmarks/x.py`, `engine/…/y.py`) is still there:
    a moved or renamed file leaves no stale pointer behind. A test may be named from `tests/`."""
    named = re.compile(
        r"`((?:docs|benchmarks|engine|handlers|render|data|tests)/[\w./-]+\.(?:md|py|js|png))`"
    )
    pages = [ROOT / "README.md", *(ROOT / "docs").glob("**/*.md")]
    missing = [
        f"{page.relative_to(ROOT)}: {path}"
        for page in pages
        for path in named.findall(page.read_text(encoding="utf-8"))
        if not (ROOT / path).exists() and not (ROOT / "tests" / path).exists()
    ]
    assert missing == []


def test_every_module_the_docs_run_can_be_run() -> None:
    """`python -m X` in the README and docs names a module this checkout (or its requirements)
    holds: a renamed benchmark leaves no command that fails."""
    pages = [ROOT / "README.md", *(ROOT / "docs").glob("**/*.md")]
    modules = {
        m for page in pages for m in re.findall(r"python3? -m ([\w.]+)", page.read_text(encoding="utf-8"))
    }
    assert "benchmarks.review_duplicate" in modules
    assert sorted(m for m in modules if importlib.util.find_spec(m) is None) == []


def test_no_issue_number_in_the_code_or_the_docs() -> None:
    """The code and docs say what is and why; which ticket asked for it is the history's (git
    log), and the repository has no tracker a reader could follow a number to."""
    number = re.compile(r"\b[Ii]ssues? #?\d+")
    found = [
        f"{path.relative_to(ROOT)}:{n}"
        for path in tracked()
        for n, line in enumerate(path.read_text(encoding="utf-8", errors="replace").splitlines(), 1)
        if number.search(line)
    ]
    assert found == []


def test_the_replicas_compose_file_and_its_front_are_shown_as_they_are() -> None:
    """docs/operating.md shows the deployment of several processes whole: what it shows is
    what `deploy/` holds, and the settings it gives the bot are ones the bot reads."""
    page = (ROOT / "docs" / "operating.md").read_text()
    for name in ("compose.replicas.yaml", "Caddyfile"):
        assert (ROOT / "deploy" / name).read_text() in page, name
    compose = (ROOT / "deploy" / "compose.replicas.yaml").read_text()
    config = (ROOT / "handlers" / "config.py").read_text()
    given = re.findall(r"^      ([A-Z_]+):", compose, re.MULTILINE)
    bot_settings = [name for name in given if not name.startswith("POSTGRES_") and name != "BOT_HOST"]
    assert {"DATABASE_URL", "REDIS_URL", "WEBHOOK_URL"} <= set(bot_settings)
    assert all(f'"{name}"' in config for name in bot_settings), bot_settings
