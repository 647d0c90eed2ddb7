"""`/drill` through the real bot: after a reviewed match, a player is asked a position from
their own mistakes — the hand under the table, the move made, the better one and another legal
move as buttons — and told whether their choice was the better play, and why; a member of the
group drills another's mistakes only once that player shares them."""

from __future__ import annotations

import os
from pathlib import Path

from engine.review import Judgement
from handlers.games import move_label
from handlers.i18n import t
from tests.e2e.fake_api import FakeBotApi
from tests.e2e.harness import ALICE, BOB, GROUP, Bot, private
from tests.e2e.miniapp import served_bot
from tests.e2e.test_miniapp_replay import finished_gongzhu, group_texts

DRILL = "🎯"
PICTURES = Path(__file__).resolve().parents[2] / "docs" / "pictures"


def keep_picture(api: FakeBotApi, user: dict[str, object], name: str) -> None:
    """The newest photo sent to the user, kept under docs/pictures with UPDATE_PICTURES=1."""
    if not os.environ.get("UPDATE_PICTURES"):
        return
    sent = next(c for c in reversed(api.calls) if c.method == "sendPhoto" and c.chat == user["id"])
    (PICTURES / name).write_bytes(next(iter(sent.files.values())))


def drill_message(bot: Bot, user: dict[str, object]) -> tuple[dict[str, object], list[tuple[str, str]]]:
    """The newest drill in the user's chat: the message and its (label, data) buttons."""
    found = [
        (m, text, data) for m, text, data in bot.buttons(user["id"]) if m.get("caption", "").startswith(DRILL)
    ]
    message = found[-1][0]
    return message, [(text, data) for m, text, data in found if m is message]


async def reviewed(bot: Bot, api: FakeBotApi) -> list[Judgement]:
    await finished_gongzhu(bot)
    before = await bot.say(ALICE, GROUP, "/review")
    await bot.wait(lambda calls: group_texts(api, before, "🔍 第 1 场复盘"), timeout=300)
    made = await bot.app.bot_data.services.referee.review(GROUP["id"], 1)
    return list(made.judgements)


async def test_a_drill_asks_a_players_own_mistake_and_tells_why(api: FakeBotApi, tmp_path: Path) -> None:
    async with served_bot(api, tmp_path / "bot.sqlite3") as (bot, _):
        judgements = await reviewed(bot, api)
        players = (await bot.app.bot_data.services.referee.review(GROUP["id"], 1)).players
        alice = players.index(ALICE["id"])
        mine = [j for j in judgements if j.seat == alice and j.mark != "good"]
        await bot.say(ALICE, GROUP, "/drill")  # a drill shows a hand: private only
        assert "私聊" in api.calls[-1].text
        await bot.say(ALICE, private(ALICE), "/drill everything")
        assert api.calls[-1].text == t("zh", "reason.drill_usage")
        await bot.say(ALICE, private(ALICE), "/drill")
        if not mine:  # a match without a mistake of hers: told so, nothing drawn
            assert api.calls[-1].text == t("zh", "reason.no_drill")
            return
        costliest = min(mine, key=lambda j: (("blunder", "mistake", "inaccuracy").index(j.mark), -j.loss))
        message, choices = drill_message(bot, ALICE)
        assert message["photo"]  # her hand under the table, as she saw it then
        keep_picture(api, ALICE, "drill-zh.png")
        asked = message["caption"]
        assert asked.startswith(f"{DRILL} 练习 · 第 1 场") and "这是你自己当时的局面" in asked
        best = bot.app.bot_data.services.referee.drills._asked[ALICE["id"]].judged.best
        assert best == costliest.best
        labels = [label for label, _ in choices]
        assert len(labels) == len(set(labels)) >= 2
        right = next(data for label, data in choices if label == _label(best))
        answer = await bot.press(ALICE, message, right, bots=False)
        assert answer.params["text"] == "✅"
        edited = next(c for c in reversed(api.calls) if c.method == "editMessageCaption")
        assert edited.text.startswith(f"✅ 答对了：{_label(best)} 更好")
        assert f"大约差 {costliest.loss:.0f} 分" in edited.text
        # the buttons are gone; an old press is stale and changes nothing
        stale = await bot.press(ALICE, message, right, bots=False)
        assert stale.params["text"] == t("zh", "reason.stale")
        # Bob drills the group's mistakes only once Alice shares hers
        await bot.say(BOB, private(BOB), "/drill group")  # Bob reads English
        assert api.calls[-1].text == t("en", "reason.no_shared_drill")
        await bot.say(ALICE, private(ALICE), "/drill share on")
        assert api.calls[-1].text == t("zh", "drill.shared_on")
        await bot.say(BOB, private(BOB), "/drill group")
        message, choices = drill_message(bot, BOB)
        keep_picture(api, BOB, "drill-en.png")  # Alice's seat under her name, not "you"
        print(asked, labels, edited.text, message["caption"], [label for label, _ in choices], sep="\n")
        assert (
            message["caption"].startswith("🎯 Drill · match #1")
            and "Alice's move in that match" in message["caption"]
        )


def _label(move: str) -> str:
    return move_label(move, "zh", "gongzhu")
