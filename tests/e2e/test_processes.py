"""End to end: two real `bot.py` processes of one bot behind one webhook URL, on one PostgreSQL
database and one Redis (REDIS_URL), as `docs/operating.md`'s compose file runs them. The fake
Telegram's load balancer takes turns between them, so a match's updates land on both; the first
owns the tables, the second waits as its standby. The owner is killed (SIGKILL) mid-deal: the
standby takes the tables over within 10 s, the updates it received meanwhile are handled, and
the deal ends with its move log whole, no press's move lost or made twice, the score sheet told
once, and no ERROR in the survivor's log."""

from __future__ import annotations

import json
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from itertools import groupby
from pathlib import Path
from typing import Any

import psycopg
import pytest
import redis

from handlers.games import move_label
from tests import postgres
from tests.e2e.fake_api import FakeBotApi
from tests.e2e.harness import ALICE, GROUP, buttons, deal_results, score_sheets
from tests.e2e.miniapp import WEBAPP_URL, init_data
from tests.e2e.process import PUBLIC_URL, BotProcess, hooked_bot, join_by_link, play_alone
from tests.e2e.test_webhook import metrics
from tests.ports import free_port

pytestmark = pytest.mark.timeout(300)
TAKEN_OVER_WITHIN = 10.0  # seconds from the owner's death to the standby owning its tables


@pytest.fixture
def shared(postgres_server: str, redis_server: str) -> Iterator[dict[str, str]]:
    """A fresh database, and a Redis database of this test's own (the e2e bots share a token)."""
    url = f"{redis_server}/2"
    client = redis.Redis.from_url(url)
    client.flushdb()
    yield {"DATABASE_URL": postgres.fresh_database(postgres_server), "REDIS_URL": url}
    client.flushdb()
    client.close()


def standby_bot(api: FakeBotApi, database: Path, env: dict[str, str]) -> BotProcess:
    """bot.py beside an owner: it serves the webhook at once and says it is a standby."""
    port = free_port()
    bot = BotProcess(
        api, database, WEBHOOK_URL=PUBLIC_URL, PORT=str(port), PEER_URL=f"http://127.0.0.1:{port}", **env
    )
    bot.until_logged("standby: another process holds")
    return bot


@contextmanager
def two_processes(
    api: FakeBotApi, database: Path, env: dict[str, str]
) -> Iterator[tuple[BotProcess, BotProcess]]:
    """The owner, started first, and its standby, killed at the end; the fake Telegram balances
    between them."""
    port = free_port()
    first = hooked_bot(api, database, PORT=str(port), PEER_URL=f"http://127.0.0.1:{port}", **env)
    try:
        second = standby_bot(api, database, env)
        try:
            api.webhook_targets = [first.hook, second.hook]
            yield first, second
        finally:
            second.kill()
    finally:
        first.kill()


def alice_at_a_filled_table(api: FakeBotApi) -> None:
    """Alice opens a 拱猪 table of one deal, arrives by its link and fills it with bots."""
    api.send(ALICE, GROUP, "/gongzhu fast deals=1")
    join_by_link(api, ALICE)
    api.send(ALICE, GROUP, "/fill")
    api.wait_for(lambda calls: any("• 🤖" in c.text and "空位" not in c.text for c in calls))


def test_a_deal_goes_on_when_its_owner_is_killed_and_the_standby_takes_over(
    api: FakeBotApi, tmp_path: Path, shared: dict[str, str]
) -> None:
    unused = tmp_path / "unused.sqlite3"
    with two_processes(api, unused, shared) as (first, second):
        status, health = second.health()
        assert (status, health["status"]) == (200, "standby")
        assert metrics(first)[("gouji_bot_owner", ())] == 1
        assert metrics(second)[("gouji_bot_owner", ())] == 0

        alice_at_a_filled_table(api)
        api.send(ALICE, GROUP, "/startgame")
        pressed = lambda calls: len([c for c in calls if c.method == "answerCallbackQuery"]) >= 4  # noqa: E731
        before, moves_before = play_alone(api, ALICE, pressed)
        landed = {status for _, status in api.deliveries}
        assert landed == {200}
        assert not first.errors(), first.errors()

        first.kill()  # SIGKILL: no orderly stop, its database connection simply goes
        killed = time.monotonic()
        calls_at_kill = len(api.calls)
        api.wait_for(lambda calls: any(c.method == "setWebhook" for c in calls[calls_at_kill:]), 30)
        took_over = time.monotonic() - killed
        assert took_over < TAKEN_OVER_WITHIN
        assert "took over the tables" in "\n".join(second.log)

        after, moves_after = play_alone(api, ALICE, lambda calls: bool(score_sheets(calls)))
        assert len(score_sheets(api.calls)) == 1  # told once, by the owner of the moment
        assert len(api.wait_for(lambda calls: deal_results(calls, ALICE), 10)) == 1  # her result, once too
        assert all(status == 200 for _, status in api.deliveries)  # the balancer passed the dead one

        answers, moves = before + after, moves_before + moves_after
        with psycopg.connect(shared["DATABASE_URL"]) as conn:
            plies = [row[0] for row in conn.execute("SELECT ply FROM moves ORDER BY ply")]
            by_alice = conn.execute("SELECT move FROM moves WHERE player_id = %s ORDER BY ply", [ALICE["id"]])
            alices = [move_label(row[0], "zh", "gongzhu") for row in by_alice]
            ended = conn.execute("SELECT end_reason FROM matches").fetchall()
        assert ended == [("deals",)]  # one match, played to its end (its one deal)
        assert plies == list(range(len(plies)))  # its log whole, in order
        # Every move she was told was made is stored once, in order; a keyboard whose move was
        # made, pressed again (its message drawn again by the next owner), is answered with it
        told = [a.text.removeprefix("已出：") for a in answers if a.text.startswith("已出：")]
        assert [move for move, _ in groupby(told)] == alices
        assert len(alices) <= moves
        counted = metrics(second)
        assert counted[("gouji_bot_owner", ())] == 1
        assert counted[("gouji_bot_stream_updates_total", (("source", "new"),))] > 0  # it took the stream
        assert second.terminate() < 15 and second.process.returncode == 0
        assert not second.errors(), second.errors()


def test_a_page_opened_on_the_standby_reads_and_follows_the_owners_table(
    api: FakeBotApi, tmp_path: Path, shared: dict[str, str]
) -> None:
    unused = tmp_path / "unused.sqlite3"
    with two_processes(api, unused, {**shared, "WEBAPP_URL": WEBAPP_URL}) as (first, second):
        alice_at_a_filled_table(api)
        api.send(ALICE, GROUP, "/startgame")
        api.wait_for(lambda calls: buttons(api, ALICE["id"]))
        alice = {"Authorization": f"tma {init_data(ALICE)}"}

        status, mine = call(second, "/api/tables/mine", alice)  # forwarded to the owner
        assert status == 200
        table = mine["table"]
        status, seen_there = call(second, f"/api/tables/{table}", alice)
        assert status == 200 and seen_there["hand"]  # her own hand, read from the owner
        assert call(first, f"/api/tables/{table}", alice)[1]["hand"] == seen_there["hand"]
        assert call(second, f"/api/tables/{table}", {})[0] == 401  # the owner's refusal, passed back

        with events(second, table, alice) as stream:  # the live changes, through the standby
            started = next_version(stream)
            play_alone(
                api, ALICE, lambda calls: len([c for c in calls if c.method == "answerCallbackQuery"]) >= 1
            )
            assert next_version(stream) > started

        first.kill()
        calls_at_kill = len(api.calls)
        api.wait_for(lambda calls: any(c.method == "setWebhook" for c in calls[calls_at_kill:]), 30)
        status, now = call(second, f"/api/tables/{table}", alice)  # the new owner answers itself
        assert status == 200 and now["version"] >= started
        assert not second.errors(), second.errors()


def call(bot: BotProcess, path: str, headers: dict[str, str]) -> tuple[int, Any]:
    request = urllib.request.Request(bot.base + path, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=20) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read() or b"null")


@contextmanager
def events(bot: BotProcess, table: int, headers: dict[str, str]) -> Iterator[Any]:
    request = urllib.request.Request(f"{bot.base}/api/tables/{table}/events", headers=headers)
    with urllib.request.urlopen(request, timeout=20) as answer:
        assert answer.headers["Content-Type"].startswith("text/event-stream")
        yield answer


def next_version(stream: Any) -> int:
    """The version the next `version` event of the stream tells."""
    for raw in stream:
        line = raw.decode().strip()
        if line.startswith("data: ") and '"version"' in line:
            return int(json.loads(line[len("data: ") :])["version"])
    raise AssertionError("the stream ended")


def test_an_owner_whose_database_connection_is_cut_ends_and_the_standby_takes_over(
    api: FakeBotApi, tmp_path: Path, shared: dict[str, str]
) -> None:
    unused = tmp_path / "unused.sqlite3"
    with two_processes(api, unused, shared) as (first, second):
        api.send(ALICE, GROUP, "/gongzhu fast deals=1")
        join_by_link(api, ALICE)
        calls_at_cut = len(api.calls)
        with psycopg.connect(shared["DATABASE_URL"], autocommit=True) as conn:  # the server cuts it
            held = "SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND granted"
            conn.execute(f"SELECT pg_terminate_backend(pid) FROM ({held}) AS holders")
        assert first.process.wait(timeout=30) == 3  # it ends at once, as a killed process would
        api.wait_for(lambda calls: any(c.method == "setWebhook" for c in calls[calls_at_cut:]), 30)
        api.send(ALICE, GROUP, "/fill")  # the table is the new owner's, seat and all
        api.wait_for(
            lambda calls: any("• 🤖" in c.text and "空位" not in c.text for c in calls[calls_at_cut:])
        )
        assert first.errors() == [line for line in first.log if "lost the connection to" in line]
        assert not second.errors(), second.errors()


def test_telegrams_redelivery_reaching_the_other_process_is_handled_once(
    api: FakeBotApi, tmp_path: Path, shared: dict[str, str]
) -> None:
    with two_processes(api, tmp_path / "unused.sqlite3", shared) as (first, second):
        before = len(api.calls)
        helped = lambda calls: [c for c in calls[before:] if c.chat == GROUP["id"] and "/gouji" in c.text]  # noqa: E731
        message = api.send(ALICE, GROUP, "/help")
        update_id = api.deliveries[-1][0]
        api.wait_for(helped)
        balanced = api.webhook_targets
        api.webhook_targets = [balanced[(update_id + 1) % 2]]  # Telegram again, at the other process
        assert api.deliver({"update_id": update_id, "message": message}) == 200
        api.webhook_targets = balanced
        api.send(ALICE, GROUP, "/help")  # after the redelivery on the stream, in the group's order
        api.wait_for(lambda calls: len(helped(calls)) >= 2)
        assert len(helped(api.calls)) == 2  # the redelivered one was not answered again
        duplicate = ("gouji_bot_webhook_requests_total", (("outcome", "duplicate"),))
        assert metrics(first).get(duplicate, 0) + metrics(second).get(duplicate, 0) == 1


def test_redis_out_of_reach_makes_the_webhook_answer_503_so_that_telegram_delivers_again(
    api: FakeBotApi, tmp_path: Path
) -> None:
    bot = hooked_bot(api, tmp_path / "bot.sqlite3", REDIS_URL=f"redis://127.0.0.1:{free_port()}")
    try:
        api.send(ALICE, GROUP, "/help")
        assert api.deliveries[-1][1] == 503  # not taken: Telegram keeps it and tries again
        unavailable = ("gouji_bot_webhook_requests_total", (("outcome", "unavailable"),))
        assert metrics(bot)[unavailable] == 1
        assert bot.terminate() < 15 and bot.process.returncode == 0
        warned = [line for line in bot.log if "Redis cannot take updates" in line]
        assert len(warned) == 1 and " WARNING " in warned[0]
        assert not bot.errors(), bot.errors()
    finally:
        bot.kill()


def test_of_three_processes_one_owns_the_tables_and_one_alone_takes_them_when_it_dies(
    api: FakeBotApi, tmp_path: Path, shared: dict[str, str]
) -> None:
    unused = tmp_path / "unused.sqlite3"
    with two_processes(api, unused, shared) as (first, second):
        third = standby_bot(api, unused, shared)
        try:
            api.webhook_targets = [first.hook, second.hook, third.hook]
            owners = [metrics(bot)[("gouji_bot_owner", ())] for bot in (first, second, third)]
            assert owners == [1, 0, 0]
            alice_at_a_filled_table(api)
            first.kill()
            calls_at_kill = len(api.calls)
            api.wait_for(lambda calls: any(c.method == "setWebhook" for c in calls[calls_at_kill:]), 30)
            api.send(ALICE, GROUP, "/startgame")  # the new owner starts the table
            api.wait_for(lambda calls: buttons(api, ALICE["id"]))
            owners = [metrics(bot)[("gouji_bot_owner", ())] for bot in (second, third)]
            assert sorted(owners) == [0, 1]  # one of the two took over, the other still stands by
            took = [bot for bot in (second, third) if "took over the tables" in "\n".join(bot.log)]
            assert len(took) == 1
            assert not second.errors() and not third.errors()
        finally:
            third.kill()
