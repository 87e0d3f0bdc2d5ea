"""What the site shows of people (issue 44.7): a player whose rated games were all in private
channels has no page and no leaderboard line; once they play in a channel everyone reads,
their page and their line count that game alone (its record, the rating after it, its
chart's one point). The bot's own /leaderboard still counts every game."""

from __future__ import annotations

from typing import Any

from bot.service import Actor
from bot.web.game_reader import player_key
from bot.web.reader import Reader
from tests.bot.web.conftest import ANN, BEN, PRIVATE, Site
from tests.servicekit import CHANNEL, GUILD


async def resigned(site: Site, channel: int) -> None:
    """A rated game of Checkers between Ann and Ben in `channel`, which Ben resigns."""
    match, _ = await site.game("checkers", channel=channel)
    await site.service.play.resign(Actor(GUILD, channel, BEN), match.id)


async def shown(site: Site) -> tuple[dict[str, Any], dict[str, Any] | None]:
    """The server page's leaderboards, and Ann's player page (None: there is none)."""
    reader = Reader(site.service)
    row = await reader.site(site.token)
    assert row is not None
    page = await reader.server(row)
    return page["leaders"], await reader.player(row, player_key(site.token, ANN))


async def test_games_in_private_channels_count_for_nothing_on_the_site(site: Site) -> None:
    server = await site.turn(True)
    for _ in range(2):
        await resigned(site, PRIVATE)
    leaders, ann = await shown(site)
    assert leaders == {} and ann is None
    status, page = await site.get(f"/s/{server}")
    assert status == 200 and "Ann" not in page and "Ben the Bold" not in page
    for who in (ANN, BEN):
        key = player_key(server, who)
        assert (await site.get(f"/s/{server}/p/{key}"))[0] == 404
        assert (await site.get(f"/s/{server}/p/{key}/rating/checkers.png"))[0] == 404
    # the bot's own leaderboard, in the server's channels, counts every game
    [first, second] = await site.service.standings.leaderboard(GUILD, "checkers")
    assert (first.user_id, first.games, second.user_id) == (ANN, 2, BEN)

    await resigned(site, CHANNEL)  # one game where everyone can see it
    everything = await site.service.standings.rating_history(GUILD, "checkers", ANN)
    leaders, ann = await shown(site)
    lines = [(r["name"], r["games"], r["rating"]) for r in leaders["Checkers"]]
    provisional = f"{round(everything[-1][0])}?"  # after one game, as Lichess writes it
    assert lines[0] == ("Ann", 1, provisional) and lines[1][:2] == ("Ben the Bold", 1)
    assert ann is not None
    [checkers] = ann["games"]
    assert checkers["record"] == [1, 0, 0] and checkers["rating"] == provisional
    assert await site.service.site.rating_history(GUILD, "checkers", ANN) == everything[-1:]
    key = player_key(server, ANN)
    status, page = await site.get(f"/s/{server}/p/{key}")
    assert status == 200 and "1 won · 0 drawn · 0 lost against people" in page
    async with site.client.get(f"/s/{server}/p/{key}/rating/checkers.png") as chart:
        assert chart.status == 200
