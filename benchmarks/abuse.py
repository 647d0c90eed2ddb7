"""The web door under hostile and clumsy use, measured against the real `bot.py` (its webhook and
the Mini App on, 1,024 file descriptors, the fake Bot API emulating Telegram's limits: 30 calls a
second, 20 a minute per group). Each attack is bounded and stays on 127.0.0.1; what it prints is
what the issue asks of the bot under it:

    python -m benchmarks.abuse [--attack outsider|streams|headers|crowd|all]

- outsider: 40 page requests by someone not in the group, then the group's /help: seconds until
  it is answered, and the getChatMember calls made;
- streams: one member opens 1,100 event streams at once: /healthz, a webhook /help, and the
  group's answer, while they are open;
- headers: 1,050 connections that never finish their headers: /healthz, and /help by webhook;
- crowd: 2,000 users send /help in private within seconds, and a seated player presses a button:
  seconds until the press is answered, and how many of the crowd had been answered by then.

After each: the bot's log size, SIGTERM to exit, and the bot's process time (user + system, from
/proc) beside the wall time."""

from __future__ import annotations

import argparse
import asyncio
import os
import socket
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tests.e2e.fake_api import FakeBotApi
from tests.e2e.harness import ALICE, BOB, GROUP, MALLORY, buttons, choose, private
from tests.e2e.process import BotProcess
from tests.e2e.test_abuse import a_lobby, attacked_door, hold_streams, requests, room_for_connections


def cpu_seconds(pid: int) -> float:
    """The process's user + system time so far (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def help_latency(api: FakeBotApi, send: Callable[[], None]) -> float:
    """Seconds from sending /help in the group until the bot's answer reaches Telegram."""
    before, started = len(api.calls), time.monotonic()
    send()
    api.wait_for(lambda calls: any(c.chat == GROUP["id"] and "/gouji" in c.text for c in calls[before:]), 120)
    return time.monotonic() - started


def outsider(api: FakeBotApi, bot: BotProcess) -> dict[str, Any]:
    a_lobby(api)
    api.outsiders.add(MALLORY["id"])
    statuses: list[int] = []
    attack = threading.Thread(
        target=lambda: statuses.extend(asyncio.run(requests(bot.base, "/api/tables/1", MALLORY, 40)))
    )
    attack.start()  # the group's /help comes while the outsider's requests are under way
    api.wait_for(lambda calls: any(c.method == "getChatMember" and c.chat == GROUP["id"] for c in calls), 30)
    latency = help_latency(api, lambda: api.send(BOB, GROUP, "/help"))
    attack.join()
    asked = sum(c.method == "getChatMember" and int(c.params["user_id"]) == MALLORY["id"] for c in api.calls)
    return {"statuses": sorted(set(statuses)), "help_s": round(latency, 2), "getChatMember": asked}


def streams(api: FakeBotApi, bot: BotProcess) -> dict[str, Any]:
    a_lobby(api)
    seen: dict[str, Any] = {}

    def meanwhile() -> None:
        started = time.monotonic()
        seen["healthz"] = bot.get("/healthz")[0]
        seen["healthz_s"] = round(time.monotonic() - started, 3)
        seen["help_s"] = round(help_latency(api, lambda: api.send(BOB, GROUP, "/help")), 2)
        seen["webhook"] = api.deliveries[-1][1]

    statuses = asyncio.run(hold_streams(bot.base, BOB, 1100, meanwhile))
    seen["streams"] = {status: statuses.count(status) for status in sorted(set(statuses))}
    return seen


def headers(api: FakeBotApi, bot: BotProcess) -> dict[str, Any]:
    a_lobby(api)
    held = []
    try:
        for _ in range(1050):
            connection = socket.create_connection(("127.0.0.1", bot.port))
            connection.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Slow: ")
            held.append(connection)
        started = time.monotonic()
        status = bot.get("/healthz")[0]
        took = time.monotonic() - started
        latency = help_latency(api, lambda: api.send(BOB, GROUP, "/help"))
        return {"healthz": status, "healthz_s": round(took, 3), "help_s": round(latency, 2)}
    finally:
        for connection in held:
            connection.close()


def crowd(api: FakeBotApi, bot: BotProcess) -> dict[str, Any]:
    a_lobby(api)
    api.send(ALICE, GROUP, "/fill")
    api.wait_for(lambda calls: any("• 🤖" in c.text and "空位" not in c.text for c in calls))  # filled
    api.send(ALICE, GROUP, "/startgame")
    keyboard = api.wait_for(
        lambda calls: [b for b in buttons(api, ALICE["id"]) if b[2][:2] in ("d|", "m|")], 30
    )
    people = [
        {"id": 10_000 + n, "is_bot": False, "first_name": f"P{n}", "language_code": "en"} for n in range(2000)
    ]
    started = time.monotonic()
    sender = threading.Thread(target=lambda: [api.send(p, private(p), "/help") for p in people])
    sender.start()
    api.wait_for(
        lambda calls: sum(c.method == "sendMessage" and (c.chat or 0) >= 10_000 for c in calls) >= 50, 60
    )
    message, _, data = choose(keyboard)
    pressed = time.monotonic()
    query = api.press(ALICE, message, data)
    api.wait_for(lambda calls: query in api.answered, 60)
    answered = time.monotonic() - pressed
    replied = sum(c.method == "sendMessage" and (c.chat or 0) >= 10_000 for c in api.calls)
    sender.join()
    return {
        "sent_s": round(time.monotonic() - started, 1),
        "press_answered_s": round(answered, 3),
        "crowd_answered_by_then": replied,
    }


ATTACKS = {"outsider": outsider, "streams": streams, "headers": headers, "crowd": crowd}


def run(name: str) -> None:
    api = FakeBotApi().start()
    with tempfile.TemporaryDirectory() as folder, room_for_connections():
        bot = attacked_door(api, Path(folder) / "bot.sqlite3")
        try:
            wall, cpu = time.monotonic(), cpu_seconds(bot.process.pid)
            found = ATTACKS[name](api, bot)
            found["bot_cpu_s"] = round(cpu_seconds(bot.process.pid) - cpu, 2)
            found["wall_s"] = round(time.monotonic() - wall, 1)
            found["sigterm_s"] = round(bot.terminate(), 2)
            found["log_kb"] = round(sum(len(line) + 1 for line in bot.log) / 1024, 1)
            found["errors"] = len(bot.errors())
        finally:
            bot.kill()
            api.stop()
    print(f"{name}: " + ", ".join(f"{key} {value}" for key, value in found.items()), flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--attack", choices=[*ATTACKS, "all"], default="all")
    chosen = parser.parse_args().attack
    for name in ATTACKS if chosen == "all" else [chosen]:
        run(name)


if __name__ == "__main__":
    main()
