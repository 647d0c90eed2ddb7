"""`python -m handlers.web.probe`: the container's HEALTHCHECK. Asks the running bot's /healthz on
this machine (the port the same environment gives the bot) and exits 0 when it answers 200."""

from __future__ import annotations

import sys
import urllib.error
import urllib.request

from handlers.config import ConfigError, load


def main() -> int:
    try:
        config = load()
    except ConfigError as error:
        print(f"probe: {error}", file=sys.stderr)
        return 1
    if not config.http:
        print("probe: the bot serves no HTTP (set HTTP_PORT, or WEBHOOK_URL)", file=sys.stderr)
        return 1
    url = f"http://127.0.0.1:{config.port}/healthz"
    try:
        with urllib.request.urlopen(url, timeout=4) as answer:
            return 0 if answer.status == 200 else 1
    except (urllib.error.URLError, OSError) as error:  # 503 (an HTTPError) included
        print(f"probe: {url}: {error}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
