"""Reviews made by the computer's worker processes and shown through the console: progress,
then the review with its chart and boards; shown again at once; marked in /history; picked
up after a restart where it stopped; never lost to a post that fails."""

from __future__ import annotations

import asyncio
import io
from collections.abc import AsyncIterator
from concurrent.futures import Executor
from pathlib import Path

import pytest
from PIL import Image

from bot.adapters.console import Console
from bot.agents.analyst import Analyst
from bot.agents.computer_player import ComputerPlayer
from bot.service.match_service import MatchService
from bot.service.views import Analysis, MoveResult
from tests.gamekit import MISSED_WIN
from tests.servicekit import ALICE, BOB, by, start_match

#: positions searched a position: few, so a review takes a moment on any machine
NODES = 3_000
#: a short Checkers game in which Black throws it away at 4. 14-17 (ply 7)
MOVES = ["9-14", "22-18", "5-9", "24-19", "11-16", "26-22", "14-17", "21x14x5", "16-20"]
GAME = [
    "alice: /challenge @bob checkers side:black",
    "bob: [Accept]",
    *(
        f"#checkers-1 {'alice' if n % 2 == 0 else 'bob'}: /move {move}"
        for n, move in enumerate(MOVES)
    ),
    "#checkers-1 bob: /resign",
    "#checkers-1 bob: [Yes, resign]",
]


@pytest.fixture
async def computer(service: MatchService, workers: Executor) -> AsyncIterator[ComputerPlayer]:
    async def announce(_: MoveResult) -> None:
        return None

    player = ComputerPlayer(service, announce, executor=workers, slots=2)
    yield player
    await player.close()


def _console(
    service: MatchService, computer: ComputerPlayer, tmp_path: Path
) -> tuple[Console, Analyst, list[str]]:
    """The console, a quick analyst that shows its reviews there, and the lines printed."""
    lines: list[str] = []
    console = Console(service, tmp_path / "out", lines.append)
    return console, Analyst(service, computer, console.reviewed, nodes=NODES), lines


async def test_a_review_is_shown_as_it_is_made_then_again_at_once(
    service: MatchService, computer: ComputerPlayer, tmp_path: Path
) -> None:
    console, analyst, lines = _console(service, computer, tmp_path)
    for line in GAME:
        await console.line(line)
    assert lines[-1] == "#checkers-1 bot: [Rematch] [Analyse]"
    lines.clear()
    await console.line("#checkers-1 alice: [Analyse]")
    assert lines == [
        "#checkers-1 bot (to alice): The computer is reviewing **Checkers #1**: the review "
        "appears where the game was played, and shows how far it is as it goes."
    ]
    await analyst.settle()
    assert lines[1] == (
        "#checkers-1 bot: The computer is reviewing **Checkers #1**: 0 of 10 positions read…"
    )  # its own post, then edited
    del lines[0]
    progress = [line for line in lines if "positions read" in line]
    counts = [int(line.split(": ")[2].split()[0]) for line in progress]
    # shown at each quarter (a reading that lands meanwhile counts too)
    assert len(counts) == 4 and counts[0] == 0 and counts == sorted(set(counts)) and counts[-1] < 10
    review = "\n".join(lines[len(progress) :])
    assert review.startswith("#checkers-1 bot (edited): **Review of Checkers #1**")
    assert "@alice (Black): accuracy" in review and "4. 14-17??" in review
    files = [Path(line.split("[file ")[1][:-1]) for line in lines if "[file " in line]
    chart = Image.open(io.BytesIO(files[0].read_bytes()))
    assert files[0].name.endswith("review-1.png") and chart.size == (640, 300)
    assert files[0].stat().st_size <= 30 * 1024
    assert any(f.name.endswith("review-1-ply7.png") for f in files[1:])
    lines.clear()
    await console.line("#checkers-1 carol: /analyse")
    assert "**Review of Checkers #1**" in lines[0] and not analyst.busy  # stored: no new work
    await console.line("#checkers-1 carol: /history")
    record = next(f for f in tmp_path.joinpath("out").iterdir() if f.suffix == ".pdn")
    assert "14-17??" in record.read_text()


async def test_a_review_goes_on_after_a_restart_where_it_stopped(
    service: MatchService, computer: ComputerPlayer
) -> None:
    match = await start_match(service, side="black")
    for n, move in enumerate(MOVES):
        await service.play.move(by(ALICE if n % 2 == 0 else BOB), move, match.id)
    await service.play.resign(by(BOB), match.id)
    shown: list[Analysis] = []
    first_progress = asyncio.Event()

    async def report(analysis: Analysis) -> None:
        shown.append(analysis)
        if analysis.done:
            first_progress.set()

    before = Analyst(service, computer, report, nodes=NODES)
    await service.analyses.request(by(ALICE), match.id)
    await first_progress.wait()
    await before.close()  # the process stops mid-review
    kept = (await service.analyses.analysis(match.id)).done
    assert 0 < kept < 10
    after = Analyst(service, computer, report, nodes=NODES)
    job = await service.analyses.job(match.id)
    assert job is not None and len(job.missing) == 10 - kept  # only what was not read
    await after.resume()
    await after.settle()
    made = shown[-1]
    assert made.complete and made.done == 10 and made.review is not None
    assert await service.analyses.unfinished() == []


async def test_a_review_whose_post_fails_is_still_made(
    service: MatchService, computer: ComputerPlayer
) -> None:
    match = await start_match(service, side="black")
    await service.play.move(by(ALICE), "11-15", match.id)
    await service.play.resign(by(BOB), match.id)

    async def report(_: Analysis) -> None:
        raise ConnectionError("Discord is away")

    analyst = Analyst(service, computer, report, nodes=NODES)
    await service.analyses.request(by(ALICE), match.id)
    await analyst.settle()
    assert (await service.analyses.analysis(match.id)).complete


@pytest.mark.slow  # a 47-ply game reviewed and its puzzle checked, in worker processes: 2.5 s
async def test_a_missed_win_in_a_reviewed_game_becomes_a_puzzle_to_solve(
    service: MatchService, computer: ComputerPlayer, tmp_path: Path
) -> None:
    console, analyst, lines = _console(service, computer, tmp_path)
    await console.line("alice: /challenge @bob checkers side:black")
    await console.line("bob: [Accept]")
    for n, move in enumerate(MISSED_WIN):
        await console.line(f"#checkers-1 {'alice' if n % 2 == 0 else 'bob'}: /move {move}")
    await console.line("#checkers-1 bob: /resign")
    await console.line("#checkers-1 bob: [Yes, resign]")
    await console.line("#checkers-1 carol: /analyse")
    await analyst.settle()
    lines.clear()
    await console.line("bob: /puzzle")
    assert lines[0] == (
        "#general bot (to bob): **Puzzle #1**, from Checkers #1: Black to move and "
        "win. Answer with /solve, like a move."
    )
    assert lines[-1] == "#general bot (to bob): [Show me]"
    await console.line("bob: /solve 22-18")
    assert "22-18 is not legal" in lines[-1]
    await console.line("bob: /solve 4-8")
    assert "Not 4-8: that does not win" in lines[-2]
    await console.line("bob: [Show me]")
    assert "Puzzle #1: **21-25** wins." in lines[-2]
    await console.line("carol: /puzzle game:checkers")
    await console.line("carol: /solve 21-25")
    assert "Right: **21-25** wins. /puzzle for another." in lines[-2]
    await console.line("carol: /stats")
    assert "#general bot: Puzzles: 1 solved of 1 (the first answer counts)" in lines
    await console.line("bob: /puzzle")
    assert "There is no new puzzle on this server for you yet" in lines[-1]
