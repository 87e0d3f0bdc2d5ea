"""The web site in a real browser (the system's Chromium, driven by Playwright): pages load,
a move made through the service appears on two open pages, a finished game's replay steps
with the keys and the buttons, and nothing scrolls sideways at 360 px. Each page's
screenshot is written to out/screenshots/ (look at them)."""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from playwright.async_api import Browser, Page, async_playwright

from bot.service import Actor
from bot.service.match_service import MatchService
from bot.service.views import MatchView
from bot.store import Store
from bot.web.serve import WebSite
from tests.bot.web.conftest import ANN, BEN
from tests.browser import chromium
from tests.faults import ROOT
from tests.servicekit import CHANNEL, GUILD, play_random, start_match

#: a browser, and a site on a real port (one browser at a time under --dist loadgroup)
pytestmark = [pytest.mark.processes, pytest.mark.xdist_group("browser")]
SHOTS = ROOT / "out" / "screenshots"
#: how long a page may take to show a move here (the bench measures the real figure; this
#: is only a bound for a slow, loaded machine)
PATIENCE_MS = 15_000


@dataclass
class Served:
    service: MatchService
    base: str
    server: str  # the server page's address
    live: MatchView
    live_page: str
    over: MatchView
    over_page: str
    browser: Browser

    async def page(self, path: str, width: int = 1100) -> Page:
        page = await self.browser.new_page(viewport={"width": width, "height": 900})
        await page.goto(self.base + path)
        return page


@pytest.fixture
async def served(tmp_path: Path) -> AsyncIterator[Served]:
    path = chromium()
    assert path is not None, "make test installs Chromium first (python -m tests.browser check)"
    store = await Store.open(tmp_path / "bot.sqlite3")
    service = MatchService(store, rng=random.Random(2))
    await service.standings.remember(GUILD, ANN, "Ann", "ann")
    await service.standings.remember(GUILD, BEN, "Ben the Bold", "ben")
    await service.site.see_channel(GUILD, CHANNEL, True)
    site = await service.site.turn(Actor(GUILD, CHANNEL, ANN), manager=True, on=True)
    live = await start_match(service, "checkers", challenger=ANN, opponent=BEN)
    over = await play_random(
        service, await start_match(service, "the-crown", challenger=ANN, opponent=BEN),
        random.Random(5),
    )  # fmt: skip
    web = WebSite(str(tmp_path / "bot.sqlite3"), "127.0.0.1", 0)
    await asyncio.to_thread(web.start)
    store.watchers.append(web.changed)
    tokens = [await service.site.token_of(m.id) for m in (live, over)]
    try:
        async with async_playwright() as playwright:
            browser = await playwright.chromium.launch(executable_path=path, args=["--no-sandbox"])
            yield Served(
                service, f"http://127.0.0.1:{web.port}", f"/s/{site.token}", live,
                f"/g/{tokens[0]}", over, f"/g/{tokens[1]}", browser,
            )  # fmt: skip
            await browser.close()
    finally:
        await asyncio.to_thread(web.stop)
        await store.close()


async def shot(page: Page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    await page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


async def test_a_move_appears_on_two_open_pages(served: Served) -> None:
    first, second = await served.page(served.live_page), await served.page(served.live_page)
    server = await served.page(served.server)
    for page in (first, second):
        await page.wait_for_selector('#board[data-ply="0"]')
        assert await page.text_content("#status") == "Black to move"
        assert "Time runs out in" in (await page.text_content("#clock") or "")
    match = served.live
    await served.service.play.move(
        Actor(GUILD, CHANNEL, match.user_to_move or 0), "11-15", match.id
    )
    for page in (first, second):
        await page.wait_for_selector('#board[data-ply="1"]', timeout=PATIENCE_MS)
        assert await page.text_content("#status") == "White to move"
        assert "11-15" in (await page.text_content("#moves") or "")
    card = f'.card[data-token="{served.live_page.rsplit("/", 1)[1]}"] .status'
    await server.wait_for_function(
        f"document.querySelector('{card}').textContent === 'White to move'", timeout=PATIENCE_MS
    )
    await shot(first, "game")
    await shot(server, "server")


async def test_a_finished_games_replay_steps(served: Served) -> None:
    page = await served.page(served.over_page)
    last = served.over.ply
    await page.wait_for_selector(f'#board[data-ply="{last}"]')
    await page.keyboard.press("Home")
    await page.wait_for_selector('#board[data-ply="0"]')
    assert await page.is_disabled("#prev")
    await page.keyboard.press("ArrowRight")
    await page.wait_for_selector('#board[data-ply="1"]')
    await page.click("#next")
    await page.wait_for_selector('#board[data-ply="2"]')
    await page.click("#prev")
    await page.wait_for_selector('#board[data-ply="1"]')
    await page.click("#last")
    await page.wait_for_selector(f'#board[data-ply="{last}"]')
    assert await page.is_disabled("#next")
    await page.click('#moves span[data-ply="3"]')
    await page.wait_for_selector('#board[data-ply="3"]')
    await shot(page, "replay")


async def test_nothing_scrolls_sideways_at_360_pixels(served: Served) -> None:
    over = await served.page(served.over_page, width=360)
    player = await over.get_attribute(".players a", "href")
    assert player is not None  # a player's name links to their page
    pages = {"game": served.live_page, "server": served.server, "finished": served.over_page,
             "player": player}  # fmt: skip
    for name, path in pages.items():
        page = await served.page(path, width=360)
        await page.wait_for_selector("h1")
        width = await page.evaluate("document.documentElement.scrollWidth")
        assert width <= 360, (name, width)
        await shot(page, f"{name}-360")
    assert await page.text_content("h1") in ("Ann", "Ben the Bold")
