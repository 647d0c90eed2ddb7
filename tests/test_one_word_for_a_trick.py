"""Chinese says a trick one way everywhere a player reads it: 圈 (docs/glossary.md), in the
pictures, the chat and the page alike, never 墩 beside it."""

from __future__ import annotations

from pathlib import Path

HANDLERS = Path(__file__).resolve().parent.parent / "handlers"


def test_no_chinese_word_for_a_trick_but_quan() -> None:
    texts = [*HANDLERS.glob("**/locales/zh.toml"), *(HANDLERS / "web" / "static").glob("*.js")]
    assert len(texts) >= 4
    found = {
        path.relative_to(HANDLERS).as_posix() for path in texts if "墩" in path.read_text(encoding="utf-8")
    }
    assert not found, found
