"""The site's languages: a page speaks its server's chosen language, else the browser's
(`Accept-Language`), else English; `<html lang>` says which; dates are the language's; a
live page's events are worded for each watcher's page. The shipped catalogs are still
empty: a tiny German one is put in their place here."""

from __future__ import annotations

import asyncio
import json
import re

import pytest

from bot.i18n import speaking
from bot.service import Actor
from bot.web.hub import Hub
from bot.web.languages import from_header, html_lang
from tests.bot.web.conftest import ANN, Site
from tests.catalogs import use_catalogs
from tests.servicekit import CHANNEL, GUILD

GERMAN: dict[str | tuple[str, str], str | tuple[str, str]] = {
    "Board games": "Brettspiele",
    "Games on {server}": "Partien auf {server}",
    "Being played": "Laufende Partien",
    "Checkers": "Dame",
    "Black": "Schwarz",
    "White": "Weiß",
    "{game}. {status}.": "{game}. {status}.",
    "{side} to move": "{side} am Zug",
    "{side}: {pieces}.": "{side}: {pieces}.",
    "{piece} {cells}": "{piece} {cells}",
    ("man", "men"): ("Stein", "Steine"),
    "started {day}": "begonnen am {day}",
    "start ({moves})": "Anfang ({moves})",
    ("{n} move", "{n} moves"): ("{n} Zug", "{n} Züge"),
}


@pytest.fixture(autouse=True)
def catalog(monkeypatch: pytest.MonkeyPatch) -> None:
    """German is GERMAN; every other language English."""
    use_catalogs(monkeypatch, {"de": GERMAN})


@pytest.mark.parametrize(
    ("header", "spoken"),
    [
        ("de-AT,de;q=0.9,en;q=0.5", "de"),
        ("en-US,en;q=0.9,de;q=0.8", "en"),  # English first: English, though German is known
        ("fr;q=0.2, ru;q=0.8", "ru"),  # by quality, not by place
        ("xx-YY, pt-BR", "pt_BR"),  # one the bot does not speak is passed over
        ("pl;q=0, de", "de"),  # q=0: not wanted
        ("", "en"),
        (None, "en"),
        ("*", "en"),
        ("de;q=abc, es", "es"),  # a broken quality: not wanted
    ],
)
def test_the_browsers_language(header: str | None, spoken: str) -> None:
    assert from_header(header) == spoken


def test_html_writes_a_language_tag() -> None:
    assert html_lang("pt_BR") == "pt-BR"
    with speaking("de"):
        assert html_lang() == "de"


async def page(site: Site, path: str, language: str | None) -> str:
    headers = {"Accept-Language": language} if language else {}
    async with site.client.get(path, headers=headers) as answer:
        assert answer.status == 200
        return await answer.text()


async def test_accept_language_de_gives_a_german_page(site: Site) -> None:
    home = await page(site, "/", "de-DE,de;q=0.9,en;q=0.8")
    assert home.startswith("<!doctype html><html lang=de>") and "<h1>Brettspiele</h1>" in home
    english = await page(site, "/", None)
    assert english.startswith("<!doctype html><html lang=en>") and "<h1>Board games</h1>" in english
    token = await site.turn(True)
    await site.service.site.named(GUILD, "Club")
    server = await page(site, f"/s/{token}", "de")
    assert "<html lang=de>" in server and "<h1>Partien auf Club</h1>" in server
    assert "<h2>Laufende Partien</h2>" in server


async def test_a_servers_language_comes_before_the_browsers(site: Site) -> None:
    token = await site.turn(True)
    await site.service.languages.choose_server(Actor(GUILD, CHANNEL, ANN), manager=True,
                                               language="de")  # fmt: skip
    site.later()  # the site looks the server's language up again
    for browser in ("fr", "en-US", None):
        assert "<html lang=de>" in await page(site, f"/s/{token}", browser)
    _, game = await site.game()
    text = await page(site, f"/g/{game}", "en")
    assert "<html lang=de>" in text and "<title>Dame #" in text
    assert "begonnen am 12.01.1970" in text  # Babel's German date, not '12 Jan 1970'
    label = re.search(r'aria-label="([^"]*)"', text[text.index("id=board") :])
    assert label is not None and label[1].startswith("Dame. Schwarz am Zug. Schwarz: Steine 1, 2,")
    words = json.loads(text.split('id="words">', 1)[1].split("</script>", 1)[0])
    assert words["start"] == "Anfang ({moves})"
    state = json.loads(text.split('id="state">', 1)[1].split("</script>", 1)[0])
    assert state["words"]["moves"] == "0 Züge"
    await site.service.languages.choose_server(Actor(GUILD, CHANNEL, ANN), manager=True,
                                               language="default")  # fmt: skip
    site.later()
    assert "<html lang=fr>" in await page(site, f"/s/{token}", "fr")


async def test_a_live_game_sends_each_watcher_its_own_language(site: Site) -> None:
    await site.turn(True)
    match, token = await site.game()
    watching = {}
    for language in ("de", "en"):
        answer = await site.client.get(f"/g/{token}/events", headers={"Accept-Language": language})
        watching[language] = answer
    try:
        await asyncio.wait_for(_until_watched(site.hub, ("game", token), 2), 5)
        assert site.hub.languages(("game", token)) == {"de", "en"}
        await site.service.play.move(
            Actor(GUILD, CHANNEL, match.user_to_move or 0), "11-15", match.id
        )
        said: dict[str, dict[str, object]] = {}
        for language, answer in watching.items():
            states: list[dict[str, object]] = []
            while len(states) < 2:  # the whole state as the page starts, then the move's
                line = (await asyncio.wait_for(answer.content.readline(), 10)).decode()
                if line.startswith("data: "):
                    states.append(json.loads(line[6:]))
            said[language] = states[1]
        assert said["de"]["ply"] == said["en"]["ply"] == 1
        assert str(said["de"]["title"]).startswith("Dame #")
        assert said["de"]["words"] == {"moves": "1 Zug"}
        assert str(said["en"]["title"]).startswith("Checkers #")
        assert said["en"]["words"] == {"moves": "1 move"}
    finally:
        for answer in watching.values():
            answer.close()


async def _until_watched(hub: Hub, topic: tuple[str, str], streams: int) -> None:
    while len(hub.topics.get(topic, ())) < streams:
        await asyncio.sleep(0.01)
