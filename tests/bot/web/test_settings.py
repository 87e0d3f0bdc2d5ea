"""/settings web:on|off through the console, as a moderator and as anyone, and the Watch
button a new game's board then carries."""

from __future__ import annotations

from pathlib import Path

from bot.adapters.console import Console
from bot.service.match_service import MatchService

SITE = "https://games.example.org"


async def test_only_a_manager_turns_the_site_on_and_games_then_get_a_watch_link(
    service: MatchService, tmp_path: Path
) -> None:
    lines: list[str] = []
    bot = Console(service, tmp_path, lines.append, moderators={"mod"}, public_url=SITE)
    await bot.line("alice: /settings web:on")
    assert "Only someone who may manage this server" in lines[-1]
    await bot.line("mod: /settings")
    assert "Web site: off" in lines[-1]
    await bot.line("mod: /settings web:on")
    assert f"{SITE}/s/" in lines[-1] and "Watch button" in lines[-1]
    await bot.line("alice: /challenge @bob checkers")
    await bot.line("bob: [Accept]")
    watch = [line for line in lines if "[Watch: " in line]
    assert len(watch) == 1 and f"[Watch: {SITE}/g/" in watch[0]
    await bot.line("mod: /settings web:off")
    assert "off the web site" in lines[-1]
    await bot.line("alice: /challenge @bob the-crown")
    await bot.line("bob: [Accept]")
    assert len([line for line in lines if "[Watch: " in line]) == 1  # none for the new game


async def test_without_a_public_address_the_site_is_on_but_nothing_links_to_it(
    service: MatchService, tmp_path: Path
) -> None:
    lines: list[str] = []
    bot = Console(service, tmp_path, lines.append, moderators={"mod"})
    await bot.line("mod: /settings web:on")
    assert "on the web site." in lines[-1]
    await bot.line("alice: /challenge @bob checkers")
    await bot.line("bob: [Accept]")
    assert not any("[Watch" in line for line in lines)
