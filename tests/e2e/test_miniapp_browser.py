"""End to end in a real browser: headless Chromium opens the Mini App's page as Telegram
would, the player taps cards and plays, the page follows the bots' moves by itself, and a second
browser, a spectator's, shows the table and no hand. Screenshots go to the test's folder, and to
docs/pictures with UPDATE_PICTURES=1 (docs/operating.md and docs/playing.md show them)."""

from __future__ import annotations

import json
import os
import re
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from handlers.i18n import t
from tests.e2e.browser import Page, need_chromium
from tests.e2e.fake_api import FakeBotApi
from tests.e2e.harness import ALICE, BOB, Bot, private, seated_alone
from tests.e2e.miniapp import WEBAPP_URL, init_data, served_bot, web_server
from tests.ports import free_port

PICTURES = Path(__file__).resolve().parents[2] / "docs" / "pictures"


@pytest.fixture
async def browser() -> AsyncIterator[Page]:
    need_chromium()
    page = Page()
    yield page
    page.close()


async def shot(page: Page, tmp_path: Path, name: str) -> None:
    await page.screenshot(tmp_path / name)
    if os.environ.get("UPDATE_PICTURES"):
        await page.screenshot(PICTURES / name)


async def let_bots_move(bot: Bot) -> None:
    await bot.clock.advance(0)
    await bot.told()


def legal_of(bot: Bot) -> list[str]:
    return list(bot.app.bot_data.services.referee.private_view(1, ALICE["id"]).legal)


async def select(page: Page, cards: list[str]) -> None:
    """Taps those cards of the hand, as a player's thumb would: a 够级 rank's stack once per
    card wanted, a 拱猪 card's tile once."""
    left = await page.js(
        f"""(() => {{ let left = 0;
        for (const token of {json.dumps(cards)}) {{
          const node = [...document.querySelectorAll('#hand .card')].find((n) => n.dataset.card === token
            && (n.classList.contains('stack') || !n.classList.contains('selected')));
          if (node) node.click(); else left += 1;
        }} return left; }})()"""
    )
    assert left == 0


def cards_in_hand(count: int) -> str:
    return f"document.getElementById('hand').dataset.cards === '{count}'"


async def test_a_gouji_player_taps_cards_plays_and_sees_the_bots_answer(
    api: FakeBotApi, tmp_path: Path, browser: Page
) -> None:
    async with served_bot(api, tmp_path / "bot.sqlite3") as (bot, base):
        await seated_alone(bot, "gouji", "fast revolution=off")
        await browser.open(f"{base}/app/?t=1", init_data(ALICE))
        await browser.until(cards_in_hand(36))
        assert await browser.js("document.getElementById('title').textContent") == "够级 · 第1手"
        while not [m for m in legal_of(bot) if m != "pass"]:  # until Alice plays (maybe after bots)
            await let_bots_move(bot)
        version = bot.version()
        await browser.until(f"document.body.dataset.version === '{version}'")
        await browser.until("document.getElementById('play') !== null")
        hand = await browser.js("[...document.querySelectorAll('#hand .card')].map(n => n.dataset.card)")
        naturals = sorted({c for c in hand if c not in ("2", "SJ", "BJ", "3")}, key=hand.index)
        await select(browser, naturals[:2])  # two ranks are never one set: Play stays dark, and why
        assert await browser.js("document.getElementById('play').disabled")
        why = t("zh", "reason.not_a_set", cards="").strip()  # the engine's own reason, asked of the server
        await browser.until(f"document.getElementById('status').textContent.endsWith({json.dumps(why)})")
        await browser.js(
            "[...document.querySelectorAll('#hand .card.selected')].forEach((n) => n.dispatchEvent("
            "new PointerEvent('pointerdown')))"
        )  # held down: each rank put back
        await browser.until("document.getElementById('hand').dataset.selected === '0'")
        assert await browser.js("document.getElementById('status').textContent") == "轮到你了"
        # the seats around the table: Alice at the bottom, her 对头 straight across, play going
        # counter-clockwise (to her right first), as in the group's picture
        you = bot.app.bot_data.services.referee.view(1).seat_of(ALICE["id"])
        far = await browser.js(
            "[...document.querySelectorAll('#seats .seat')].map((n) => Number(n.dataset.seat))"
        )
        near = await browser.js(
            "[...document.querySelectorAll('#near .seat')].map((n) => Number(n.dataset.seat))"
        )
        assert far == [(you + 4) % 6, (you + 3) % 6, (you + 2) % 6] and near == [
            (you + 5) % 6,
            you,
            (you + 1) % 6,
        ]
        # the score where players look for it: each seat's total, and the teams'
        assert await browser.js("document.querySelectorAll('.seat .name .total').length") == 6
        assert await browser.js("document.getElementById('score').textContent") == "总分: 联邦1 0 · 联邦2 0"
        move = next(m for m in legal_of(bot) if m != "pass" and "3" not in m.split())
        await select(browser, move.split())
        assert await browser.js("document.getElementById('hand').dataset.selected") == str(len(move.split()))
        assert not await browser.js("document.getElementById('play').disabled")
        await shot(browser, tmp_path, "miniapp-gouji-zh.png")
        await browser.click("#play")
        await bot.wait(lambda calls: bot.version() > version)
        log = bot.app.bot_data.services.referee.match_of(1).log
        assert log[-1][1] == move or any(entry[1] == move for entry in log[-6:])
        await browser.until(cards_in_hand(36 - len(move.split())))
        await let_bots_move(bot)  # the bots answer; the page follows by itself, without a reload
        await browser.until(f"document.body.dataset.version === '{bot.version()}'")
        assert await browser.js("document.querySelectorAll('.seat').length") == 6

        spectator = Page()  # Bob, in the group, not seated: the table and no hand
        try:
            await spectator.open(f"{base}/app/?t=1", init_data(BOB), dark=True)
            await spectator.until("document.querySelectorAll('.seat').length === 6")
            assert await spectator.js("document.getElementById('hand').dataset.cards") == "0"
            assert await spectator.js("document.querySelectorAll('#actions button').length") == 0
            assert await spectator.js("document.documentElement.classList.contains('dark')")
            text = await spectator.js("document.body.innerText")
            assert "Watching" in text
            await shot(spectator, tmp_path, "miniapp-spectator-dark-en.png")
        finally:
            spectator.close()


async def test_a_houshuiwan_hand_of_48_cards_after_the_blind_declaration(
    api: FakeBotApi, tmp_path: Path, browser: Page
) -> None:
    async with served_bot(api, tmp_path / "bot.sqlite3") as (bot, base):
        await seated_alone(bot, "gouji", "fast variant=houshuiwan")
        await browser.open(f"{base}/app/?t=1", init_data(ALICE))
        await browser.until("document.getElementById('pass') !== null")  # 太空 before the cards are seen
        labels = await browser.js("[...document.querySelectorAll('#actions button')].map(b => b.textContent)")
        assert len(labels) >= 2
        # what is asked, in the chat caption's words (just 过 / 报点 and every seat at 0张)
        assert (await browser.js("document.getElementById('status').textContent")).startswith(
            "发牌前、未看牌：报"
        )
        await browser.click("#pass")
        await let_bots_move(bot)
        await browser.until("Number(document.getElementById('hand').dataset.cards) >= 47")
        await shot(browser, tmp_path, "miniapp-houshuiwan-48.png")


@pytest.mark.parametrize(
    ("game", "options", "cards", "dark", "lang"),
    [
        ("gouji", "fast revolution=off", 36, False, "zh"),
        ("gouji", "fast variant=houshuiwan", 48, True, "zh"),
        ("gongzhu", "fast", 13, False, "en"),
        ("gouji", "fast revolution=off", 36, False, "en"),
    ],
)
async def test_a_whole_hand_the_table_and_the_buttons_fit_a_360_by_640_phone(
    api: FakeBotApi, tmp_path: Path, game: str, options: str, cards: int, dark: bool, lang: str
) -> None:
    """A 后水湾 hand was 48 tiles in 7 rows, the page 823 px tall, the action bar over
    the 2s. A 够级 rank is one stack with its count now: nothing to scroll on a 360×640 phone."""
    need_chromium()
    phone = Page(height=640)
    try:
        async with served_bot(api, tmp_path / "bot.sqlite3") as (bot, base):
            if lang == "en":
                await bot.say(ALICE, private(ALICE), "/lang en")
            await seated_alone(bot, game, options)
            referee = bot.app.bot_data.services.referee
            for _ in range(40):  # until Alice holds every card she was dealt and is asked to play
                private_view = referee.private_view(1, ALICE["id"])
                if (
                    len(private_view.hand.split()) >= cards - 1
                    and private_view.phase == "play"
                    and legal_of(bot)
                ):
                    break
                moves = [m for m in legal_of(bot) if not m.startswith("expose")]
                if legal_of(bot):
                    await referee.submit(1, ALICE["id"], (moves or legal_of(bot))[0], bot.version())
                await let_bots_move(bot)
            held = len(referee.private_view(1, ALICE["id"]).hand.split())
            await phone.open(f"{base}/app/?t=1", init_data(ALICE), dark=dark)
            await phone.until(cards_in_hand(held))
            await phone.until("document.getElementById('play') !== null")
            height = await phone.js(
                "Math.ceil(document.getElementById('app').getBoundingClientRect().bottom)"
            )
            await shot(phone, tmp_path, f"miniapp-fit-{game}-{cards}.png")
            print(f"{game} {cards} cards: the page is {height} px at 360×640")
            assert height <= 640
            bottom = await phone.js("document.getElementById('actions').getBoundingClientRect().bottom")
            assert bottom <= 640  # the buttons on screen, with the whole hand above them
            # every seat's name whole (a bot keeps its number), every mark inside its seat
            cut = await phone.js(
                """[...document.querySelectorAll('.seat:not(.empty) .name')]
                .filter((n) => n.scrollHeight > n.clientHeight + 1 || n.scrollWidth > n.clientWidth + 1)
                .map((n) => n.textContent)"""
            )
            assert cut == [], cut
            clipped = await phone.js(
                """[...document.querySelectorAll('.seat .pill')].filter((p) => {
                  const box = p.closest('.seat').getBoundingClientRect(), r = p.getBoundingClientRect();
                  return r.right > box.right + 0.5 || r.bottom > box.bottom + 0.5;
                }).map((p) => p.textContent)"""
            )
            assert clipped == [], clipped
            if lang == "en":  # the jokers in the player's language
                text = await phone.js("document.body.innerText")
                assert "小王" not in text and "大王" not in text
    finally:
        phone.close()


async def test_a_gongzhu_exposure_is_made_by_tapping_the_card(
    api: FakeBotApi, tmp_path: Path, browser: Page
) -> None:
    async with served_bot(api, tmp_path / "bot.sqlite3") as (bot, base):
        await seated_alone(bot, "gongzhu")  # this seed lets Alice expose a card in the first deal
        exposures = [m for m in legal_of(bot) if m.startswith("expose")]
        assert exposures
        await browser.open(f"{base}/app/?t=1", init_data(ALICE))
        await browser.until("document.getElementById('play') !== null")
        assert await browser.js("document.getElementById('play').textContent") == "亮牌"
        card = exposures[0].split()[1]
        await select(browser, [card])
        assert not await browser.js("document.getElementById('play').disabled")
        await shot(browser, tmp_path, "miniapp-gongzhu-exposure.png")
        version = bot.version()
        await browser.click("#play")
        await bot.wait(lambda calls: bot.version() > version)
        view = bot.app.bot_data.services.referee.view(1)
        assert card in view.public.exposed[view.seat_of(ALICE["id"])]
        # the plays since, as the page lists them: ♠8 as everywhere else, never the notation S8
        for _ in range(20):
            if await browser.js("document.getElementById('recent').textContent.length > 0"):
                break
            if legal_of(bot):
                referee = bot.app.bot_data.services.referee
                await referee.submit(1, ALICE["id"], legal_of(bot)[0], bot.version())
            await let_bots_move(bot)
            await browser.until(f"Number(document.body.dataset.version) >= {bot.version()}")
        recent = await browser.js("document.getElementById('recent').textContent")
        await shot(browser, tmp_path, "miniapp-gongzhu-recent.png")
        assert any(suit in recent for suit in "♠♥♦♣") and not re.search(r"\b[SHDC](10|[2-9JQKA])\b", recent)


async def test_a_gongzhu_card_off_the_led_suit_is_refused_with_the_suit_to_follow(
    api: FakeBotApi, tmp_path: Path, browser: Page
) -> None:
    async with served_bot(api, tmp_path / "bot.sqlite3") as (bot, base):
        await seated_alone(bot, "gongzhu")
        referee = bot.app.bot_data.services.referee
        await browser.open(f"{base}/app/?t=1", init_data(ALICE))
        for _ in range(60):  # play on until Alice must follow a suit she holds, with another one too
            view, private = referee.view(1), referee.private_view(1, ALICE["id"])
            hand, trick = private.hand.split(), view.public.trick
            led = trick[0][1][0] if trick else None
            off = [c for c in hand if led and c[0] != led]
            if legal_of(bot) and off and any(c[0] == led for c in hand):
                break
            if legal_of(bot):
                await referee.submit(1, ALICE["id"], legal_of(bot)[0], bot.version())
            await let_bots_move(bot)
        else:
            raise AssertionError("Alice never had to follow a suit")
        await browser.until(f"document.body.dataset.version === '{bot.version()}'")
        pale = await browser.js(
            "[...document.querySelectorAll('#hand .card.unplayable')].map((n) => n.dataset.card)"
        )
        assert sorted(pale) == sorted(off)  # off the led suit: pale before any tap, as in the picture
        await select(browser, off[:1])
        suit = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}[led]
        why = t("zh", "reason.must_follow", suit=suit)
        await browser.until(f"document.getElementById('status').textContent === {json.dumps(why)}")
        assert await browser.js("document.getElementById('play').disabled")
        await shot(browser, tmp_path, "miniapp-gongzhu-follow.png")


async def test_the_page_catches_up_after_the_server_went_away_and_came_back(
    api: FakeBotApi, tmp_path: Path, browser: Page
) -> None:
    """A network drop (here: the bot's server restarted) cuts the page's event stream; it tries
    again, backing off, and once through reads the table as it is now, by itself."""
    bot = await Bot.start(api, tmp_path / "bot.sqlite3", webapp_url=WEBAPP_URL, http=True, port=free_port())
    base = f"http://127.0.0.1:{bot.app.bot_data.config.port}"
    try:
        async with web_server(bot):
            await seated_alone(bot, "gouji", "fast revolution=off")
            await browser.open(f"{base}/app/?t=1", init_data(ALICE))
            await browser.until(f"document.body.dataset.version === '{bot.version()}'")
        before = bot.version()
        referee = bot.app.bot_data.services.referee
        while bot.version() == before:  # the table moves on while the page is cut off
            legal = [m for m in legal_of(bot) if m != "pass"] or legal_of(bot)
            if legal:
                await referee.submit(1, ALICE["id"], legal[0], bot.version())
            await let_bots_move(bot)
        assert await browser.js("document.body.dataset.version") == str(before)  # still the old table
        async with web_server(bot):
            await browser.until(f"document.body.dataset.version === '{bot.version()}'", timeout=30)
            count = len(referee.private_view(1, ALICE["id"]).hand.split())
            assert await browser.js("document.getElementById('hand').dataset.cards") == str(count)
    finally:
        await bot.stop()
