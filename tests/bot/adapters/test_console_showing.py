"""The console shows what Discord would: a game's posts in the order its moves were made,
and people and threads by their names in a new run, before anyone types."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from bot.adapters.commands import boards
from bot.adapters.console import COMPUTER, Console
from bot.agents.computer_player import ComputerPlayer
from bot.service import MatchView
from bot.service.match_service import MatchService


async def test_a_new_run_names_people_and_threads_before_they_type(
    service: MatchService, tmp_path: Path
) -> None:
    """Before: a name was known only once its person typed in this run ("@2641747422")."""
    before = Console(service, tmp_path / "out", lambda line: None)
    for line in ("alice: /challenge @Bob checkers side:black", "Bob: [Accept]"):
        await before.line(line)
    later: list[str] = []
    after = Console(service, tmp_path / "out", later.append)
    await after.line("carol: /games")
    assert later[1] == (
        "#general bot: #1 Checkers: Black: @alice, White: @Bob — @alice to move, move 1 — "
        "#checkers-1"
    )


async def test_the_computers_reply_waits_for_the_move_it_answers(
    service: MatchService, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Before: a reply thought and drawn while the move's own board was still being drawn
    was printed first."""
    drawn = boards.render_png

    async def slow_when_the_computer_is_to_move(match: MatchView, *args: Any, **kw: Any) -> bytes:
        if match.computer_to_move:  # the board of the person's move
            await asyncio.sleep(0.5)
        return await drawn(match, *args, **kw)

    monkeypatch.setattr(boards, "render_png", slow_when_the_computer_is_to_move)
    printed: list[str] = []
    bot = Console(service, tmp_path / "out", printed.append)
    player = ComputerPlayer(service, bot.computer_moved, executor=ThreadPoolExecutor(1))
    await bot.line(f"alice: /challenge @{COMPUTER} checkers side:black level:1")
    await bot.line("#checkers-1 alice: /move 11-15")
    await player.settle()
    await player.close()
    played = [line.split(" — ")[1].split(".")[0] for line in printed if " played " in line]
    assert played[0] == "@alice played 11-15" and played[1].startswith("@bot played")
