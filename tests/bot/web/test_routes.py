"""Every route of the web site through aiohttp's test client, on both engines: what a
server that shows its games shows, what one that does not hides, and bad addresses."""

from __future__ import annotations

import json
import random
import xml.etree.ElementTree as ET

import pytest

from ai.analysis import Reading
from bot.service import Actor
from bot.web import routes
from bot.web.game_reader import player_key
from tests.bot.web.conftest import ANN, BEN, PRIVATE, Site
from tests.servicekit import CHANNEL, GUILD, play_random, snapshot


def no_ids(text: str) -> None:
    assert str(ANN) not in text and str(BEN) not in text


async def test_nothing_is_public_until_the_server_turns_it_on(site: Site) -> None:
    match, token = await site.game()
    assert (await site.get(f"/g/{token}"))[0] == 404  # never turned on
    server = await site.turn(True)
    status, page = await site.get(f"/g/{token}")
    assert status == 200
    assert "Ann" in page and "Ben the Bold" in page and f"Checkers #{match.id}" in page
    no_ids(page)
    assert (await site.get(f"/s/{server}"))[0] == 200
    await site.turn(False)
    site.later()  # a game's page is looked up again at least every FRESH_SECONDS
    for path in (f"/g/{token}", f"/s/{server}", f"/g/{token}/state", f"/s/{server}/events"):
        assert (await site.get(path))[0] == 404, path
    assert await site.turn(True) == server  # the same address again


async def test_only_games_everyone_can_read_are_listed(site: Site) -> None:
    server = await site.turn(True)
    _, listed = await site.game()
    _, hidden = await site.game("the-crown", channel=PRIVATE)
    status, page = await site.get(f"/s/{server}")
    assert status == 200
    assert listed in page and hidden not in page
    assert (await site.get(f"/g/{hidden}"))[0] == 200  # its own link still opens it
    no_ids(page)


async def test_a_channel_no_longer_known_to_be_public_is_no_longer_listed(site: Site) -> None:
    """Who may read a channel, told again by the chat adapter: closed to @everyone, or
    unknown (after the adapter restarts, until it sees the server again), a channel's games
    are not listed; a channel nobody played in is not kept, a tournament's is."""
    server = await site.turn(True)
    _, token = await site.game()

    async def listed() -> bool:
        return token in (await site.get(f"/s/{server}"))[1]

    assert await listed()
    await site.service.site.channel_changed(GUILD, CHANNEL, False)
    assert not await listed()
    await site.service.site.channel_changed(GUILD, CHANNEL, True)
    assert await listed()
    await site.service.site.restarted(lambda guild: guild != GUILD)  # another process's
    assert await listed()
    await site.service.site.restarted(lambda guild: guild == GUILD)
    assert not await listed()  # unknown: private
    await site.service.site.channel_changed(GUILD, CHANNEL, None)
    assert not await listed()
    await site.service.site.channel_changed(GUILD, CHANNEL, True)
    assert await listed()
    assert sorted(await site.service.site.channels(GUILD)) == sorted([CHANNEL, PRIVATE])
    await site.service.site.channel_changed(GUILD, 12, True)  # no game, no tournament there
    assert 12 not in await site.service.site.channels(GUILD)


async def test_a_game_page_its_state_and_its_boards(site: Site) -> None:
    await site.turn(True)
    match, token = await site.game()
    actor = Actor(GUILD, CHANNEL, match.user_to_move or 0)
    await site.service.play.move(actor, "11-15", match.id)
    status, text = await site.get(f"/g/{token}/state")
    state = json.loads(text)
    assert status == 200 and state["ply"] == 1 and state["moves"] == ["11-15"]
    assert state["status"] == "White to move" and state["active"]
    assert {p["name"] for p in state["players"]} == {"Ann", "Ben the Bold"}
    assert state["deadline"] is not None
    no_ids(text)
    for ply in (0, 1):
        status, svg = await site.get(f"/g/{token}/board/{ply}")
        assert status == 200
        root = ET.fromstring(svg)
        assert len(root.findall("{http://www.w3.org/2000/svg}use")) == 24
    assert (await site.get(f"/g/{token}/board/2"))[0] == 404  # not played yet
    assert (await site.get(f"/g/{token}/chart.png"))[0] == 404  # no review of a live game
    async with site.client.get("/piece/checkers/b.png") as answer:
        assert answer.status == 200 and (await answer.read()).startswith(b"\x89PNG")
    for path in ("/static/site.js", "/static/site.css", "/"):
        assert (await site.get(path))[0] == 200


async def test_a_finished_game_its_review_and_a_player_page(site: Site) -> None:
    server = await site.turn(True)
    match, token = await site.game("three-crowns")
    done = await play_random(site.service, match, random.Random(3))
    assert not done.active
    page = (await site.get(f"/g/{token}"))[1]
    assert "won" in page or "draw" in page.lower()
    analyses = site.service.analyses
    await analyses.request(Actor(GUILD, CHANNEL, ANN), match.id)
    job = await analyses.job(match.id)
    assert job is not None
    for ply, _ in job.missing:
        await analyses.add(match.id, ply, Reading(0, "", None, None))
    await analyses.finish(match.id)
    state = json.loads((await site.get(f"/g/{token}/state"))[1])
    assert state["review"] is not None and len(state["review"]["marks"]) == done.ply
    async with site.client.get(f"/g/{token}/chart.png") as answer:
        assert answer.status == 200 and (await answer.read()).startswith(b"\x89PNG")
    key = player_key(server, ANN)
    status, page = await site.get(f"/s/{server}/p/{key}")
    assert status == 200 and "Ann" in page and "3 Crowns" in page
    no_ids(page)
    async with site.client.get(f"/s/{server}/p/{key}/rating/three-crowns.png") as answer:
        assert answer.status == 200
    assert (await site.get(f"/s/{server}/p/{key}/rating/checkers.png"))[0] == 404
    assert (await site.get(f"/s/{server}/p/{player_key(server, 5)}"))[0] == 404


BAD = [
    "/g/short", "/g/" + "a" * 41, "/g/abc%2F..%2F..%2Fetc%2Fpasswd0000", "/g/../../etc/passwd",
    "/s/%00%00%00%00%00%00%00%00%00%00%00%00%00%00%00%00", "/g/" + "A" * 22,
    "/s/" + "B" * 22, "/s/" + "B" * 22 + "/p/" + "C" * 12, "/piece/checkers/z.png",
    "/piece/chess/K.png", "/static/../routes.py", "/static/secret.txt",
    "/g/" + "x" * 22 + "/board/99999", "/s/" + "B" * 22 + "/t/" + "C" * 12,
    "/g/" + "x" * 22 + "/review/1", "/g/" + "x" * 22 + "/moves", "/g/" + "x" * 22 + "/replay.gif",
    "/?" + "q=" + "x" * 5000, "/g/" + "x" * 22 + "?" + "y" * 12000, "/nowhere", "/.env",
]  # fmt: skip


@pytest.mark.parametrize("path", BAD)
async def test_bad_addresses_are_plain_404s_and_write_nothing(site: Site, path: str) -> None:
    await site.turn(True)
    await site.game()
    before = await snapshot(site.service._shared.store)
    status, text = await site.get(path)
    assert status == 404
    assert "Traceback" not in text and "<" not in text
    assert await snapshot(site.service._shared.store) == before


async def test_an_error_is_a_plain_500_without_a_traceback(
    site: Site, monkeypatch: pytest.MonkeyPatch
) -> None:
    await site.turn(True)
    _, token = await site.game()

    async def broken(*_: object) -> bytes:
        raise RuntimeError("the disk is on fire")

    monkeypatch.setattr(site.client.app[routes.READER], "state", broken)
    status, text = await site.get(f"/g/{token}")
    assert status == 500 and text == "Something went wrong on our side."


async def test_answers_carry_privacy_headers(site: Site) -> None:
    await site.turn(True)
    _, token = await site.game()
    async with site.client.get(f"/g/{token}") as answer:
        assert answer.headers["Referrer-Policy"] == "no-referrer"
        assert "noindex" in answer.headers["X-Robots-Tag"]
