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


def _in_thread(printed: list[str], match: int) -> str:
    """What was printed in a game's thread, one line after another."""
    return "\n".join(line for line in printed if line.startswith(f"#checkers-{match} bot: "))


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


async def test_a_tournaments_games_are_listed_on_the_web_site_as_challenged_games_are(
    service: MatchService, tmp_path: Path
) -> None:
    """Before: only a command that starts a game told the site that everyone can read its
    channel (the console's channels all are), so an event's games were never listed."""
    console, director, printed = _console(service, tmp_path)
    await _run(console, director, "#events mod: /settings web:on")
    await _sign_up(console, director, 1)
    site = await service.site.of(GUILD)
    assert site is not None and site.enabled
    listed = await service.site.listed(site, active=True, limit=10)
    assert sorted(game.match.id for game in listed) == sorted(n for n, *_ in _games(printed))


async def test_a_withdrawal_and_a_cancellation_end_their_games_in_their_threads(
    service: MatchService, tmp_path: Path
) -> None:
    """Before: the games ended unseen (their threads got no post, their boards kept their
    buttons) and the withdrawal's answer was garbled."""
    console, director, printed = _console(service, tmp_path)
    await _sign_up(console, director, 2)
    (number, first, second), *going = _games(printed)
    printed.clear()
    await _run(console, director, f"#events {first}: /tournament leave")
    assert printed[0] == (
        f"#events bot (to {first}): You have withdrawn from tournament #1: your games played "
        f"stand, and you are paired no more. Your game in progress, Checkers #{number}, is lost."
    )
    over = _in_thread(printed, number)
    assert f"— @{first} withdrew from tournament #1." in over and f"@{second} (White) won" in over
    printed.clear()
    await _run(console, director, "#events mod: /tournament cancel")
    assert printed[0] == (
        "#events bot: Tournament #1 is cancelled; its games in progress are called off."
    )
    for game, *_ in going:
        called_off = _in_thread(printed, game)
        assert "Tournament #1 is cancelled: this game counts for neither player." in called_off
        assert "Aborted by @mod" in called_off
    assert not any("[Resign]" in line for line in printed)  # boards of games over


async def test_the_sign_up_post_shows_its_edits_and_its_buttons_go_with_them(
    service: MatchService, tmp_path: Path
) -> None:
    """Before: the console left out the edits of the sign-up post (Discord makes them), and
    its buttons stayed to press after the event began."""
    console, director, printed = _console(service, tmp_path)
    await _run(
        console, director,
        "#events mod: /tournament action:create game:checkers rounds:2",
        "#events p1: /tournament join",
    )  # fmt: skip
    assert printed[-3:] == [
        "#events bot (edited): **Tournament #1**: Checkers, swiss (2 rounds), rated, organised "
        "by @mod: open for sign-up.",
        "#events bot (edited): Players (1): @p1.",
        "#events bot (edited): [Join] [Leave] [Start]",
    ]
    await _run(
        console, director,
        "#events p2: /tournament join", "#events p3: /tournament join", "#events mod: [Start]",
    )  # fmt: skip
    under_way = "organised by @mod: under way"
    assert any(line.startswith("#events bot (edited): ") and under_way in line
               for line in printed)  # fmt: skip
    printed.clear()
    await _run(console, director, "#events p2: [Leave]")
    assert printed == ["console: no [Leave] button to press in #events"]
