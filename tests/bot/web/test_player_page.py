"""A player's page reads as people read: sides named as the bot names them mid-sentence ("As
the enemy"), a provisional rating written "1338?", and no section for a game they never
played against a person."""

from __future__ import annotations

from bot.service import Actor
from bot.web.game_reader import player_key
from tests.bot.web.conftest import ANN, BEN, Site
from tests.servicekit import CHANNEL, GUILD, start_match


async def test_a_players_page_reads_as_people_read(site: Site) -> None:
    server = await site.turn(True)
    # Ann, the enemy, wins a rated game of Three Musketeers: Ben resigns
    match = await start_match(site.service, "three-musketeers", challenger=ANN, opponent=BEN,
                              side="e")  # fmt: skip
    await site.service.play.resign(Actor(GUILD, CHANNEL, BEN), match.id)
    # and plays The Crown against the computer alone, unrated
    computer = await site.service.computer.start(Actor(GUILD, CHANNEL, ANN), 999, "the-crown")
    await site.service.play.resign(Actor(GUILD, CHANNEL, ANN), computer.id)
    rating = await site.service.standings.rating_history(GUILD, "three-musketeers", ANN)
    status, page = await site.get(f"/s/{server}/p/{player_key(server, ANN)}")
    assert status == 200
    assert "<li>As the enemy: 1 won · 0 drawn · 0 lost</li>" in page
    assert f"<p>Rating {round(rating[-1][0])}?</p>" in page  # one game: provisional
    assert "<h3>Three Musketeers</h3>" in page and "<h3>The Crown</h3>" not in page
