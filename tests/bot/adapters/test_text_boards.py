"""Text boards in console mode: `/board text:yes` shows the position as plain text (the
game's diagram in a code block, then the position in words) instead of a picture, for every
game; a person's own setting does so for every /board, and `text:no` shows the picture."""

from __future__ import annotations

import pytest

from bot.adapters.console import Console
from bot.service.match_service import MatchService
from rules import get_game
from tests.gamekit import GAME_IDS


async def said_after(console: tuple[Console, list[str]], *lines: str) -> str:
    """What the console printed for the last of `lines`, each line without its prefix
    ('#checkers-1 bot (to bob): ')."""
    bot, output = console
    for line in lines[:-1]:
        await bot.line(line)
    before = len(output)
    await bot.line(lines[-1])
    return "\n".join(line.split(": ", 1)[1] for line in output[before:])


async def test_board_text_yes_shows_the_diagram_and_the_position_in_words(
    console: tuple[Console, list[str]],
) -> None:
    shown = await said_after(
        console,
        "alice: /challenge @bob checkers side:black",
        "bob: [Accept]",
        "#checkers-1 alice: /move 11-15",
        "#checkers-1 bob: /board text:yes",
    )
    game = get_game("checkers")
    diagram = game.diagram(game.apply(game.initial_position(), game.parse_move(
        game.initial_position(), "11-15")))  # fmt: skip
    assert "Last move: 1. 11-15." in shown
    assert f"```\n{diagram}\n```" in shown
    assert "Checkers. White to move; last move 11-15. Black: men 1, 2, 3, 4, 5" in shown
    assert "[file " not in shown


@pytest.mark.parametrize("game_id", GAME_IDS)
async def test_every_game_has_a_text_board(
    console: tuple[Console, list[str]], game_id: str
) -> None:
    game = get_game(game_id)
    first = game.side_name(game.sides[0]).lower().removeprefix("the ")
    shown = await said_after(
        console,
        f"alice: /challenge @bob {game_id} side:{first}",
        "bob: [Accept]",
        f"#{game_id}-1 alice: /board text:yes",
    )
    assert f"```\n{game.diagram(game.initial_position())}\n```" in shown
    assert f"{game.name}. " in shown
    assert "[file " not in shown


async def test_the_setting_shows_text_boards_and_text_no_the_picture(
    console: tuple[Console, list[str]], service: MatchService
) -> None:
    bot, _output = console
    await said_after(console, "alice: /challenge @bob checkers side:black", "bob: [Accept]")
    await service.languages.choose_text_boards(bot.names.user_id("alice"), True)
    shown = await said_after(console, "#checkers-1 alice: /board")
    assert "```" in shown and "[file " not in shown
    shown = await said_after(console, "#checkers-1 alice: /board text:no")
    assert "```" not in shown and "[file " in shown
    shown = await said_after(console, "#checkers-1 bob: /board")
    assert "[file " in shown  # Bob's own setting: pictures
