"""What a spectator reads on the site (issue 46, "A game page worth sharing"): the server's
name; lists that say who played which side and who won, with their days and the players'
pages linked; a game page's ratings, kind, time per move, tournament, review arrows and
downloads; the site's icon; and tournaments' own pages, never a private channel's."""

from __future__ import annotations

import json
import re
from types import SimpleNamespace
from typing import cast

from ai.analysis import Reading
from ai.search import MATE
from bot.service import Actor, MatchView, TournamentView
from bot.web.facts import event_about, tournament_href
from bot.web.game_reader import player_key
from render.theme import BETTER_ARROW, PLAYED_ARROW
from rules import get_game
from tests.bot.web.conftest import ANN, BEN, PRIVATE, Site
from tests.servicekit import CHANNEL, GUILD, start_match

#: the service's test clock's day (1,000,000 s after 1970 began)
DAY = "12 Jan 1970"
CAROL, DAN = 423456789012345678, 434567890123456789


def hexed(colour: tuple[int, int, int]) -> str:
    return "#{:02x}{:02x}{:02x}".format(*colour)


async def finished(site: Site, channel: int = CHANNEL) -> tuple[MatchView, str]:
    """Checkers, Ann Black and Ben White: 11-15, 22-18, 15x22 (forced), and Ben resigns."""
    match = await start_match(site.service, "checkers", challenger=ANN, opponent=BEN, side="b",
                              channel=channel)  # fmt: skip
    for user, move in ((ANN, "11-15"), (BEN, "22-18"), (ANN, "15x22")):
        await site.service.play.move(Actor(GUILD, channel, user), move, match.id)
    await site.service.play.resign(Actor(GUILD, channel, BEN), match.id)
    token = await site.service.site.token_of(match.id)
    assert token is not None
    return await site.service.match(match.id), token


async def reviewed(site: Site, match: MatchView, first: list[Reading] | None = None) -> None:
    """The computer's review, made up: 11-15 a blunder (9-14 better), 22-18 one too (24-19
    better), 15x22 forced (`first`: the first two readings instead)."""
    analyses = site.service.analyses
    await analyses.request(Actor(GUILD, CHANNEL, ANN), match.id)
    readings = first or [Reading(MATE - 1, "9-14"), Reading(MATE - 1, "24-19")]
    for ply, reading in enumerate([*readings, Reading(0), Reading(0)]):
        await analyses.add(match.id, ply, reading)
    await analyses.finish(match.id)


async def test_the_server_page_is_named_after_the_server(site: Site) -> None:
    server = await site.turn(True)
    assert "<h1>Games on this server</h1>" in (await site.get(f"/s/{server}"))[1]
    await site.service.site.turn(
        Actor(GUILD, CHANNEL, ANN), manager=True, on=True, name="Board & Pieces"
    )
    assert "<h1>Games on Board &amp; Pieces</h1>" in (await site.get(f"/s/{server}"))[1]
    await site.service.site.named(GUILD, "Pieces Only")  # renamed on Discord
    await site.service.site.turn(Actor(GUILD, CHANNEL, ANN), manager=True, on=True)  # kept
    page = (await site.get(f"/s/{server}"))[1]
    assert "<h1>Games on Pieces Only</h1>" in page
    _, token = await site.game()
    assert "← Pieces Only" in (await site.get(f"/g/{token}"))[1]


async def test_a_finished_game_says_who_played_which_side_who_won_and_when(site: Site) -> None:
    server = await site.turn(True)
    _, token = await finished(site)
    page = (await site.get(f"/s/{server}"))[1]
    [line] = re.findall(r"<ul class=finished>(<li>.*?</li>)</ul>", page)
    ann, ben = (f'<a href="/s/{server}/p/{player_key(server, u)}">' for u in (ANN, BEN))
    assert f"{ann}Ann</a> (Black) – {ben}Ben the Bold</a> (White)" in line
    assert "Ann (Black) won (White resigned)" in line and DAY in line
    assert f'href="/g/{token}"' in line
    # and on a player's page, the same line
    player = (await site.get(f"/s/{server}/p/{player_key(server, BEN)}"))[1]
    assert "Ann (Black) won (White resigned)" in player and f"{ann}Ann</a> (Black)" in player


async def test_a_game_page_tells_ratings_kind_time_and_result(site: Site) -> None:
    server = await site.turn(True)
    _, live_token = await site.game()
    state = json.loads((await site.get(f"/g/{live_token}/state"))[1])
    assert [(p["rating"], p["change"]) for p in state["players"]] == [("1500?", None)] * 2
    assert state["about"] == f"Rated · 1 day per move · started {DAY}"
    assert state["tournament"] is None and state["record_kind"] == "PDN"
    _, token = await finished(site)
    state = json.loads((await site.get(f"/g/{token}/state"))[1])
    ann, ben = state["players"]
    assert [(p["name"], p["rating"]) for p in (ann, ben)] == [
        ("Ann", "1500?"),
        ("Ben the Bold", "1500?"),
    ]
    assert ann["change"].startswith("+") and ben["change"].startswith("-")
    assert ann["key"] == player_key(server, ANN)
    assert state["status"] == "Ann (Black) won (White resigned)"
    assert state["about"] == f"Rated · 1 day per move · started {DAY} · ended {DAY}"
    # the next game: their ratings as it began, the first game's
    after = await site.service.standings.rating_history(GUILD, "checkers", ANN)
    _, next_token = await finished(site)
    state = json.loads((await site.get(f"/g/{next_token}/state"))[1])
    assert state["players"][0]["rating"] == f"{round(after[-1][0])}?"
    page = (await site.get(f"/g/{next_token}"))[1]
    assert "Rated · 1 day per move" in page and "<span class=rating>" in page
    # a game in a channel not everyone reads: its page links to nobody's
    _, hidden = await finished(site, PRIVATE)
    state = json.loads((await site.get(f"/g/{hidden}/state"))[1])
    assert [p["key"] for p in state["players"]] == [None, None]


async def test_a_game_against_the_computer_is_casual(site: Site) -> None:
    await site.turn(True)
    match = await site.service.computer.start(Actor(GUILD, CHANNEL, ANN), 999, "three-crowns")
    token = await site.service.site.token_of(match.id)
    state = json.loads((await site.get(f"/g/{token}/state"))[1])
    assert state["about"].startswith("Casual (unrated) · ")
    assert state["record_kind"] == "text"
    assert [p["rating"] for p in state["players"] if p["name"].startswith("Computer")] == [None]


async def test_a_ballot_games_page_names_its_ballot_and_links_the_other_game(
    site: Site,
) -> None:
    await site.turn(True)
    made = await site.service.challenges.challenge(
        Actor(GUILD, CHANNEL, ANN), "checkers", opponent_id=BEN, side="b", opening="ballot"
    )
    first = await site.service.challenges.accept(Actor(GUILD, CHANNEL, BEN), made.id)
    tokens = [await site.service.site.token_of(m) for m in (first.id, first.pair_id or 0)]
    await site.service.play.resign(Actor(GUILD, CHANNEL, BEN), first.id)
    ballot = f"Ballot {first.ballot}: {get_game('checkers').ballots[first.ballot or 0]}"
    state = json.loads((await site.get(f"/g/{tokens[1]}/state"))[1])
    assert state["terms"] == f"{ballot}, game 2 of 2 · match Ann 1-0 Ben the Bold"
    assert state["pair"] == {"text": f"game 1 of the pair: #{first.id}", "href": f"/g/{tokens[0]}"}
    assert state["moves"] == get_game("checkers").ballots[first.ballot or 0].split()
    page = (await site.get(f"/g/{tokens[0]}"))[1]
    assert f'{ballot}, game 1 of 2 · match Ann 1-0 Ben the Bold · <a href="/g/{tokens[1]}">' in page


async def test_a_free_jump_games_page_says_its_house_rule(site: Site) -> None:
    await site.turn(True)
    made = await site.service.challenges.challenge(
        Actor(GUILD, CHANNEL, ANN), "checkers", opponent_id=BEN, captures="free"
    )
    match = await site.service.challenges.accept(Actor(GUILD, CHANNEL, BEN), made.id)
    token = await site.service.site.token_of(match.id)
    state = json.loads((await site.get(f"/g/{token}/state"))[1])
    assert state["about"].startswith("Casual (unrated) · ")
    assert (state["terms"], state["pair"]) == ("house rule: free jumps, unrated", None)
    assert state["game"] == "Checkers" and "/piece/checkers/" in state["board"]


async def test_a_judged_move_shows_the_computers_choice(site: Site) -> None:
    await site.turn(True)
    match, token = await finished(site)
    assert (await site.get(f"/g/{token}/review/1"))[0] == 404  # no review yet
    await reviewed(site, match)
    state = json.loads((await site.get(f"/g/{token}/state"))[1])
    review = state["review"]
    assert review["marks"] == ["??", "??", ""]
    notes = ["".join(text for text, _ in note) for note in review["notes"]]
    assert notes[0].startswith("1. 11-15?? is a blunder: the computer would play 9-14 (")
    assert notes[1].startswith("1… 22-18?? is a blunder: the computer would play 24-19 (")
    assert [text for text, move in review["notes"][1] if move] == ["1… 22-18??", "24-19"]
    assert notes[2] == "" and review["chart"]["plies"] == 3
    assert 0 < review["chart"]["x0"] < review["chart"]["x1"] < 1
    status, svg = await site.get(f"/g/{token}/review/2")
    assert status == 200 and hexed(PLAYED_ARROW) in svg and hexed(BETTER_ARROW) in svg
    plain = (await site.get(f"/g/{token}/board/2"))[1]
    assert hexed(PLAYED_ARROW) not in plain and hexed(BETTER_ARROW) not in plain
    for ply in (0, 3, 4):  # the start, a forced move, beyond the end
        assert (await site.get(f"/g/{token}/review/{ply}"))[0] == 404
    page = (await site.get(f"/g/{token}"))[1]
    assert "id=chart" in page and "id=cursor" in page and "id=note" in page


async def test_a_judged_move_without_the_computers_choice_says_only_what_it_was(
    site: Site,
) -> None:
    """A reading stored without a best move (none known): the note and the red arrow alone."""
    await site.turn(True)
    match, token = await finished(site)
    await reviewed(site, match, [Reading(MATE - 1), Reading(MATE - 1, "24-19")])
    state = json.loads((await site.get(f"/g/{token}/state"))[1])
    assert state["review"]["notes"][0] == [["1. 11-15??", True], [" is a blunder.", False]]
    status, svg = await site.get(f"/g/{token}/review/1")
    assert status == 200 and hexed(PLAYED_ARROW) in svg and hexed(BETTER_ARROW) not in svg


async def test_a_game_downloads_as_pdn_and_gif(site: Site) -> None:
    await site.turn(True)
    match, token = await finished(site)
    await reviewed(site, match)
    async with site.client.get(f"/g/{token}/moves") as answer:
        assert answer.status == 200
        assert answer.headers["Content-Disposition"] == (
            f'attachment; filename="checkers-{match.id}.pdn"'
        )
        text = await answer.text()
    assert '[Black "Ann"]' in text and '[White "Ben the Bold"]' in text
    assert "1. 11-15?? 22-18?? 2. 15x22 1-0" in text
    async with site.client.get(f"/g/{token}/replay.gif") as answer:
        assert answer.status == 200 and answer.headers["Content-Type"] == "image/gif"
        assert (await answer.read()).startswith(b"GIF89a")
    page = (await site.get(f"/g/{token}"))[1]
    assert f'href="/g/{token}/moves" download>moves (PDN)' in page
    assert f'href="/g/{token}/replay.gif" download' in page


async def test_the_site_has_an_icon(site: Site) -> None:
    async with site.client.get("/favicon.ico") as answer:
        assert answer.status == 200 and (await answer.read()).startswith(b"\x89PNG")
    assert '<link rel=icon type="image/png" href="/favicon.ico">' in (await site.get("/"))[1]


async def tournament(site: Site, channel: int) -> int:
    """A rated Swiss of four on Checkers in `channel`, its first round paired, its first
    game resigned."""
    service = site.service
    for user, name in ((CAROL, "Carol"), (DAN, "Dan")):
        await service.standings.remember(GUILD, user, name, name.lower())
    event = await service.tournaments.create(
        Actor(GUILD, channel, ANN), "checkers", "swiss", rounds=3, allowed=True
    )
    for user in (ANN, BEN, CAROL, DAN):
        await service.tournaments.join(Actor(GUILD, channel, user), event.id)
    await service.tournaments.start(Actor(GUILD, channel, ANN), event.id, moderator=True)
    news = await service.tournaments.advance(event.id)
    assert news is not None and len(news.games) == 2
    first = news.games[0]
    await service.play.resign(Actor(GUILD, channel, first.players["w"]), first.id)
    return event.id


async def test_a_tournament_has_its_own_page_linked_from_its_games(site: Site) -> None:
    server = await site.turn(True)
    event = await tournament(site, CHANNEL)
    href = tournament_href(server, event)
    page = (await site.get(f"/s/{server}"))[1]
    assert f'<a href="{href}">Tournament #{event} · Checkers</a>' in page
    status, page = await site.get(href)
    assert status == 200 and f"<h1>Tournament #{event} · Checkers</h1>" in page
    assert "Swiss, 3 rounds · rated · 1 day per move · round 1 of 3" in page
    rows = re.findall(r"<tr><td>(\d)</td><td>(.*?)</td><td>(.*?)</td>", page)
    assert len(rows) == 4 and rows[0][0] == "1" and rows[0][2] == "1"  # the winner, 1 point
    assert "<h3>Round 1</h3>" in page and "won (White resigned)" in page
    for token in [await site.service.site.token_of(m) for m in await round_games(site, event)]:
        assert f'href="/g/{token}"' in page
        state = json.loads((await site.get(f"/g/{token}/state"))[1])
        assert state["tournament"] == {"text": f"Tournament #{event}, round 1", "href": href}
    for who in (ANN, BEN, CAROL, DAN):
        assert player_key(server, who) in page
    for id_ in (ANN, BEN, CAROL, DAN):
        assert str(id_) not in page


async def round_games(site: Site, event: int) -> list[int]:
    store = site.service._shared.store
    return await store.ids("SELECT id FROM matches WHERE tournament_id = ? ORDER BY id", (event,))


async def test_a_private_channels_tournament_is_never_shown(site: Site) -> None:
    server = await site.turn(True)
    event = await tournament(site, PRIVATE)
    assert (await site.get(tournament_href(server, event)))[0] == 404
    assert f"Tournament #{event}" not in (await site.get(f"/s/{server}"))[1]
    [token, *_] = [await site.service.site.token_of(m) for m in await round_games(site, event)]
    state = json.loads((await site.get(f"/g/{token}/state"))[1])
    assert state["tournament"] == {"text": f"Tournament #{event}, round 1", "href": None}
    await site.service.site.channel_changed(GUILD, PRIVATE, True)  # opened to everyone
    assert (await site.get(tournament_href(server, event)))[0] == 200
    await site.service.site.turn(Actor(GUILD, CHANNEL, ANN), manager=True, on=False)
    assert (await site.get(tournament_href(server, event)))[0] == 404  # the site is off


def test_a_tournament_started_before_its_first_round_is_paired_reads_round_1() -> None:
    started = SimpleNamespace(
        format="swiss", rounds=5, status="running", round=0, rated=True, move_seconds=86_400
    )
    about = event_about(cast(TournamentView, started))
    assert "round 1 of 5" in about and "round 0" not in about
