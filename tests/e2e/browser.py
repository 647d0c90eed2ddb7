"""A real browser for the Mini App's tests: Debian's headless Chromium driven by Selenium through
Debian's chromedriver (no browser is downloaded), sized as a 360 px phone. `Telegram.WebApp` is
put in place before the page's own scripts run, with a signed initData, as Telegram's in-app
browser would give it. Selenium is synchronous: its calls run in a thread while the bot's event
loop goes on answering the page."""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import tempfile
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMEDRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"
PHONE = {"width": 360, "height": 780, "deviceScaleFactor": 2, "mobile": True}
LIGHT = {"bg_color": "#ffffff", "text_color": "#000000", "hint_color": "#707579", "button_color": "#3390ec",
         "button_text_color": "#ffffff", "secondary_bg_color": "#f4f4f5"}  # fmt: skip
DARK = {"bg_color": "#212121", "text_color": "#ffffff", "hint_color": "#aaaaaa", "button_color": "#8774e1",
        "button_text_color": "#ffffff", "secondary_bg_color": "#181818"}  # fmt: skip


def need_chromium() -> None:
    if not (os.path.exists(CHROMIUM) and os.path.exists(CHROMEDRIVER)):
        pytest.skip("no Chromium here: apt-get install chromium chromium-driver (.ci/run does)")


class Page:
    def __init__(self, height: int = PHONE["height"]) -> None:  # type: ignore[assignment]
        """`height`: the phone's screen height in CSS pixels (360 wide)."""
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service

        os.environ.setdefault("SE_OFFLINE", "true")  # Selenium Manager must not look for downloads
        self.profile = tempfile.mkdtemp(prefix="miniapp-chromium-")
        options = webdriver.ChromeOptions()
        options.binary_location = CHROMIUM
        for arg in (
            "--headless=new",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-dev-shm-usage",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
            "--disable-quic",
            "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",  # telegram.org's script: gone at once
            f"--user-data-dir={self.profile}",
        ):
            options.add_argument(arg)
        self.driver = webdriver.Chrome(options=options, service=Service(CHROMEDRIVER))
        self.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", PHONE | {"height": height})

    async def open(self, url: str, init_data: str, dark: bool = False) -> None:
        telegram = {
            "initData": init_data,
            "initDataUnsafe": {},
            "themeParams": DARK if dark else LIGHT,
            "colorScheme": "dark" if dark else "light",
            "platform": "test",
        }
        methods = (
            "{ready() {}, expand() {}, onEvent() {},"
            " showConfirm(text, done) { window.confirmed = text; done(true); },"
            " HapticFeedback: {selectionChanged() {}, impactOccurred() {}}}"
        )
        script = f"window.Telegram = {{WebApp: Object.assign({json.dumps(telegram)}, {methods})}};"
        await self.run(
            self.driver.execute_cdp_cmd, "Page.addScriptToEvaluateOnNewDocument", {"source": script}
        )
        await self.run(self.driver.get, url)

    async def run(self, call: Any, *args: Any) -> Any:
        return await asyncio.to_thread(call, *args)

    async def js(self, expression: str) -> Any:
        return await self.run(self.driver.execute_script, f"return ({expression});")

    async def until(self, expression: str, timeout: float = 20.0) -> Any:
        """Until the expression is truthy in the page (a deadline: the browser is polled)."""
        from selenium.common.exceptions import TimeoutException
        from selenium.webdriver.support.ui import WebDriverWait

        def check() -> Any:
            try:
                return WebDriverWait(self.driver, timeout, poll_frequency=0.05).until(
                    lambda driver: driver.execute_script(f"return ({expression});")
                )
            except TimeoutException:
                shown = self.driver.execute_script("return document.body.innerText")
                raise AssertionError(f"never true: {expression}\nthe page shows:\n{shown}") from None

        return await self.run(check)

    async def click(self, selector: str) -> None:
        await self.js(f"document.querySelector({json.dumps(selector)}).click()")

    async def screenshot(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        await self.run(self.driver.save_screenshot, str(path))

    def close(self) -> None:
        self.driver.quit()
        shutil.rmtree(self.profile, ignore_errors=True)
