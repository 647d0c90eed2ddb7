"""The Telegram application: python-telegram-bot's Application with our handlers, the store and
the referee opened before the first update, every running table recovered, commands registered."""

from __future__ import annotations

import asyncio
import logging
import signal
from collections.abc import Callable
from pathlib import Path

from telegram import BotCommand, MenuButtonWebApp, Update, WebAppInfo
from telegram.ext import (
    Application,
    ApplicationBuilder,
    BaseRateLimiter,
    CallbackQueryHandler,
    ChatMemberHandler,
    MessageHandler,
    TypeHandler,
    filters,
)

from data.store import Store, StoreError
from data.stores import open_store
from engine.referee import CLUSTER_SEARCHES, WORKERS, Clock, Referee, SystemClock, Thinkers, cluster_pool
from handlers import buttons, chats, commands, commandtable, errors
from handlers.callbacks import Signer
from handlers.config import Config
from handlers.context import CONTEXT_TYPES, Context
from handlers.daily import DailyLines
from handlers.i18n import LANGUAGES, t
from handlers.logs import calm_shutdown_pulls
from handlers.messages import Messages
from handlers.metrics import CountedRequest, Metrics
from handlers.notifier import TelegramNotifier
from handlers.ratelimit import BURST, GROUP_PER_MINUTE, GROUP_WINDOW, PER_SECOND, PriorityRateLimiter
from handlers.rediskeys import client as redis_client
from handlers.relay import UpdateStream
from handlers.services import Services
from handlers.sharedlimits import SharedBudget
from handlers.updates import PerChatOrder

log = logging.getLogger(__name__)
FLUSH_SECONDS = 5.0  # at shutdown, what is still to be told gets this long (the whole
# stop, with the close below and the server's 2 s, ends within 8 s)
CLOSE_SECONDS = 2.0  # and the referee's last heartbeat this long


def build(
    config: Config,
    clock: Clock | None = None,
    limiter: BaseRateLimiter[int] | None = None,
    new_seed: Callable[[], str] | None = None,
) -> Application:
    """`clock`: the referee's clock (tests inject a manual one). `limiter`: Telegram's limits
    (30 calls/s, 20/min per group) and retries, presses first (`PriorityRateLimiter` unless
    given; tests give one that never waits). `new_seed`: the deals' seeds (tests fix them)."""
    builder = (
        ApplicationBuilder()
        .token(config.token)
        .base_url(config.base_url)
        .base_file_url(config.base_file_url)
        .context_types(CONTEXT_TYPES)
        .post_init(_started)
        .post_stop(_flush)
        .post_shutdown(_stopped)
        .concurrent_updates(PerChatOrder())
    )
    # PTB's builder is typed for a limiter without per-call arguments; ours takes a priority
    builder = builder.rate_limiter(limiter or default_limiter(config))  # type: ignore[arg-type]
    metrics = Metrics()  # every Bot API call counted, as PTB's default clients are sized
    builder = builder.request(CountedRequest(metrics, connection_pool_size=256))
    # two connections for the pulls: at shutdown python-telegram-bot pulls once more to confirm
    # the last updates, and with one that call can find the long poll still holding it (a pool
    # time-out, logged as an error, under load)
    builder = builder.get_updates_request(CountedRequest(metrics, connection_pool_size=2))
    app = builder.build()
    calm_shutdown_pulls()
    app.bot_data.config = config
    app.bot_data.metrics = metrics
    app.bot_data.clock = clock or SystemClock()
    app.bot_data.new_seed = new_seed
    if config.redis_url is not None and config.webhook_url:  # any process may receive an update
        app.bot_data.stream = UpdateStream(redis_client(config.redis_url), config.token)
    _add_handlers(app)
    return app


def default_limiter(config: Config) -> PriorityRateLimiter:
    """Telegram's limits: this process's own, and with REDIS_URL the bot token's, shared by
    every process of the bot."""
    if config.redis_url is None:
        return PriorityRateLimiter()
    shared = SharedBudget(
        redis_client(config.redis_url), config.token, PER_SECOND, BURST, GROUP_PER_MINUTE, GROUP_WINDOW
    )
    return PriorityRateLimiter(shared=shared)


def _add_handlers(app: Application) -> None:
    """A handler per command, in the chats where it means something; presses, membership
    changes and typed moves; the error handler."""
    app.add_handler(TypeHandler(Update, _private_chat_works), group=-1)  # before every handler
    commandtable.install(app)
    app.add_handler(CallbackQueryHandler(buttons.pressed))
    app.add_handler(ChatMemberHandler(chats.membership_changed, ChatMemberHandler.MY_CHAT_MEMBER))
    app.add_handler(
        MessageHandler(filters.ChatType.PRIVATE & filters.TEXT & ~filters.COMMAND, commands.typed_move)
    )
    app.add_error_handler(errors.on_error)


def thinkers(config: Config) -> Thinkers:
    """Where the searching bots think: a Dask cluster (SEARCH_CLUSTER), else worker processes."""
    if config.search_cluster:
        return Thinkers(config.search_workers or CLUSTER_SEARCHES, pool=cluster_pool(config.search_cluster))
    return Thinkers(config.search_workers or WORKERS)


async def _private_chat_works(update: Update, context: Context) -> None:
    """A player who writes (or presses) in private can be messaged again: a chat Telegram had
    refused as forbidden (no private chat yet, the bot blocked) is tried again from now on."""
    chat, user, notifier = update.effective_chat, update.effective_user, context.bot_data.notifier
    if chat is not None and chat.type == "private" and user is not None and notifier is not None:
        notifier.reachable(user.id)


async def _started(app: Application) -> None:
    config = app.bot_data.config
    assert config is not None
    store = await open_store(config.store)  # raises StoreLocked for a second process
    signer = Signer(config.token)
    # the referee needs the notifier, which needs these services: the referee is set below
    services = Services(
        referee=None,  # type: ignore[arg-type]
        signer=signer,
        webapp_url=config.webapp_url,
        webapp_name=config.webapp_name,
    )
    clock = app.bot_data.clock
    messages = Messages(store)
    messages.bot = app.bot
    notifier = TelegramNotifier(services, messages, clock)
    seeds = {"new_seed": app.bot_data.new_seed} if app.bot_data.new_seed else {}
    referee = Referee(
        store,
        notifier,
        clock,
        bot_delay=config.move_delay,
        thinkers=thinkers(config),
        quick_wait=config.quick_wait,
        **seeds,
    )
    services.referee = referee
    services.username = app.bot.username
    app.bot_data.metrics.referee = referee
    if config.webapp_url:  # the Mini App's open pages hear of each change at once
        referee.watch(app.bot_data.live.changed)
    app.bot_data.services, app.bot_data.notifier, app.bot_data.store = services, notifier, store
    await referee.recover()  # before any update is handled
    app.bot_data.daily_lines = DailyLines(services, app.bot, clock)
    await app.bot_data.daily_lines.start()
    if config.webapp_url:  # what the pages may be shown: the state the restart read from the file
        app.bot_data.live.seed(referee.versions())
    for lang in LANGUAGES:
        names = commandtable.menu(bool(config.webapp_url))
        menu = [BotCommand(name, t(lang, f"cmd.{name}")) for name in names]
        await app.bot.set_my_commands(menu, language_code=None if lang == "zh" else lang)
    if config.webapp_url:  # the private chats' menu button opens the player's running table
        button = MenuButtonWebApp(t("zh", "app.menu"), WebAppInfo(config.webapp_url))
        await app.bot.set_chat_menu_button(menu_button=button)
    backups = set()  # keeps each running backup task referenced until it ends

    def backup_requested() -> None:  # `kill -USR1 <pid>`
        task = asyncio.get_running_loop().create_task(backup(store, Path(f"{config.database}.backup")))
        backups.add(task)
        task.add_done_callback(backups.discard)

    asyncio.get_running_loop().add_signal_handler(signal.SIGUSR1, backup_requested)
    log.info("ready as @%s on %s", app.bot.username, config.store_shown)


async def backup(store: Store, target: Path) -> None:
    """The operator's consistent copy of the running bot's database (SIGUSR1), said in the log."""
    refused: tuple[type[Exception], ...] = (OSError, RuntimeError, *StoreError)  # RuntimeError: pg_dump's
    try:
        await store.backup(target)
    except refused as error:
        log.error("backup to %s failed: %s", target, error)
    else:
        log.info("backup written to %s", target)


async def _flush(app: Application) -> None:
    """Before the bot disconnects, in an order that leaves nothing to touch the store once it is
    closed (a SIGTERM while bots moved wrote to a closed database): first the referee
    stops (no clock fires; a bot move under way commits within CLOSE_SECONDS, else it is
    cancelled; the heartbeat notes the time); then its notices and the groups' messages are told,
    FLUSH_SECONDS in all, whatever Telegram does, and the owed ones marked told; then what is
    still under way is cancelled (a notice cut off stays owed, told after the restart)."""
    services, notifier = app.bot_data.services, app.bot_data.notifier
    if app.bot_data.daily_lines is not None:
        app.bot_data.daily_lines.stop()
    if services is not None:
        try:
            await services.referee.close(within=CLOSE_SECONDS)
        except Exception:  # the last heartbeat: the next start gives back a little more time
            log.exception("stopping: the referee's last write failed")

    async def tell_everything() -> None:
        if services is not None:
            await services.referee.flush_notices()
        if notifier is not None:
            await notifier.feed.flush()
            await notifier.private.idle()
        if services is not None:  # the rounds' ends whose sheets just went out are owed no more
            await services.referee.settle_notices()

    try:
        await asyncio.wait_for(tell_everything(), FLUSH_SECONDS)
    except TimeoutError:
        log.warning("stopping: what was still to be told after %.0f s is not sent", FLUSH_SECONDS)
    except Exception:  # the store must still be closed (_stopped)
        log.exception("stopping: the last messages failed")
    finally:  # nothing may be left pending when the loop closes (asyncio logs it as an ERROR)
        if services is not None:
            await services.referee.abandon_notices()
        if notifier is not None:
            await notifier.feed.abandon()
            await notifier.private.abandon()


async def _stopped(app: Application) -> None:
    """The store is closed, last: the referee and everything it told have stopped (`_flush`)."""
    store = app.bot_data.store
    if store is not None:
        await store.close()
    if app.bot_data.stream is not None:
        await app.bot_data.stream.close()
