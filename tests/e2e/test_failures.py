"""End to end: a handler that fails answers its user in one short line (python-telegram-bot's
error handler) instead of leaving a button spinning; a command in the wrong chat says where it
belongs."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from data.store import Store
from handlers.i18n import t
from tests.e2e.conftest import errors_in_output
from tests.e2e.fake_api import FakeBotApi, Fault
from tests.e2e.harness import (
    ALICE,
    BOB,
    CAROL,
    GROUP,
    Bot,
    choices,
    choose,
    hands_sent,
    join_link,
    play_until,
    private,
    seated_alone,
)
from tests.mounts import read_only, tmpfs


@pytest.mark.log_errors("disk on fire")
async def test_a_press_whose_handler_fails_is_answered_and_logged(
    bot: Bot, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    await seated_alone(bot, "gongzhu")
    referee = bot.app.bot_data.services.referee

    async def broken(*args: Any, **kwargs: Any) -> None:
        raise RuntimeError("disk on fire")

    monkeypatch.setattr(referee, "submit", broken)
    message, _, data = choices(bot, ALICE["id"])[-1]
    answer = await bot.press(ALICE, message, data, bots=False)
    assert answer.params["text"] == t("zh", "refuse.failed")
    assert any("disk on fire" in (r.exc_text or "") or r.exc_info for r in caplog.records)


async def test_commands_in_the_wrong_chat_say_where_they_belong(bot: Bot) -> None:
    before = await bot.say(BOB, private(BOB), "/join")
    assert next(c.text for c in bot.api.calls[before:] if c.chat == BOB["id"]) == t("en", "refuse.group_only")
    before = await bot.say(BOB, GROUP, "/hand")
    said = await bot.wait(lambda calls: [c.text for c in calls[before:] if c.chat == GROUP["id"]])
    assert said[0] == t("en", "refuse.private_only")


async def test_a_player_who_blocked_the_bot_never_keeps_the_next_player_from_their_hand(bot: Bot) -> None:
    """A 403 for one player's chat dropped the rest of the
    notice, so the players seated after them never got their hand or their keyboard."""
    await bot.say(ALICE, GROUP, "/gouji fast teams=join_order")
    await bot.say(ALICE, private(ALICE), await join_link(bot))
    for person in (BOB, CAROL):
        await bot.say(person, private(person), "/start")
        await bot.say(person, GROUP, "/join")
    bot.api.blocked.add(BOB["id"])  # Bob (seat 2, between Alice and Carol) blocks the bot
    await bot.say(ALICE, GROUP, "/fill")
    await bot.say(ALICE, GROUP, "/startgame")
    await bot.until(lambda calls: hands_sent(bot, CAROL))
    assert hands_sent(bot, ALICE)
    assert not [m for (chat, _), m in bot.api.messages.items() if chat == BOB["id"] and "photo" in m]


async def test_a_player_whose_chat_is_forbidden_is_not_tried_again_until_they_write(bot: Bot) -> None:
    """A user without a private chat (or who blocked the bot) was messaged, and refused,
    at every move. After one 403 the bot waits until the player writes to it in private."""
    await _bob_blocks_the_bot_and_the_match_starts(bot)
    await bot.until(lambda calls: hands_sent(bot, ALICE))
    await play_until(bot, lambda calls: len([c for c in calls if c.chat == ALICE["id"]]) > 12, limit=60)
    tried = [c for c in bot.api.calls if c.chat == BOB["id"] and c.method != "getChatMember"]
    assert len(tried) <= 2, [c.method for c in tried]  # the first refusal, not one per move
    bot.api.blocked.discard(BOB["id"])  # Bob unblocks the bot and asks for his hand
    await bot.say(BOB, private(BOB), "/hand")
    await bot.until(lambda calls: hands_sent(bot, BOB))


async def test_an_operator_takes_a_consistent_backup_of_the_running_bot(bot: Bot) -> None:
    """The exclusive lock forbids reading the file while the bot runs; SIGUSR1 asks
    the bot itself for SQLite's online backup."""
    await seated_alone(bot, "gouji")
    target = Path(f"{bot.database}.backup")
    os.kill(os.getpid(), signal.SIGUSR1)
    for _ in range(100):  # the backup runs on the bot's loop, between its transactions
        if target.exists():
            break
        await asyncio.sleep(0.05)
    copy = sqlite3.connect(target)
    try:
        assert copy.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        assert copy.execute("SELECT count(*) FROM tables").fetchone() == (1,)
        assert copy.execute("SELECT count(*) FROM moves").fetchone()[0] > 0  # the bots' moves
    finally:
        copy.close()


def test_an_unusable_database_path_is_said_in_one_line(api: FakeBotApi, tmp_path: Path) -> None:
    """A database path that cannot be opened printed a 31-line traceback."""
    env = {
        **os.environ,
        "BOT_TOKEN": "123:abc",
        "TELEGRAM_API_URL": api.url,
        "DATABASE_PATH": str(tmp_path / "missing" / "dir" / "bot.sqlite3"),
    }
    done = subprocess.run(
        [sys.executable, "bot.py"], env=env, capture_output=True, text=True, timeout=60, check=False
    )
    assert done.returncode == 1
    assert "Traceback" not in done.stderr
    assert done.stderr.strip().splitlines()[-1].startswith("bot.py: cannot open the database ")


def test_a_database_on_a_read_only_file_system_is_said_in_one_line(api: FakeBotApi, tmp_path: Path) -> None:
    """The file read-only at start-up (a real read-only mount where the machine allows)."""
    with tmpfs(tmp_path / "disk") as disk:
        path = disk / "bot.sqlite3"
        asyncio.run(_created(path))
        read_only(disk)
        env = {**os.environ, "BOT_TOKEN": "123:abc", "TELEGRAM_API_URL": api.url, "DATABASE_PATH": str(path)}
        done = subprocess.run(
            [sys.executable, "bot.py"], env=env, capture_output=True, text=True, timeout=60, check=False
        )
    assert done.returncode == 1
    assert "Traceback" not in done.stderr
    assert done.stderr.strip().splitlines()[-1].startswith(f"bot.py: cannot open the database {path}: ")


async def _created(path: Path) -> None:
    await (await Store.open(path)).close()


async def test_a_keyboard_refused_by_server_errors_is_delivered_on_a_retry(bot: Bot) -> None:
    """A failed call (5xx) dropped the rest of the notice with no retry, so the player's
    keyboard was lost and they were struck for a timeout."""
    await seated_alone(bot, "gongzhu", "fast expose_mode=none")
    message, _, data = choose(bot.buttons(ALICE["id"]))
    # the message that brings her next decision fails twice
    bot.api.faults.append(Fault(502, None, ALICE["id"], times=2, description="Bad Gateway"))
    await bot.press(ALICE, message, data)
    await bot.until(lambda calls: bot.buttons(ALICE["id"]))
    refused = [c for c in bot.api.calls if c.chat == ALICE["id"] and c.status == 502]
    assert len(refused) == 2
    assert bot.app.bot_data.services.referee.view(1).seats[0].strikes == 0  # never ran out of time


async def test_a_flood_limit_delays_the_group_but_loses_nothing(bot: Bot) -> None:
    """A `429 retry_after` on the group's messages: they are sent again after the pause, nothing
    is dropped, and the player's own messages still arrive."""
    bot.api.faults.append(Fault(429, "sendMessage", GROUP["id"], times=2, retry_after=3))
    await seated_alone(bot, "gouji")
    await bot.until(lambda calls: len([c for c in calls if c.status == 429]) == 2)
    refused = {c.text for c in bot.api.calls if c.status == 429}
    said = {c.text for c in bot.api.calls if c.chat == GROUP["id"] and c.status == 200}
    assert refused <= said  # each refused message went out after all
    assert bot.buttons(ALICE["id"])


async def test_a_player_who_blocked_the_bot_goes_on_autopilot_said_once(bot: Bot) -> None:
    """A seated player whose private chat refuses the bot was struck at every deadline
    (the table waited for a keyboard they never had). Now their seat's bot plays, said once."""
    await _bob_blocks_the_bot_and_the_match_starts(bot)
    said = t("zh", "announce.Unreachable", player="Bob")
    await bot.until(lambda calls: [c for c in calls if c.chat == GROUP["id"] and said in c.text])
    await play_until(bot, lambda calls: len([c for c in calls if c.chat == ALICE["id"]]) > 12, limit=60)
    referee = bot.app.bot_data.services.referee
    bob = referee.view(1).seats[1]
    assert bob.player == BOB["id"] and bob.autopilot and bob.strikes == 0
    assert len([c for c in bot.api.calls if c.chat == GROUP["id"] and said in c.text]) == 1
    assert bot.clock.now() < 1_800_000_000.0 + 600  # nobody waited out Bob's deadlines


async def test_a_decision_telegram_never_delivered_costs_no_strike(bot: Bot) -> None:
    """A player whose keyboard could not be delivered was struck for the timeout."""
    await seated_alone(bot, "gongzhu", "fast expose_mode=none")
    message, _, data = choose(bot.buttons(ALICE["id"]))
    bot.api.faults.append(Fault(502, None, ALICE["id"], times=1000, description="Bad Gateway"))
    await bot.press(ALICE, message, data)
    said = t("zh", "announce.Undelivered", seats="Alice")
    await bot.until(lambda calls: [c for c in calls if c.chat == GROUP["id"] and said in c.text])
    seat = bot.app.bot_data.services.referee.view(1).seats[0]
    assert seat.strikes == 0 and not seat.autopilot
    bot.api.faults.clear()


def _removed(bot: Bot) -> None:
    """Telegram's news that the bot was removed from the group."""
    member = {"user": {"id": 999, "is_bot": True, "first_name": "Gouji"}}
    change = {
        "chat": GROUP,
        "from": ALICE,
        "date": 0,
        "old_chat_member": {**member, "status": "member"},
        "new_chat_member": {**member, "status": "kicked", "until_date": 0},
    }
    bot.api._push({"my_chat_member": change})


async def test_a_group_that_removed_the_bot_has_its_tables_stopped(bot: Bot) -> None:
    """The bot went on sending into a group that had removed it (403 after 403)."""
    await seated_alone(bot, "gouji")
    bot.api.kicked.add(GROUP["id"])
    await play_until(
        bot, lambda calls: any(c.status == 403 and c.chat == GROUP["id"] for c in calls), limit=40
    )
    referee = bot.app.bot_data.services.referee
    await bot.until(lambda calls: not referee.tables_in(GROUP["id"]))
    refused = len([c for c in bot.api.calls if c.chat == GROUP["id"]])
    await bot.until(lambda calls: not bot.buttons(ALICE["id"]))  # her keyboard goes too
    await bot.clock.advance(600)
    await bot.told()
    assert len([c for c in bot.api.calls if c.chat == GROUP["id"]]) == refused  # not tried again
    assert await _stored_status(bot) == "stopped"  # recorded


async def test_telegrams_news_of_removal_stops_a_lobby(bot: Bot) -> None:
    await bot.say(ALICE, GROUP, "/gongzhu")
    _removed(bot)
    referee = bot.app.bot_data.services.referee
    await bot.until(lambda calls: not referee.tables_in(GROUP["id"]))
    assert await _stored_status(bot) == "stopped"  # recorded


async def _stored_status(bot: Bot, table: int = 1) -> str:
    async with bot.app.bot_data.services.referee.store.reading() as q:
        row = await q.table(table)
    assert row is not None
    return row.status


def test_sigterm_ends_the_bot_within_seconds_even_when_telegram_says_wait(
    api: FakeBotApi, tmp_path: Path
) -> None:
    """SIGTERM hung for more than 40 s while the last messages could not be sent: the
    last flush is bounded, whatever Telegram says."""
    env = {
        **os.environ,
        "BOT_TOKEN": "123:abc",
        "TELEGRAM_API_URL": api.url,
        "DATABASE_PATH": str(tmp_path / "bot.sqlite3"),
    }
    process = subprocess.Popen([sys.executable, "bot.py"], env=env, stderr=subprocess.PIPE, text=True)
    try:
        api.wait_for(lambda calls: any(c.method == "setMyCommands" for c in calls), timeout=30)
        api.send(ALICE, GROUP, "/gouji")
        api.wait_for(lambda calls: any(c.chat == GROUP["id"] for c in calls), timeout=30)
        # the lobby's redraw is refused: Telegram asks the bot to wait a minute, and the redraw
        # is still to be sent when the signal comes
        api.faults.append(Fault(429, chat=GROUP["id"], retry_after=60))
        api.send(ALICE, GROUP, "/fill")
        api.wait_for(lambda calls: any(c.status == 429 for c in calls), timeout=30)
        started = time.monotonic()
        process.send_signal(signal.SIGTERM)
        process.wait(timeout=30)
        took = time.monotonic() - started
    finally:
        process.kill()
        stderr = process.communicate()[1]
    assert took < 15.0, (took, stderr[-2000:])
    assert process.returncode == 0, stderr[-2000:]
    assert not errors_in_output(stderr), stderr[-2000:]


async def _bob_blocks_the_bot_and_the_match_starts(bot: Bot) -> None:
    """Alice and Bob sit at a 够级 table with bots; Bob blocks the bot before the start."""
    await bot.say(ALICE, GROUP, "/gouji fast teams=join_order")
    await bot.say(ALICE, private(ALICE), await join_link(bot))
    await bot.say(BOB, private(BOB), "/start")
    await bot.say(BOB, GROUP, "/join")
    bot.api.blocked.add(BOB["id"])
    await bot.say(ALICE, GROUP, "/fill")
    await bot.say(ALICE, GROUP, "/startgame")


async def test_a_group_out_of_budget_never_holds_up_a_players_keyboard(
    bot: Bot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The group's news went out inside the table's notice, so a group call waiting
    for the group's budget (20 a minute) held back the next player's hand and keyboard; at 200
    tables, four presses in five were on keyboards already stale."""
    await seated_alone(bot, "gongzhu", "10m")
    await bot.clock.advance(120)  # the group's own pacing has budget again after the opening
    await bot.told()
    shown = {data for _, _, data in bot.buttons(ALICE["id"])}
    message, _, data = choose(bot.buttons(ALICE["id"]))
    spent, waiting = asyncio.Event(), []

    async def group_turn(
        group: int, priority: int
    ) -> None:  # the group's budget is spent until the test ends
        waiting.append(group)
        await spent.wait()

    monkeypatch.setattr(bot.app.bot.rate_limiter, "_group_turn", group_turn)
    try:
        await asyncio.to_thread(bot.api.answer_of, bot.api.press(ALICE, message, data))

        async def alices_next_move_keyboard() -> None:
            while not [d for _, _, d in bot.buttons(ALICE["id"]) if d not in shown and d.startswith("m|")]:
                await bot.clock.advance(0)  # the bots move at once
                await bot.app.bot_data.services.referee.flush_notices()  # not the group's news
                with contextlib.suppress(AssertionError):  # no new call within the step
                    await asyncio.to_thread(bot.api.wait_for, more_than(len(bot.api.calls)), 0.25)

        await asyncio.wait_for(alices_next_move_keyboard(), 30)  # a deadline, not a pause
        assert GROUP["id"] in waiting  # the group's news waited all along
    finally:
        spent.set()
    await bot.told()


def more_than(count: int) -> Any:
    return lambda calls: len(calls) > count


async def test_short_of_budget_a_new_decision_edits_the_hand_message_in_place(
    bot: Bot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """At 200 tables a decision cost a new message and a deletion, and a player waited
    seconds for their keyboard; when Telegram's budget runs short it is one edit in place."""
    await seated_alone(bot, "gongzhu")
    monkeypatch.setattr(bot.app.bot.rate_limiter, "short", lambda: True)
    shown = {data for _, _, data in bot.buttons(ALICE["id"])}
    message, _, data = choose(bot.buttons(ALICE["id"]))
    before = len(bot.api.calls)
    await bot.press(ALICE, message, data)

    def next_move_keyboard(calls: list[Any]) -> list[Any]:
        return [m for m, _, d in bot.buttons(ALICE["id"]) if d not in shown and d.startswith("m|")]

    [keyboard, *_] = await bot.until(next_move_keyboard)
    assert keyboard["message_id"] == message["message_id"]  # the same message, edited
    mine = [c.method for c in bot.api.calls[before:] if c.chat == ALICE["id"]]
    assert "deleteMessages" not in mine and "sendPhoto" not in mine, mine


async def test_an_answer_for_a_player_who_blocked_the_bot_falls_back_to_the_group(bot: Bot) -> None:
    """Asked in the group, an answer goes to the asker's private chat; once they have blocked the
    bot, it is given in the group instead, and never dropped."""
    await bot.say(BOB, private(BOB), "/start")
    before = await bot.say(BOB, GROUP, "/stats")
    await bot.wait(
        lambda calls: [c for c in calls[before:] if c.chat == BOB["id"] and c.method == "sendMessage"]
    )
    bot.api.blocked.add(BOB["id"])
    before = await bot.say(BOB, GROUP, "/stats")
    answer = await bot.wait(
        lambda calls: next(
            (c for c in calls[before:] if c.chat == GROUP["id"] and c.method == "sendMessage"), None
        )
    )
    assert answer.status == 200 and answer.text
    before = await bot.say(BOB, GROUP, "/stats")  # known unreachable now: straight to the group
    await bot.wait(
        lambda calls: next(
            (c for c in calls[before:] if c.chat == GROUP["id"] and c.method == "sendMessage"), None
        )
    )
