"""The Move button's picker: every legal move reachable once, in lists Discord takes; and in
the console, `[Move]` then `[pick ...]` lines, a stale picker replaced by the one of now."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bot.adapters.commands.picker import lists_of, move_picker
from bot.adapters.console import Console
from bot.adapters.replies import MOST_CHOICES, Choice, Message
from bot.service.match_service import MatchService
from rules import GAMES
from tests.gamekit import GAME_IDS, sample_positions
from tests.servicekit import start_match


def listed(message: Message, action: str) -> list[str]:
    return [c.value for s in message.selects if s.action == action for c in s.choices]


def within_discords_limits(message: Message) -> None:
    """Lists of 25 entries at most, 5 rows in all, labels and ids of 100 characters."""
    assert len(message.selects) <= 5
    for select in message.selects:
        assert 1 <= len(select.choices) <= MOST_CHOICES and len(select.custom_id) <= 100
        assert all(len(c.label) <= 100 and len(c.value) <= 100 for c in select.choices)
    assert len({s.custom_id for s in message.selects}) == len(message.selects)


@pytest.mark.parametrize("game_id", GAME_IDS)
async def test_every_legal_move_is_in_the_picker_once(service: MatchService, game_id: str) -> None:
    game, started = GAMES[game_id], await start_match(service, game_id)
    for position in sample_positions(game_id):
        moves = [game.format_move(m) for m in game.legal_moves(position)]
        if not moves:
            continue
        text, side = game.encode(position), game.side_to_move(position)
        view = replace(started, position=position, position_text=text, side_to_move=side)
        picker = move_picker(view)
        within_discords_limits(picker)
        reached = listed(picker, "move")
        assert (not reached) == (len(moves) > MOST_CHOICES)  # the pieces first if too many
        if not reached:
            for piece in listed(picker, "piece"):
                chosen = move_picker(view, piece)
                within_discords_limits(chosen)
                assert [c.value for s in chosen.selects for c in s.choices if c.chosen] == [piece]
                reached += listed(chosen, "move")
        assert sorted(reached) == sorted(moves) and len(set(reached)) == len(moves)


async def test_a_list_longer_than_discord_takes_is_cut_in_lists(service: MatchService) -> None:
    view = await start_match(service)
    lists = lists_of("move", view, "Where", [Choice(f"{n}", f"{n}") for n in range(60)], 1)
    assert [len(s.choices) for s in lists] == [25, 25, 10] and [s.part for s in lists] == [1, 2, 3]
    assert [s.placeholder for s in lists] == ["Where (1 of 3)", "Where (2 of 3)", "Where (3 of 3)"]


async def test_a_game_by_picker_in_the_console(console: tuple[Console, list[str]]) -> None:
    bot, output = console
    for line in ("alice: /challenge @bob three-crowns side:green", "bob: [Accept]"):
        await bot.line(line)
    assert output[-1] == "#three-crowns-1 bot: [Move] [Offer draw] [Resign]"
    at = len(output)
    for line in ("[Move]", "[pick a6]", "[pick a6-b6]"):
        await bot.line(f"#three-crowns-1 alice: {line}")
    shown = output[at:]
    assert shown[0] == (
        "#three-crowns-1 bot (to alice): Choose your move in **3 Crowns #1** (you play "
        "Green): 32 moves, so the piece first, then where it goes."
    )
    assert shown[1].startswith("#three-crowns-1 bot (to alice): The piece to move: [pick a1] ")
    assert shown[4] == (
        "#three-crowns-1 bot (to alice, edited): Where the piece on a6 goes: [pick a6-a7] "
        "[pick a6-b5] [pick a6-b6] [pick a6-b7]"
    )
    assert shown[5] == "#three-crowns-1 bot (to alice, edited): You played a6-b6."
    assert "@alice played a6-b6. @bob (Black) to move." in shown[6]
    await bot.line("#three-crowns-1 alice: [pick a6-b7]")  # that list is gone
    assert output[-1] == "console: no [pick a6-b7] to choose in #three-crowns-1"


async def test_a_stale_picker_in_the_console(console: tuple[Console, list[str]]) -> None:
    bot, output = console
    for line in (
        "alice: /challenge @bob checkers side:black", "bob: [Accept]",
        "#checkers-1 alice: [Move]", "#checkers-1 alice: /move 11-15",
        "#checkers-1 bob: /move 22-18", "#checkers-1 alice: [pick 9-13]",
    ):  # fmt: skip
        await bot.line(line)
    assert output[-2:] == [
        "#checkers-1 bot (to alice, edited): The game has moved on since that list was made: "
        "here is your move now. Choose your move in **Checkers #1** (you play Black).",
        "#checkers-1 bot (to alice, edited): Your move: [pick 15x22]",
    ]
    await bot.line("#checkers-1 alice: [pick 15x22]")
    assert any("@alice played 15x22." in line for line in output[-4:])
