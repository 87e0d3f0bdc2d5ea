"""The web site in a real browser (the system's Chromium, driven by Playwright): pages load,
a move made through the service appears on two open pages, a finished game's replay steps
with the keys (a burst of them skipping none), the buttons and a click on its review's
chart, a judged move shows the computer's choice, and nothing scrolls sideways at 360 px; and for
screen readers and keyboards: the board's words and the controls' names in the accessibility
tree, the replay played with Tab and Enter, and axe-core finding nothing serious.
Each page's screenshot is written to out/screenshots/ (look at them)."""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from axe_playwright_python.async_playwright import Axe  # type: ignore[import-untyped]
from playwright.async_api import Browser, Page, async_playwright

from bot.service import Actor
from bot.service.match_service import MatchService
from bot.service.views import MatchView
from bot.store import Store
from bot.web.facts import tournament_href
from bot.web.serve import WebSite
from render.theme import BETTER_ARROW
from tests.bot.web.conftest import ANN, BEN, made_up_review
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
    site = await service.site.turn(
        Actor(GUILD, CHANNEL, ANN), manager=True, on=True, name="Board Game Club"
    )
    live = await start_match(service, "checkers", challenger=ANN, opponent=BEN)
    over = await play_random(
        service, await start_match(service, "the-crown", challenger=ANN, opponent=BEN),
        random.Random(5),
    )  # fmt: skip
    await made_up_review(service, over)  # its first two moves judged
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
        black = await page.text_content('.players li[data-side="b"] a')
        clock = await page.text_content("#clock") or ""
        assert clock.startswith(f"{black} to move: ") and clock.endswith(" left"), clock
        assert await page.text_content(".players .rating") == "1500?"
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
    await page.click('#moves [data-ply="3"]')
    await page.wait_for_selector('#board[data-ply="3"]')
    await shot(page, "replay")


async def test_keys_pressed_in_a_burst_skip_no_move(served: Served) -> None:
    """Five ArrowRight presses faster than the boards arrive land on move 5, not 2."""
    page = await served.page(served.over_page)
    await page.wait_for_selector(f'#board[data-ply="{served.over.ply}"]')
    await page.keyboard.press("Home")
    await page.wait_for_selector('#board[data-ply="0"]')
    for _ in range(5):
        await page.keyboard.press("ArrowRight")
    await page.wait_for_selector('#board[data-ply="5"]')
    await page.wait_for_timeout(500)  # no late board takes its place
    assert await page.get_attribute("#board", "data-ply") == "5"
    await page.keyboard.press("ArrowLeft")
    await page.keyboard.press("ArrowLeft")
    await page.wait_for_selector('#board[data-ply="3"]')


async def test_a_judged_move_and_the_chart_that_finds_a_move(served: Served) -> None:
    page = await served.page(served.over_page)
    await page.wait_for_selector(f'#board[data-ply="{served.over.ply}"]')
    assert await page.is_hidden("#note")
    await page.click('#moves [data-ply="1"]')
    await page.wait_for_selector('#board[data-ply="1"]')
    note = await page.text_content("#note") or ""
    assert await page.is_visible("#note") and "is a blunder: the computer would play" in note
    green = "#{:02x}{:02x}{:02x}".format(*BETTER_ARROW)
    assert await page.locator(f'#board [stroke="{green}"]').count() == 1
    await shot(page, "judged")
    plies = served.over.ply
    wanted = plies // 2
    frame = await page.evaluate("JSON.parse(document.querySelector('#state').textContent)"
                                ".review.chart")  # fmt: skip
    await page.locator("#chart img").scroll_into_view_if_needed()
    box = await page.locator("#chart img").bounding_box()
    assert box is not None
    x = box["x"] + box["width"] * (frame["x0"] + (frame["x1"] - frame["x0"]) * wanted / plies)
    await page.mouse.click(x, box["y"] + box["height"] / 2)
    await page.wait_for_selector(f'#board[data-ply="{wanted}"]')
    assert await page.is_hidden("#note") and await page.is_visible("#cursor")
    await page.keyboard.press("ArrowRight")
    await page.wait_for_selector(f'#board[data-ply="{wanted + 1}"]')
    await shot(page, "chart")


async def test_a_tournaments_page(served: Served) -> None:
    service = served.service
    event = await service.tournaments.create(
        Actor(GUILD, CHANNEL, ANN), "checkers", "round-robin", allowed=True
    )
    for user, name in ((ANN, "Ann"), (BEN, "Ben the Bold"), (7, "Carol"), (8, "Dan")):
        await service.standings.remember(GUILD, user, name, name)
        await service.tournaments.join(Actor(GUILD, CHANNEL, user), event.id)
    await service.tournaments.start(Actor(GUILD, CHANNEL, ANN), event.id, moderator=True)
    news = await service.tournaments.advance(event.id)
    assert news is not None
    first = news.games[0]
    await service.play.resign(Actor(GUILD, CHANNEL, first.players["w"]), first.id)
    href = tournament_href(served.server.rsplit("/", 1)[1], event.id)
    for width in (1100, 360):
        page = await served.page(href, width)
        await page.wait_for_selector("h1")
        assert await page.locator(".standings tr").count() == 5  # a heading and four players
        width_now = await page.evaluate("document.documentElement.scrollWidth")
        assert width_now <= width, width_now
        await shot(page, f"tournament-{width}")
    game = await served.page(f"/g/{await service.site.token_of(first.id)}")
    await game.click(f'.about a[href="{href}"]')
    await game.wait_for_selector(".standings")


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


async def test_the_replay_counts_moves_as_the_record_numbers_them(served: Served) -> None:
    """One number covers both sides' moves, as the list of moves beside it numbers them:
    the third move played is '2. …', not 'move 3'."""
    page = await served.page(served.over_page)
    await page.wait_for_selector(f'#board[data-ply="{served.over.ply}"]')
    moves = (await served.service.match(served.over.id)).moves
    numbered = (len(moves) + 1) // 2
    await page.keyboard.press("Home")
    await page.wait_for_selector('#board[data-ply="0"]')
    assert await page.text_content("#where") == f"start ({numbered} moves)"
    for _ in range(3):
        await page.keyboard.press("ArrowRight")
    await page.wait_for_selector('#board[data-ply="3"]')
    assert await page.text_content("#where") == f"2. {moves[2]} (move 2 of {numbered})"
    await page.keyboard.press("ArrowRight")
    await page.wait_for_selector('#board[data-ply="4"]')
    assert await page.text_content("#where") == f"2… {moves[3]} (move 2 of {numbered})"


# --- for screen readers and keyboards ---


async def test_the_board_and_the_replay_are_named_for_a_screen_reader(served: Served) -> None:
    """The accessibility tree has the board's words (its position) and every control's name."""
    page = await served.page(served.over_page)
    await page.wait_for_selector(f'#board[data-ply="{served.over.ply}"]')
    tree = await page.locator("main").aria_snapshot()
    assert 'img "The Crown. ' in tree and "; last move " in tree, tree
    for name in ("first", "back", "forward", "last"):
        assert f'- button "{name}"' in tree, (name, tree)
    moves = (await served.service.match(served.over.id)).moves
    assert f'- button "Go to move 1. {moves[0]}' in tree, tree
    assert f'- button "Go to move 1… {moves[1]}' in tree, tree
    await page.keyboard.press("Home")
    await page.wait_for_selector('#board[data-ply="0"]')
    board = await page.locator("#board svg").aria_snapshot()
    assert 'img "The Crown. White to move. White: Prince g1; Knights f1, f3;' in board, board
    live = await served.page(served.live_page)
    await live.wait_for_selector('#board[data-ply="0"]')
    label = await live.get_attribute("#board svg", "aria-label") or ""
    assert label.startswith("Checkers. Black to move. Black: men 1, 2, 3, 4,"), label
    assert label.endswith("White: men 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32."), label


async def _tab_to(page: Page, selector: str, presses: int = 40) -> None:
    """Press Tab until `selector` has the keyboard's focus."""
    for _ in range(presses):
        await page.keyboard.press("Tab")
        if await page.evaluate(f"document.activeElement.matches({selector!r})"):
            return
    raise AssertionError(f"Tab never reached {selector}")


async def test_the_replay_is_played_with_tab_and_enter(served: Served) -> None:
    """Tab reaches the replay's buttons and each move; Enter steps; the place is announced
    (aria-live), and a button pressed to its end keeps the focus."""
    page = await served.page(served.over_page)
    last = served.over.ply
    moves = (await served.service.match(served.over.id)).moves
    await page.wait_for_selector(f'#board[data-ply="{last}"]')
    assert await page.get_attribute("#where", "aria-live") == "polite"
    await _tab_to(page, "#first")
    await page.keyboard.press("Enter")
    await page.wait_for_selector('#board[data-ply="0"]')
    assert await page.evaluate("document.activeElement.id") == "first"  # still there
    assert await page.get_attribute("#first", "aria-disabled") == "true"
    await _tab_to(page, "#next")
    await page.keyboard.press("Enter")
    await page.keyboard.press("Enter")
    await page.wait_for_selector('#board[data-ply="2"]')
    assert await page.text_content("#where") == f"1… {moves[1]} (move 1 of {(last + 1) // 2})"
    await _tab_to(page, '#moves [data-ply="1"]')
    await page.keyboard.press("Tab")  # the next move's button
    await page.keyboard.press("Tab")
    await page.keyboard.press("Enter")
    await page.wait_for_selector('#board[data-ply="3"]')
    assert await page.get_attribute('#moves [data-ply="3"]', "aria-current") == "step"
    assert await page.get_attribute('#moves [data-ply="2"]', "aria-current") is None
    ring = await page.evaluate("getComputedStyle(document.activeElement).outlineStyle")
    assert ring == "solid"  # where the focus is shows
    await shot(page, "keyboard")


async def test_axe_finds_nothing_serious_on_the_pages(served: Served) -> None:
    """axe-core over the game pages (live, finished with its review), the server page, a
    player's page: no serious or critical violation (contrast, names, roles...)."""
    over = await served.page(served.over_page)
    player = await over.get_attribute(".players a", "href")
    assert player is not None
    axe = Axe()
    found = {}
    for name, path in (("live", served.live_page), ("finished", served.over_page),
                       ("server", served.server), ("player", player)):  # fmt: skip
        page = await served.page(path)
        await page.wait_for_selector("h1")
        if name in ("live", "finished"):
            await page.wait_for_selector("#board[data-ply]")
        results = await axe.run(page)
        found[name] = [
            (v["id"], v["impact"], [n["target"] for n in v["nodes"]][:3])
            for v in results.response["violations"]
            if v["impact"] in ("serious", "critical")
        ]
        await shot(page, f"axe-{name}")
    assert not any(found.values()), found
