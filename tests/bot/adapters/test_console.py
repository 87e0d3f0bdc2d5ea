"""Console mode: scripted full games of every game, through the same handlers as Discord."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image

from bot.adapters.console import Console
from bot.service.match_service import MatchService
from render.api import DRAWINGS
from render.checkers import cell_of as checkers_cell
from rules import get_game, reason_text, result_text
from tests.faults import ROOT
from tests.gamekit import GAME_IDS, random_record

#: the lines that start a game of Checkers between Alice (Black) and Bob, in #checkers-1
ALICE_CHALLENGES_BOB = ("alice: /challenge @bob checkers side:black", "bob: [Accept]")


def script(game_id: str, seed: int) -> tuple[list[str], str]:
    """Console lines for a whole random game (Alice takes the first side), and its result."""
    game = get_game(game_id)
    record = random_record(game, seed)
    first = game.side_name(game.sides[0]).lower().removeprefix("the ")
    lines = [f"alice: /challenge @bob {game_id} side:{first}", "bob: [Accept]"]
    players = {game.sides[0]: "alice", game.sides[1]: "bob"}
    for position, move in zip(record.positions, record.moves, strict=False):
        lines.append(
            f"#{game_id}-1 {players[game.side_to_move(position)]}: /move {game.format_move(move)}"
        )
    outcome = record.outcome
    assert outcome is not None
    if outcome.winner is None:  # how the last board words the result
        shown = f"Game over. {result_text(game, outcome)}."
    else:
        winner = "@" + players[outcome.winner]
        side, why = game.side_name(outcome.winner), reason_text(game, outcome)
        shown = f"Game over. {winner} ({side}) won ({why})."
    return [*lines, f"alice: /leaderboard {game_id}"], shown


@pytest.mark.parametrize("game_id", GAME_IDS)
async def test_a_scripted_game_ends_with_its_result_and_leaderboard(
    console: tuple[Console, list[str]], game_id: str
) -> None:
    bot, output = console
    lines, result = script(game_id, seed=4)
    for line in lines:
        await bot.line(line)
    assert not any("(to " in line for line in output), [line for line in output if "(to " in line]
    assert f"#{game_id}-1 bot: [thread" not in output  # threads are announced where they open
    assert any(result in line for line in output), result
    board = [line for line in output if line.startswith("#general bot: ") and " — " in line][-2:]
    draw = result.startswith("Game over. Draw")
    expected = ("0-1-0", "0-1-0") if draw else ("1-0-0", "0-0-1")
    assert [b.rsplit(", ", 1)[1] for b in board] == list(expected)


async def test_refusals_go_only_to_the_person(console: tuple[Console, list[str]]) -> None:
    bot, output = console
    for line in (
        "alice: /challenge @bob checkers side:black",
        "carol: [Accept]",
        "bob: [Accept]",
        "#checkers-1 bob: /move 11-15",
        "alice: /dance",
        "alice: /move 99-100",
        "#general alice: /board match:x",
    ):
        await bot.line(line)
    private = [line for line in output if "(to " in line]
    assert private == [
        "#general bot (to carol): This challenge is for bob, not you: start your own with "
        "/challenge.",
        "#checkers-1 bot (to bob): It is not your turn: waiting for alice to move.",
        "#general bot (to alice): There is no /dance command: /help lists them.",
        "#general bot (to alice): Square 99 is not on the board: squares are 1-32.",
        "#general bot (to alice): A match is a number like 12, not 'x'.",
    ]


@pytest.mark.processes
def test_the_console_command_reads_stdin(tmp_path: Path) -> None:
    lines, result = script("three-musketeers", seed=1)
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "bot",
            "console",
            "--db",
            str(tmp_path / "c.sqlite3"),
            "--out",
            str(tmp_path / "pics"),
        ],
        input="\n".join(lines) + "\n",
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
    )
    assert done.returncode == 0, done.stderr
    assert result in done.stdout
    # the start picture, the board when the game began, and one board a move
    assert len(list((tmp_path / "pics").glob("*.png"))) == len(lines) - 1


async def test_resigning_asks_first_and_only_the_asker_can_confirm(
    console: tuple[Console, list[str]],
) -> None:
    bot, output = console
    for line in ALICE_CHALLENGES_BOB:
        await bot.line(line)
    before = len(output)
    for line in ("#checkers-1 bob: [Resign]", "#checkers-1 alice: [Yes, resign]"):
        await bot.line(line)
    assert output[before:] == [
        "#checkers-1 bot (to bob): Resign Checkers #1 against alice? The game ends as a loss "
        "and your rating changes. Press the button to resign, or ignore this.",
        "#checkers-1 bot (to bob): [Yes, resign]",
        "console: no [Yes, resign] button to press in #checkers-1",
    ]
    await bot.line("#checkers-1 bob: [Yes, resign]")
    # the headline says who resigned: the result only adds who won (not the same twice)
    won = "**Checkers #1** — @bob resigned. Game over. @alice (Black) won."
    assert any(line.endswith(won) for line in output[before:])


async def test_a_game_goes_on_in_the_next_run_whoever_types_first(
    service: MatchService, tmp_path: Path
) -> None:
    """Names get the same ids in every run, so the players of a saved game are still theirs,
    and its thread is still shown by its name."""
    first: list[str] = []
    before = Console(service, tmp_path / "out", first.append)
    for line in ALICE_CHALLENGES_BOB:
        await before.line(line)
    later: list[str] = []
    after = Console(service, tmp_path / "out", later.append)  # a new run: names seen afresh
    for line in ("carol: /help", "bob: /help", "alice: /move 11-15"):
        await after.line(line)
    moved = [line for line in later if "(to alice)" in line]
    assert moved == [
        "#general bot (to alice): You played 11-15. The board is in the game's thread, #checkers-1."
    ]
    board = "#checkers-1 bot: **Checkers #1** — @alice played 11-15."
    assert any(line.startswith(board) for line in later)


async def test_challenges_answered_and_stats_against_the_computer_read_as_sentences(
    console: tuple[Console, list[str]],
) -> None:
    said = await said_after(
        console,
        "alice: /challenge @bob the-crown",
        "alice: [Cancel]",
        "alice: /challenge @bob the-crown",
        "bob: [Decline]",
        "carol: /challenge @bot checkers side:black level:1",
        "#checkers-1 carol: /resign",
        "#checkers-1 carol: [Yes, resign]",
        "carol: /stats",
    )
    assert "@alice withdrew the challenge to play The Crown." in said
    assert "@bob declined @alice's challenge to play The Crown." in said
    assert "against the computer (unrated): level 1: 0-0-1" in said
    assert "Wins-draws-losses against the computer, by its level (unrated)." in said
    assert "Rating (±" not in said


async def test_values_are_read_as_people_write_them(console: tuple[Console, list[str]]) -> None:
    """Game names of several words, an open challenge written without option names, a
    move typed with a space: each reaches the command meant."""
    said = await said_after(
        console,
        "alice: /rules game:The Crown",
        "alice: /leaderboard game:3 Crowns",
        "alice: /challenge checkers side:black",
        "bob: [Accept]",
        "#checkers-1 alice: /move 11 15",
    )
    assert "**How to play The Crown**" in said
    assert "Nobody has finished a rated 3 Crowns game here yet." in said
    assert "@alice challenges anyone to **Checkers**" in said
    assert "'11 15' is not a checkers move: write squares 1-32 joined by '-'" in said


async def test_a_second_run_on_the_same_folder_numbers_its_pictures_on(
    service: MatchService, tmp_path: Path
) -> None:
    out = tmp_path / "pictures"
    for _ in range(2):
        run = Console(service, out, lambda line: None)
        await run.line("alice: /rules checkers")
    assert sorted(f.name for f in out.iterdir()) == [
        "0001-checkers-start.png",
        "0002-checkers-start.png",
    ]


async def test_a_history_counts_its_moves_as_the_record_numbers_them(
    console: tuple[Console, list[str]],
) -> None:
    said = await said_after(
        console,
        *ALICE_CHALLENGES_BOB,
        "#checkers-1 alice: /move 11-15",
        "#checkers-1 bob: /move 23-19",
        "#checkers-1 alice: /move 9-13",
        "#checkers-1 alice: /history",
    )
    assert "**Checkers #1**: 2 moves. In progress." in said  # three plies: 1. and 2.


async def test_a_board_says_check_and_checkmate_in_words(
    console: tuple[Console, list[str]], service: MatchService
) -> None:
    bot, output = console
    for line in ("alice: /challenge @bob the-crown side:white", "bob: [Accept]"):
        await bot.line(line)
    mated = "Pf1 Kb7 Sd2 Sd3 Sd4 pa9 ka10 b"  # Black is checkmated
    async with service._shared.store.transaction() as db:
        await db.run("UPDATE matches SET start_position = ?, position = ?", (mated, mated))
    await bot.line("alice: /board")
    said = "\n".join(output)
    assert "@bob (Black) is checkmated: the Prince leaves the board (play a9++)." in said


async def test_a_checkmated_princes_leave_is_played_at_once_and_said(
    console: tuple[Console, list[str]],
) -> None:
    moves = ("e3-d3", "b3-b5", "e5-d7", "a3-d3", "f1-a10", "d3-f3")  # d3-f3 mates White
    said = await said_after(
        console,
        "alice: /challenge @bob the-crown side:white",
        "bob: [Accept]",
        *(f"#the-crown-1 {('alice', 'bob')[n % 2]}: /move {move}" for n, move in enumerate(moves)),
    )
    assert (
        "@bob played d3-f3. @alice is checkmated, so their Prince left the board at once "
        "(g1++). @bob (Black) to move." in said
    )
    assert "(to " not in said  # nobody was refused anything


async def said_after(console: tuple[Console, list[str]], *lines: str) -> str:
    """Everything the console printed, as one text, once it has read `lines`."""
    bot, output = console
    for line in lines:
        await bot.line(line)
    return "\n".join(output)


def shown_square_1(line: str) -> str:
    """Which man a posted Checkers board shows where the usual view has square 1: 'black'
    (the usual view, Black's men at the top) or 'white' (the board turned round)."""
    path = line.rsplit("[file ", 1)[1].rstrip("]")
    drawing = DRAWINGS["checkers"]
    x, y = drawing.shape.centre(checkers_cell(1), drawing.default_size, False)
    with Image.open(path) as image:
        red = image.convert("RGB").getpixel((round(x), round(y)))
    assert isinstance(red, tuple)
    return "black" if red[0] < 100 else "white"


async def test_public_boards_keep_one_orientation_and_board_is_private_from_your_side(
    console: tuple[Console, list[str]],
) -> None:
    bot, output = console
    for line in (
        *ALICE_CHALLENGES_BOB,
        "#checkers-1 alice: /move 11-15",
        "#checkers-1 bob: /move 24-20",
        "#checkers-1 alice: /move 8-11",
    ):
        await bot.line(line)
    public = [line for line in output if line.startswith("#checkers-1 bot: [file ")]
    assert len(public) == 4  # the first board, then one a move
    assert [shown_square_1(line) for line in public] == ["black"] * 4
    assert "Pieces: dark discs = Black" in "\n".join(output)  # the first board's legend
    before = len(output)
    await bot.line("#checkers-1 alice: /board")
    await bot.line("#checkers-1 bob: /board")
    asked = [line for line in output[before:] if "[file " in line]
    assert [line.split(":", 1)[0] for line in asked] == [
        "#checkers-1 bot (to alice)",
        "#checkers-1 bot (to bob)",
    ]
    assert [shown_square_1(line) for line in asked] == ["white", "black"]  # Alice plays Black


async def test_mygames_lists_where_it_is_your_move_privately(
    console: tuple[Console, list[str]],
) -> None:
    said = await said_after(
        console,
        *ALICE_CHALLENGES_BOB,
        "#checkers-1 alice: /move 11-15",
        "carol: /mygames",
        "bob: /mygames",
    )
    assert (
        "#general bot (to carol): You have no game in progress. Start one with /challenge." in said
    )
    assert "#general bot (to bob): **Your games: 1 game, your move in 1**" in said
    line = "#general bot (to bob): **Checkers #1** against alice — **your move**, time runs out "
    assert line in said and "— #checkers-1 on the console's server" in said


async def test_mygames_pages_a_long_list(console: tuple[Console, list[str]]) -> None:
    lines = []
    for n in range(11):
        lines += [f"alice: /challenge @p{n} checkers side:white", f"p{n}: [Accept]"]
    bot, output = console
    said = await said_after(console, *lines, "alice: /mygames")
    assert "(to alice): **Your games: 11 games, your move in 0 — page 1 of 2**" in said
    before = len(output)
    await bot.line("alice: [Next]")
    paged = "\n".join(output[before:])
    assert "page 2 of 2" in paged and "**Checkers #" in paged and "[Previous]" in paged


async def test_a_takeback_is_asked_then_answered_with_its_buttons(
    console: tuple[Console, list[str]],
) -> None:
    bot, output = console
    for line in (
        *ALICE_CHALLENGES_BOB,
        "#checkers-1 alice: /move 11-15",
    ):
        await bot.line(line)
    before = len(output)
    await bot.line("#checkers-1 alice: /takeback")
    asked = [line for line in output[before:] if not line.endswith(".png]")]
    assert asked[0] == (
        "#checkers-1 bot: **Checkers #1** — @alice asks to take back their last move: @bob, "
        "accept or decline. @bob (White) to move. Time runs out at "
        + asked[0].split("Time runs out at ")[1]
    )
    assert asked[-1] == "#checkers-1 bot: [Move] [Accept takeback] [Decline takeback] [Resign]"
    before = len(output)
    await bot.line("#checkers-1 bob: [Accept takeback]")
    done = "\n".join(output[before:])
    assert "@bob accepted the takeback. @alice (Black) to move." in done
    assert "[Offer draw] [Resign]" in done


async def test_turn_notices_are_printed_as_dms_to_who_asked(
    console: tuple[Console, list[str]],
) -> None:
    said = await said_after(
        console,
        "bob: /notify every turn",
        *ALICE_CHALLENGES_BOB,
        "#checkers-1 alice: /move 11-15",
        "#checkers-1 bob: /move 22-18",
    )
    assert "#general bot (to bob): I will DM you when it is your move" in said
    dms = [line for line in said.splitlines() if "(DM to" in line]
    assert dms[0].startswith(
        "#dm-bob bot (DM to bob): Your move in **Checkers #1** (#checkers-1): @alice played "
        "11-15. Time runs out at "
    )
    assert len(dms) == 2 and dms[1].endswith("-small.png]")  # its board; none for Alice


async def test_a_vacation_is_private_and_shown_on_the_board(
    console: tuple[Console, list[str]],
) -> None:
    said = await said_after(
        console,
        *ALICE_CHALLENGES_BOB,
        "#checkers-1 alice: /move 11-15",
        "bob: /vacation days:3",
        "#checkers-1 alice: /board",
    )
    assert "#general bot (to bob): Your clock stands still in all your games against people" in said
    assert "You have 11 vacation days left this month." in said
    assert "@bob (White) to move. @bob is on vacation: their clock runs again at " in said
