"""A whole tournament through the console, as people would run it: a 5-round Swiss of nine
from create to final standings, each round posted with its games in threads of their own,
only that round's players pinged; and a restart mid-round that goes on where it was."""

from __future__ import annotations

import asyncio
import io
import re
from pathlib import Path

from PIL import Image

from bot.adapters.console import GUILD, Console
from bot.agents.director import Director
from bot.service import Actor
from bot.service.match_service import MatchService
from tests.servicekit import Clock

PLAYERS = [f"p{n}" for n in range(1, 10)]
GAME = re.compile(r"^#events bot: #(\d+): @(p\d) vs @(p\d)$")


def _console(service: MatchService, tmp_path: Path) -> tuple[Console, Director, list[str]]:
    """The console (where `mod` may manage the server), its director, the lines printed."""
    printed: list[str] = []
    console = Console(service, tmp_path / "out", printed.append, moderators={"mod"})
    return console, Director(service, console.round_started, console.round_board), printed


async def _run(console: Console, director: Director, *lines: str) -> None:
    for line in lines:
        await console.line(line)
        await director.settle()


def _games(printed: list[str]) -> list[tuple[int, str, str]]:
    return [(int(m[1]), m[2], m[3]) for line in printed if (m := GAME.match(line))]


async def _sign_up(console: Console, director: Director, rounds: int) -> None:
    await _run(
        console, director,
        f"#events mod: /tournament action:create game:checkers rounds:{rounds} time_per_move:1h",
        *(f"#events {p}: [Join]" for p in PLAYERS[:2]),
        *(f"#events {p}: /tournament join" for p in PLAYERS[2:]),
        "#events mod: [Start]",
    )  # fmt: skip


async def _play_round(console: Console, director: Director, printed: list[str]) -> None:
    """The first player of each game just posted resigns it."""
    games = _games(printed)
    printed.clear()
    for number, first, _ in games:
        await _run(
            console, director,
            f"#checkers-{number} {first}: /resign", f"#checkers-{number} {first}: [Yes, resign]",
        )  # fmt: skip


async def test_a_swiss_of_nine_over_five_rounds_from_create_to_final_standings(
    service: MatchService, tmp_path: Path
) -> None:
    console, director, printed = _console(service, tmp_path)
    await _sign_up(console, director, 5)
    met: set[frozenset[str]] = set()
    for number in range(1, 6):
        announcement = next(
            i for i, line in enumerate(printed) if "round " in line and "of 5" in line
        )
        assert printed[announcement].startswith(
            f"#events bot: **Tournament #1**, round {number} of 5"
        )
        games = _games(printed)
        assert len(games) == 4 and any(line.startswith("#events bot: bye: @") for line in printed)
        for _, a, b in games:
            assert frozenset((a, b)) not in met
            met.add(frozenset((a, b)))
        assert (
            sum(f"[thread #checkers-{n} opened]" in line for line in printed for n, *_ in games)
            == 4
        )
        await _play_round(console, director, printed)
    final = next(line for line in printed if "is over" in line)
    assert final.startswith("#events bot: **Tournament #1** is over: @p")
    assert "The podium: 1st @p" in final
    picture = next(line for line in printed if "standings-" in line).split("[file ")[1][:-1]
    image = Image.open(io.BytesIO(Path(picture).read_bytes()))
    assert image.width == 640 and image.height > 9 * 28
    printed.clear()
    await _run(console, director, "#events p1: /tournament standings")
    assert printed[0] == "#events bot (to p1): Tournament #1: standings after 5 rounds."


async def test_a_restart_mid_round_goes_on_where_it_was(
    service: MatchService, tmp_path: Path
) -> None:
    console, director, printed = _console(service, tmp_path)
    await _sign_up(console, director, 2)
    games = _games(printed)
    await director.close()  # the bot stops with round 1 under way
    for number, first, _ in games:  # its games end while nobody directs the event
        thread = console.names.channel_id(f"checkers-{number}")
        await service.play.resign(Actor(GUILD, thread, console.names.user_id(first)), number)
    printed.clear()
    again = Director(service, console.round_started, console.round_board)  # the bot starts again
    await again.resume()
    await again.settle()
    assert any("round 2 of 2" in line for line in printed)
    assert len(_games(printed)) == 4


async def test_an_event_set_to_start_starts_by_itself_after_a_restart(
    service: MatchService, clock: Clock, tmp_path: Path
) -> None:
    console, director, printed = _console(service, tmp_path)
    await _run(
        console, director,
        "#events mod: /tournament action:create game:checkers rounds:2 starts:30m",
        *(f"#events {p}: /tournament join" for p in PLAYERS[:4]),
    )  # fmt: skip
    await director.close()
    clock.now += 31 * 60  # the bot was down when it was due
    printed.clear()
    again = Director(service, console.round_started, console.round_board)
    await again.resume()
    for _ in range(50):  # the start's timer is due at once
        await asyncio.sleep(0.01)
        await again.settle()
        if printed:
            break
    assert any("round 1 of 2" in line for line in printed)


async def test_a_whole_round_robin_through_the_console(
    service: MatchService, tmp_path: Path
) -> None:
    console, director, printed = _console(service, tmp_path)
    await _run(
        console, director,
        "#events mod: /tournament action:create game:checkers format:round-robin",
        *(f"#events {p}: /tournament join" for p in PLAYERS[:5]),
        "#events mod: /tournament start",
    )  # fmt: skip
    met: set[frozenset[str]] = set()
    for number in range(1, 6):  # five players: five rounds, a bye each
        assert any(f"round {number} of 5" in line for line in printed)
        met |= {frozenset((a, b)) for _, a, b in _games(printed)}
        await _play_round(console, director, printed)
    assert len(met) == 10 and any("is over: @p" in line for line in printed)
