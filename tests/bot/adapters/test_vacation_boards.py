"""A game begun while its first player is on vacation, as the console shows it: its board
says when their clock runs again, and that their time runs out after that, by their time per
move (before: "Time runs out" came days before the vacation's end)."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from pathlib import Path

from bot.adapters.console import Console
from bot.agents.director import Director
from bot.service.match_service import MatchService

#: the console's board: who is away, until when, and when their time runs out
AWAY = re.compile(
    r"@(\w+) is on vacation: their clock runs again at ([\d-]+ [\d:]+) UTC\. "
    r"Time runs out at ([\d-]+ [\d:]+) UTC\."
)


def _away(line: str) -> tuple[str, float]:
    """Who the board says is away, and the hours between their return and their time's end."""
    found = AWAY.search(line)
    assert found is not None, line
    back, out = (
        datetime.strptime(t, "%Y-%m-%d %H:%M").replace(tzinfo=UTC) for t in found.groups()[1:]
    )
    return found[1], (out - back).total_seconds() / 3600


async def test_a_game_accepted_while_its_first_player_is_away(
    console: tuple[Console, list[str]],
) -> None:
    bot, output = console
    for line in (
        "bob: /vacation days:3",
        "alice: /challenge @bob checkers side:white time_per_move:2h",  # Bob moves first
        "bob: [Accept]",
    ):
        await bot.line(line)
    (board,) = [line for line in output if "to move" in line]
    assert _away(board) == ("bob", 2.0)


async def test_a_tournament_game_posted_while_its_first_player_is_away(
    service: MatchService, tmp_path: Path
) -> None:
    printed: list[str] = []
    bot = Console(service, tmp_path / "out", printed.append, moderators={"mod"})
    director = Director(service, bot.round_started, bot.round_board)
    players = ("p1", "p2", "p3")
    for line in (
        "#events mod: /tournament action:create game:checkers rounds:1 time_per_move:1h",
        *(f"#events {p}: /tournament join" for p in players),
        *(f"{p}: /vacation days:2" for p in players),  # whoever moves first is away
        "#events mod: /tournament start",
    ):
        await bot.line(line)
        await director.settle()
    (board,) = [line for line in printed if "to move" in line]
    assert _away(board)[1] == 1.0
    await director.close()
