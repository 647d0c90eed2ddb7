"""The keyboard's 💡: the normal bot's move for the player's decision, in a pop-up,
with why the bot makes it; nothing changes at the table, and an old keyboard's 💡 is
refused as stale."""

from __future__ import annotations

from engine.referee.views import PrivateView
from handlers.games import hint_reason, move_label
from handlers.i18n import t
from tests.e2e.harness import ALICE, Bot, choose, seated_alone


def hint_button(bot: Bot) -> tuple[dict[str, object], str]:
    [(message, data)] = [(m, d) for m, text, d in bot.buttons(ALICE["id"]) if text == "💡 提示"]
    return message, data


def told(bot: Bot, game: str) -> str:
    """The pop-up: the move, and the bot's reason on a line of its own."""
    explained = bot.app.bot_data.services.referee.explained_hint(1, ALICE["id"])
    assert explained is not None
    move, key, values = explained
    reason = hint_reason(game, key, values, "zh")
    assert reason  # every decision the bot makes here has its words
    return f"💡 普通机器人会选：{move_label(move, 'zh', game)}\n理由：{reason}"


async def test_the_hint_pops_up_the_normal_bots_move_and_changes_nothing(bot: Bot) -> None:
    await seated_alone(bot, "gongzhu", "fast")
    referee = bot.app.bot_data.services.referee
    message, data = hint_button(bot)
    version = bot.version()
    wanted = referee.hint(1, ALICE["id"])
    assert wanted is not None
    answer = await bot.press(ALICE, message, data, bots=False)
    assert answer.params["show_alert"] in (True, "true", "True")
    assert answer.params["text"] == told(bot, "gongzhu")
    assert bot.version() == version  # a hint moves nothing
    private: PrivateView = referee.private_view(1, ALICE["id"])
    assert wanted in private.legal
    # the decision made, the old keyboard's 💡 is of another moment
    await bot.press(ALICE, *choose(bot.buttons(ALICE["id"]))[::2])
    assert bot.version() > version
    stale = await bot.press(ALICE, message, data, bots=False)
    assert stale.params["text"] == t("zh", "reason.stale")


async def test_a_gouji_keyboard_offers_the_hint_under_its_suggestions(bot: Bot) -> None:
    await seated_alone(bot, "gouji", "fast revolution=off")
    referee = bot.app.bot_data.services.referee
    message, data = hint_button(bot)
    wanted = referee.hint(1, ALICE["id"])
    assert wanted is not None
    rows = message["reply_markup"]["inline_keyboard"]  # type: ignore[index]
    assert rows[-1][0]["text"] == "💡 提示"  # the last row, under every choice
    answer = await bot.press(ALICE, message, data, bots=False)
    assert answer.params["text"] == told(bot, "gouji")
