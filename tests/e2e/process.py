"""The real `bot.py` as a process of its own against the fake Bot API: how the service runs in
production (webhook or polling, its HTTP server, SIGTERM), driven over HTTP as Telegram would."""

from __future__ import annotations

import json
import os
import resource
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tests.e2e.conftest import errors_in_output
from tests.e2e.fake_api import Call, FakeBotApi
from tests.e2e.harness import GROUP, TOKEN, buttons, choose, private
from tests.ports import free_port

HOOK_PATH = "/tg/updates"
PUBLIC_URL = f"https://bot.example.test{HOOK_PATH}"  # what Telegram is told; the test maps it here


def port_is_free(port: int) -> bool:
    """Whether a new server could listen on the port, as a restarted bot would (SO_REUSEADDR:
    connections the last one closed may linger in TIME_WAIT; a listener still there may not)."""
    with socket.socket() as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(("127.0.0.1", port))
        except OSError:
            return False
        return True


class BotProcess:
    """`python bot.py` with the given environment; its log is read as it comes (a full pipe
    would stall the bot) and kept for the checks."""

    def __init__(self, api: FakeBotApi, database: Path, nofile: int | None = None, **env: str) -> None:
        """`nofile`: the process's file-descriptor limit, soft and hard (a container's 1,024)."""
        self.api = api
        self.port = int(env.get("PORT") or env.get("HTTP_PORT") or 0)
        self.env = env
        environment = {
            **os.environ,
            "BOT_TOKEN": TOKEN,
            "TELEGRAM_API_URL": api.url,
            "DATABASE_PATH": str(database),
            "BOT_MOVE_DELAY": "0",
            "HTTP_HOST": "127.0.0.1",
            **env,
        }

        def limit() -> None:
            if nofile is not None:
                resource.setrlimit(resource.RLIMIT_NOFILE, (nofile, nofile))

        self.process = subprocess.Popen(
            [sys.executable, "bot.py"], env=environment, stderr=subprocess.PIPE, text=True, preexec_fn=limit
        )
        self.log: list[str] = []
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        assert self.process.stderr is not None
        for line in self.process.stderr:
            self.log.append(line.rstrip("\n"))

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def hook(self) -> str:
        """Its webhook on 127.0.0.1, where the fake Telegram delivers for the public URL."""
        return self.base + HOOK_PATH

    def get(self, path: str) -> tuple[int, bytes]:
        try:
            with urllib.request.urlopen(self.base + path, timeout=10) as answer:
                return answer.status, answer.read()
        except urllib.error.HTTPError as error:
            return error.code, error.read()

    def health(self) -> tuple[int, dict[str, Any]]:
        status, body = self.get("/healthz")
        return status, json.loads(body)

    def wait_ready(self, timeout: float = 60.0) -> None:
        """Until the bot has started: its last start-up call reached the Bot API (setWebhook
        with a webhook, else setMyCommands, once every table was recovered)."""
        last = "setWebhook" if "WEBHOOK_URL" in self.env else "setMyCommands"
        try:
            self.api.wait_for(lambda calls: any(c.method == last for c in calls), timeout)
        except AssertionError:
            raise AssertionError("never started:\n" + "\n".join(self.log[-20:])) from None

    def until_logged(self, *texts: str, timeout: float = 60.0) -> None:
        """Until a line of its log holds one of `texts` (reading the log as it comes: no event
        to wait on across processes); an AssertionError with the log's end if it exits first."""
        deadline = time.monotonic() + timeout
        while not any(text in line for line in self.log for text in texts):
            assert self.process.poll() is None and time.monotonic() < deadline, "\n".join(self.log[-20:])
            time.sleep(0.05)

    def terminate(self, timeout: float = 30.0) -> float:
        """SIGTERM; the seconds until the process ended."""
        started = time.monotonic()
        self.process.send_signal(signal.SIGTERM)
        self.process.wait(timeout=timeout)
        took = time.monotonic() - started
        self._reader.join(timeout=5)
        return took

    def kill(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        self._reader.join(timeout=5)

    def errors(self, allowed: tuple[str, ...] = ()) -> list[str]:
        return errors_in_output("\n".join(self.log), allowed)


def hooked_bot(api: FakeBotApi, database: Path, nofile: int | None = None, **env: str) -> BotProcess:
    """bot.py with WEBHOOK_URL set (and `env`), started; the fake Telegram delivers to its local
    port (PORT in `env`, else a free one). The caller kills it."""
    port = int(env.pop("PORT", 0)) or free_port()
    bot = BotProcess(api, database, nofile=nofile, WEBHOOK_URL=PUBLIC_URL, PORT=str(port), **env)
    try:
        bot.wait_ready()
    except BaseException:
        bot.kill()
        raise
    api.webhook_target = bot.hook
    return bot


def join_by_link(api: FakeBotApi, player: dict[str, Any]) -> None:
    """The player follows the join link the bot sent to the group (`/start <payload>` in their
    private chat) and is seated."""
    link = api.wait_for(
        lambda calls: next((c for c in calls if c.chat == GROUP["id"] and "?start=" in c.text), None)
    )
    payload = link.text.split("?start=", 1)[1].split()[0].rstrip("）)")
    before = len(api.calls)
    api.send(player, private(player), f"/start {payload}")
    api.wait_for(lambda calls: any(c.chat == player["id"] for c in calls[before:]))


def play_alone(
    api: FakeBotApi, player: dict[str, Any], done: Callable[[list[Call]], bool], limit: int = 100
) -> tuple[list[Call], int]:
    """The player presses, as a person on a phone would, a button of the newest keyboard they
    have not pressed yet (`choose`), as soon as it is there, until `done(calls)`. Returns the
    answers to the presses and how many of them were moves (a card, a decision, exposure's done)."""
    pressed: dict[int, str] = {}  # message id → its keyboard when last pressed
    answers: list[Call] = []
    moves = 0

    def fresh(calls: list[Call]) -> Any:
        if done(calls):
            return "done"
        keys = buttons(api, player["id"])
        newest = max((b[0]["message_id"] for b in keys), default=None)
        if newest is None or pressed.get(newest) == json.dumps(
            api.messages[(player["id"], newest)]["reply_markup"]
        ):
            return None
        return [b for b in keys if b[0]["message_id"] == newest]

    while (found := api.wait_for(fresh, timeout=60)) != "done":
        message, _, data = choose(found)
        pressed[message["message_id"]] = json.dumps(message["reply_markup"])
        moves += data.split("|", 1)[0] in ("m", "d")
        answers.append(api.answer_of(api.press(player, message, data)))
        assert len(answers) < limit
    return answers, moves
