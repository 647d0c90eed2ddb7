"""The built image, run as a user would run it (`.ci/container`): against the fake Bot API on this
machine, the bot in the container starts, answers /healthz and its own HEALTHCHECK, runs as a
user who is not root, serves a command, keeps its database on the volume, and stops on SIGTERM
within seconds with exit code 0 and no ERROR in its log.

    python .ci/container_check.py IMAGE [podman run options ...]
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.e2e.conftest import errors_in_output  # noqa: E402
from tests.e2e.fake_api import FakeBotApi  # noqa: E402
from tests.e2e.harness import ALICE, GROUP, TOKEN  # noqa: E402
from tests.e2e.process import free_port  # noqa: E402


def podman(*args: str, check: bool = True) -> str:
    done = subprocess.run(["podman", *args], capture_output=True, text=True, timeout=300)
    if check and done.returncode != 0:
        raise SystemExit(f"podman {' '.join(args[:2])} failed: {done.stderr.strip()}")
    return done.stdout.strip()


def healthz(port: int) -> tuple[int, dict[str, object]]:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=5) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def main(image: str, run_options: list[str]) -> int:
    api = FakeBotApi().start()
    port = free_port()
    volume = f"gouji-ci-{port}"
    name = f"gouji-ci-{port}"
    podman(
        "run", "--detach", "--name", name, *run_options, "--network", "host",
        "--volume", f"{volume}:/data",
        "--env", f"BOT_TOKEN={TOKEN}", "--env", f"TELEGRAM_API_URL={api.url}",
        "--env", f"HTTP_PORT={port}", "--env", "HTTP_HOST=127.0.0.1",
        image,
    )  # fmt: skip
    failures: list[str] = []
    try:
        api.wait_for(lambda calls: any(c.method == "setMyCommands" for c in calls), timeout=120)
        status, body = healthz(port)
        print(f"container: /healthz {status} {body}")
        if status != 200:
            failures.append(f"/healthz answered {status}")
        healthcheck = subprocess.run(["podman", "healthcheck", "run", name], capture_output=True, text=True)
        print(f"container: HEALTHCHECK exit {healthcheck.returncode} {healthcheck.stdout.strip()}")
        if healthcheck.returncode != 0:
            failures.append(f"HEALTHCHECK failed: {healthcheck.stderr.strip()}")
        uid = podman("exec", name, "id", "-u")
        print(f"container: the bot runs as uid {uid}")
        if uid == "0":
            failures.append("the bot runs as root")
        api.send(ALICE, GROUP, "/gouji")
        lobby = api.wait_for(lambda calls: next((c for c in calls if c.chat == GROUP["id"]), None), 60)
        print(f"container: /gouji answered in the group: {lobby.text.splitlines()[0]}")
        started = time.monotonic()
        podman("stop", "--time", "30", name)
        took = time.monotonic() - started
        code = podman("inspect", "--format", "{{.State.ExitCode}}", name)
        print(f"container: SIGTERM to exit in {took:.1f} s, exit code {code}")
        if took > 15 or code != "0":
            failures.append(f"SIGTERM: {took:.1f} s, exit code {code}")
        logs = subprocess.run(["podman", "logs", name], capture_output=True, text=True)
        log = logs.stdout + logs.stderr  # the bot logs to stderr
        if errors := errors_in_output(log):
            failures.append("ERROR in the log: " + "; ".join(errors))
        listing = ("--volume", f"{volume}:/data", "--entrypoint", "ls", image, "/data")
        kept = podman("run", "--rm", *run_options, *listing)
        print(f"container: the volume holds {kept.split()}")
        if "gouji-bot.sqlite3" not in kept.split():
            failures.append("the database is not on the volume")
    finally:
        podman("rm", "--force", name, check=False)
        podman("volume", "rm", "--force", volume, check=False)
        api.stop()
    for failure in failures:
        print(f"container: FAILED: {failure}", file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2:]))
