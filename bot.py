"""Start the bot: `BOT_TOKEN=... python bot.py` (every setting: docs/operating.md)."""

from __future__ import annotations

import logging
import sys

from telegram.error import InvalidToken, TelegramError

from data.store import StoreError, StoreLocked
from handlers.config import ConfigError, load
from handlers.lifecycle import run
from handlers.logs import hide_token


def main() -> int:
    try:
        config = load()
    except ConfigError as error:
        print(f"bot.py: {error}", file=sys.stderr)
        return 2
    logging.basicConfig(level=config.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    logging.getLogger("httpx").setLevel(max(config.log_level, logging.WARNING))
    hide_token(config.token)
    try:
        run(config)  # an unreachable Bot API at start-up is retried (handlers.lifecycle)
    except InvalidToken:
        print("bot.py: Telegram refuses BOT_TOKEN: copy the token @BotFather gave again", file=sys.stderr)
        return 2
    except StoreLocked as error:
        print(f"bot.py: {error}", file=sys.stderr)
        return 1
    except StoreError as error:  # a path that cannot hold it, a server that refuses: nothing to retry
        print(f"bot.py: cannot open the database {config.store_shown}: {error}", file=sys.stderr)
        return 1
    except TelegramError as error:  # setWebhook refused: a URL Telegram cannot use
        print(f"bot.py: the Bot API refused to start the bot: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
