"""Words and numbers players read (issue 46): a game's length in moves as a record numbers
them, ratings as Lichess writes them ('1338?' while provisional), results said once, the
computer named as itself, no button nobody may press, and no developer's note in /rules."""

from __future__ import annotations

import re
from pathlib import Path

from ai.analysis import Judged
from bot.adapters.commands.puzzles import PuzzleCommands
from bot.adapters.commands.reviews import ReviewCommands
from bot.adapters.console import Console
from bot.agents.director import Director
from bot.service import PuzzleView
from bot.service.match_service import MatchService

#: Alice (Black) and Bob start a game of Checkers in #checkers-1
CHALLENGED = ("alice: /challenge @bob checkers side:black", "bob: [Accept]")
#: three moves: Black's first, White's reply, Black's second (a capture)
THREE_MOVES = tuple(
    f"#checkers-1 {who}: /move {move}"
    for who, move in (("alice", "11-15"), ("bob", "22-18"), ("alice", "15x22"))
)


async def _said(console: tuple[Console, list[str]], *lines: str) -> list[str]:
    """What the console printed for `lines` alone."""
    bot, output = console
    before = len(output)
    for line in lines:
        await bot.line(line)
    return output[before:]


async def test_a_games_length_and_place_are_moves_as_the_record_numbers_them(
    console: tuple[Console, list[str]],
) -> None:
    """After three moves (Black's, White's, Black's) White plays move 2, the last move was
    '2. 15x22' and the game is 2 moves long: one number covers both sides' moves."""
    await _said(console, *CHALLENGED, *THREE_MOVES)
    [games] = [line for line in await _said(console, "alice: /games") if "to move" in line]
    assert games.endswith("@bob to move, move 2 — #checkers-1")
    board = await _said(console, "#checkers-1 alice: /board")
    assert "**Checkers #1** — Last move: 2. 15x22. @bob (White) to move." in board[0]
    history = await _said(console, "#checkers-1 alice: /history")
    assert history[0].endswith("**Checkers #1**: 2 moves. In progress.")


async def test_a_result_is_said_once(console: tuple[Console, list[str]]) -> None:
    """The headline says how the game ended, the status who won: never the same twice."""
    await _said(console, *CHALLENGED, THREE_MOVES[0])
    said = await _said(console, "#checkers-1 bob: /resign", "#checkers-1 bob: [Yes, resign]")
    [board] = [line for line in said if "Game over" in line]
    assert board.endswith("**Checkers #1** — @bob resigned. Game over. @alice (Black) won.")


async def test_an_aborted_game_offers_no_rematch_nor_review(
    console: tuple[Console, list[str]],
) -> None:
    await _said(console, *CHALLENGED, THREE_MOVES[0])
    said = await _said(console, "#checkers-1 alice: /abort")
    board = next(n for n, line in enumerate(said) if "Game over" in line)
    assert said[board].endswith("— @alice aborted the game. Game over.")
    assert not any(line.endswith("[Rematch] [Analyse]") for line in said[board:])


async def test_an_open_challenge_has_no_decline_button(console: tuple[Console, list[str]]) -> None:
    """Anyone may accept an open challenge: nobody may decline it for everyone."""
    said = await _said(console, "alice: /challenge checkers")
    assert said[-1] == "#general bot: [Accept] [Cancel]"
    said = await _said(console, "carol: /challenge @dave checkers")
    assert said[-1] == "#general bot: [Accept] [Decline] [Cancel]"


async def test_resigning_against_the_computer_names_it_as_itself(
    console: tuple[Console, list[str]],
) -> None:
    await _said(console, "alice: /challenge @bot checkers side:black level:1")
    said = await _said(console, "#checkers-1 alice: /resign")
    assert said[0] == (
        "#checkers-1 bot (to alice): Resign Checkers #1 against me? The game ends as a loss "
        "and it is unrated. Press the button to resign, or ignore this."
    )


async def test_ratings_and_points_read_as_people_write_them(
    console: tuple[Console, list[str]],
) -> None:
    """After one game each rating is provisional, '1662?' (no '±'); the loser of the month
    has '0 points'."""
    await _said(console, *CHALLENGED, "#checkers-1 bob: /resign", "#checkers-1 bob: [Yes, resign]")
    board = "\n".join(await _said(console, "alice: /leaderboard checkers"))
    assert re.search(r"1\. alice — \d{4}\?, 1 game, 1-0-0", board), board
    assert re.search(r"2\. bob — \d{4}\?, 1 game, 0-0-1", board), board
    assert "±" not in board
    stats = "\n".join(await _said(console, "alice: /stats"))
    assert re.search(r"\d{4}\?, 1-0-0 \(W-D-L\)", stats) and "±" not in stats, stats
    month = "\n".join(await _said(console, "alice: /leaderboard checkers period:month"))
    assert "bob — 0 points, 1 game, 0-0-1" in month, month


async def test_the_rules_show_no_developers_notes(console: tuple[Console, list[str]]) -> None:
    said = "\n".join(
        await _said(console, "alice: /rules three-musketeers", "alice: /rules the-crown")
    )
    for note in ("docs/", ".md", "reference program", "plies", "ply"):
        assert note not in said, note
    assert "the Musketeers lined up by their\n" in said  # the solved game, in moves


async def test_standings_never_say_after_round_0_and_one_point_is_a_point(
    service: MatchService, tmp_path: Path
) -> None:
    printed: list[str] = []
    console = Console(service, tmp_path / "out", printed.append, moderators={"mod"})
    director = Director(service, console.round_started, console.round_board)
    for line in (
        "#events mod: /tournament action:create game:checkers rounds:1",
        "#events p1: [Join]",
        "#events p2: [Join]",
        "#events p1: /tournament standings",
        "#events p3: [Join]",
        "#events mod: [Start]",
        "#events p1: /tournament standings",
    ):
        await console.line(line)
        await director.settle()
    assert "#events bot (to p1): Tournament #1: standings before round 1." in printed
    assert "#events bot (to p1): Tournament #1: standings during round 1." in printed
    assert not [line for line in printed if "round 0" in line or "0 rounds" in line]
    loser = next(
        who
        for line in printed
        if (m := re.match(r"#checkers-1 bot: .* @(p\d) \(Black\)", line))
        for who in m.groups()
    )
    for line in (f"#checkers-1 {loser}: /resign", f"#checkers-1 {loser}: [Yes, resign]"):
        await console.line(line)
        await director.settle()
    [final] = [line for line in printed if "is over" in line]
    assert " wins with 1 point. The podium: " in final, final


def test_a_puzzle_says_its_game_and_counts_moves_not_plies() -> None:
    """A solved game's puzzle: 'win in 17' plies for the side to move is 9 of its moves."""
    puzzle = PuzzleView(1, "three-musketeers", 4, 12, "", "e", "win in 17", "b2-b3")
    assert PuzzleCommands._task(puzzle) == "The enemy to move and win in 9 moves"


def test_a_reviews_judged_move_reads_right_for_a_plural_side() -> None:
    """'the Musketeers' chance' (not 'Musketeers's'); a solved value by the move that ends
    the game ('by move 21'), not by plies."""
    lost = Judged(21, "c3xc4", "m", 0.6, 0.1, "c3xd3")
    assert "the Musketeers' chance 60% → 10%" in ReviewCommands._judged("three-musketeers", lost)
    turned = Judged(14, "a3-a4", "e", 1.0, 0.0, "b4-b3", False, "e", "m", 27)
    assert ReviewCommands._judged("three-musketeers", turned) == (
        "7… a3-a4?? (best b4-b3: the Musketeers win by move 21 from there)"
    )
