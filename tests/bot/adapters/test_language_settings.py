"""/settings language: (Manage Server) and /preferences boards: through the console: who may
choose, what is stored, and the answer said in the language chosen."""

from __future__ import annotations

from pathlib import Path

from bot.adapters.console import Console
from bot.service.match_service import MatchService
from tests.servicekit import GUILD


async def test_a_manager_chooses_the_servers_language_by_its_own_name(
    service: MatchService, tmp_path: Path
) -> None:
    lines: list[str] = []
    bot = Console(service, tmp_path, lines.append, moderators={"mod"})
    await bot.line("alice: /settings language:Deutsch")
    assert "Only someone who may manage this server can choose its language." in lines[-1]
    assert await service.languages.server(GUILD) is None
    await bot.line("mod: /settings language:deutsch")
    assert "The bot's posts here now speak Deutsch." in lines[-1]  # in the asker's language
    assert await service.languages.server(GUILD) == "de"
    await bot.line("mod: /settings")
    assert "Language of posts: Deutsch." in lines[-1]
    await bot.line("mod: /settings language:klingon")
    assert "language takes default, English, Deutsch" in lines[-1]
    assert await service.languages.server(GUILD) == "de"
    await bot.line("mod: /settings language:default")
    assert "the server's language, as Discord tells it" in lines[-1]
    assert await service.languages.server(GUILD) is None


async def test_text_boards_are_a_persons_own_preference(
    service: MatchService, tmp_path: Path
) -> None:
    lines: list[str] = []
    bot = Console(service, tmp_path, lines.append)
    await bot.line("alice: /preferences")
    assert "/board shows you games as pictures" in lines[-1]
    await bot.line("alice: /challenge @bob checkers")
    await bot.line("bob: [Accept]")
    await bot.line("alice: /preferences boards:text")
    assert "/board shows you games as text" in lines[-1]
    shown = len(lines)
    await bot.line("alice: /board")
    board = "\n".join(lines[shown:])
    assert "```" in board and "[file" not in board, board
    shown = len(lines)
    await bot.line("bob: /board")
    assert "[file" in "\n".join(lines[shown:])  # bob did not ask for text
