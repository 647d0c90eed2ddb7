"""Telegram's limits counted in UTF-16 units (a score-sheet caption with emoji names
reached 1,036 and the sheet was lost; long refusals were rejected)."""

from __future__ import annotations

from handlers.limits import CAPTION_LIMIT, TEXT_LIMIT, chunks, fitted, utf16_len


def test_an_emoji_counts_twice_as_telegram_counts_it() -> None:
    assert utf16_len("🤖 机器人") == 6 and len("🤖 机器人") == 5


def test_a_caption_of_emoji_names_is_measured_in_utf16_units() -> None:
    caption = "\n".join(f"🤖 机器人 {i} 出够级牌 A A A，没人回得起" for i in range(40))
    assert len(caption) <= CAPTION_LIMIT + 100 and utf16_len(caption) > len(caption)
    assert utf16_len(fitted(caption, CAPTION_LIMIT)) <= CAPTION_LIMIT
    assert fitted("short", CAPTION_LIMIT) == "short"


def test_lines_go_out_in_as_few_messages_as_fit_and_none_is_lost() -> None:
    lines = [f"🤖 line {i} " + "牌" * 50 for i in range(200)]
    parts = chunks(lines)
    assert all(utf16_len(part) <= TEXT_LIMIT for part in parts) and len(parts) > 1
    assert "\n".join(parts).split("\n") == lines
    huge = chunks(["x" * 10_000, "tail"])
    assert utf16_len(huge[0]) <= TEXT_LIMIT and huge[-1] == "tail"
