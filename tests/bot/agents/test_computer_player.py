"""Games against the computer: started at once, played by worker processes, unrated, never
timed out while it thinks, picked up after a restart, and refused what it cannot do."""

from __future__ import annotations

import asyncio
import os
import random
import signal
from collections.abc import AsyncIterator, Callable
from concurrent.futures import Executor, Future
from functools import partial
from pathlib import Path
from typing import Any

import pytest

from bot.adapters.console import COMPUTER, Console
from bot.agents.computer_player import ComputerPlayer
from bot.service import Actor
from bot.service.match_service import MatchService
from bot.service.views import MatchStatus, MoveResult
from bot.store import Store
from tests.servicekit import Clock, by, refused, snapshot, swept

GUILD, CHANNEL = 1, 10
ALICE, BOB, BOT = 100, 101, 999


@pytest.fixture
async def computer(
    service: MatchService, workers: Executor
) -> AsyncIterator[tuple[ComputerPlayer, list[MoveResult]]]:
    shown: list[MoveResult] = []

    async def announce(result: MoveResult) -> None:
        shown.append(result)

    player = ComputerPlayer(service, announce, executor=workers)
    yield player, shown
    await player.close()


async def test_the_computer_answers_each_move_until_the_end(
    service: MatchService, computer: tuple[ComputerPlayer, list[MoveResult]]
) -> None:
    player, shown = computer
    match = await service.computer.start(
        by(ALICE), BOT, "three-musketeers", level=1, side="musketeers"
    )
    assert match.computer_side == "e" and match.players == {"m": ALICE, "e": BOT}
    rng = random.Random(3)
    while (await service._shared.find.match(match.id)).active:
        moves = await service.play.legal_moves(by(ALICE), match.id)
        await service.play.move(by(ALICE), rng.choice(moves), match.id)
        await player.settle()
    final = await service._shared.find.match(match.id)
    assert final.status == MatchStatus.FINISHED and final.winner_side is not None
    assert {r.by_user for r in shown} == {BOT} and len(shown) == final.ply // 2
    ratings = await service._shared.store.all("SELECT * FROM ratings")
    assert ratings == []  # unrated
    (stats,) = await service.standings.stats(GUILD, ALICE, "three-musketeers")
    assert (stats.wins, stats.draws, stats.losses) == (0, 0, 0)  # against people
    record = stats.against_computer[1]
    assert (record.wins, record.losses) in ((1, 0), (0, 1))


async def test_the_computer_as_the_enemy_at_level_5_wins_every_game_from_the_start(
    service: MatchService, computer: tuple[ComputerPlayer, list[MoveResult]]
) -> None:
    """Its worker processes read the stored strategy: whatever the Musketeers do, it wins."""
    player, _ = computer
    rng = random.Random(16)
    for _ in range(3):
        match = await service.computer.start(
            by(ALICE), BOT, "three-musketeers", level=5, side="musketeers"
        )
        while (await service._shared.find.match(match.id)).active:
            moves = await service.play.legal_moves(by(ALICE), match.id)
            await service.play.move(by(ALICE), rng.choice(moves), match.id)
            await player.settle()
        final = await service._shared.find.match(match.id)
        assert final.status == MatchStatus.FINISHED and final.winner_side == "e"


async def test_the_computer_moves_first_and_its_clock_does_not_run(
    service: MatchService, clock: Clock, computer: tuple[ComputerPlayer, list[MoveResult]]
) -> None:
    player, shown = computer
    match = await service.computer.start(
        by(ALICE), BOT, "checkers", level=1, side="white", move_time="1h"
    )
    assert match.computer_to_move and match.deadline is None
    clock.now += 10 * 86400  # the bot was away for days
    assert await swept(service) == []  # no time-out, no reminder on the computer's turn
    await player.resume()
    await player.settle()
    after = await service._shared.find.match(match.id)
    assert after.ply == 1 and not after.computer_to_move and after.deadline is not None
    assert shown[0].match.id == match.id


async def test_a_restart_picks_up_the_computers_turn(
    db_path: Path, clock: Clock, workers: Executor
) -> None:
    store = await Store.open(db_path)
    service = MatchService(store, clock=clock)
    match = await service.computer.start(by(ALICE), BOT, "the-crown", level=1, side="b")
    await store.close()  # the bot stops before the computer has moved

    store = await Store.open(db_path)
    service = MatchService(store, clock=clock)
    shown: list[MoveResult] = []

    async def announce(result: MoveResult) -> None:
        shown.append(result)

    player = ComputerPlayer(service, announce, executor=workers)
    await player.resume()
    await player.settle()
    assert (await service._shared.find.match(match.id)).ply == 1 and len(shown) == 1
    await player.close()
    await store.close()


@pytest.mark.slow
async def test_a_move_made_stale_while_thinking_is_dropped(
    service: MatchService, computer: tuple[ComputerPlayer, list[MoveResult]]
) -> None:
    """The player resigns while the computer thinks: its move is not played, nothing is
    written, nothing is shown."""
    player, shown = computer
    match = await service.computer.start(by(ALICE), BOT, "checkers", level=5, side="w")
    await asyncio.sleep(0.05)  # thinking (level 5: 3 s)
    await service.play.resign(by(ALICE), match.id)
    before = await snapshot(service._shared.store)
    await player.settle()
    assert await snapshot(service._shared.store) == before and shown == []


async def test_what_a_game_against_the_computer_refuses(service: MatchService) -> None:
    await refused(
        service,
        service.computer.start(by(ALICE), BOT, "checkers", level=6),
        "There is no level 6: the computer plays levels 1 to 5.",
    )
    await refused(
        service,
        service.computer.start(by(BOT), BOT, "checkers"),
        "The computer cannot play itself.",
    )
    match = await service.computer.start(by(ALICE), BOT, "checkers", side="black")
    await refused(
        service,
        service.play.offer_draw(by(ALICE), match.id),
        "The computer takes no draws: play on, or resign.",
    )
    await refused(
        service,
        service.play.move(by(BOT), "11-15", match.id),
        "It is not your turn: waiting for user 100 to move.",
    )


@pytest.mark.slow
async def test_a_game_against_the_computer_through_the_console(
    service: MatchService, tmp_path: Path, workers: Executor
) -> None:
    """From `/challenge @bot` to the result, as a console user types it."""
    lines: list[str] = []
    console = Console(service, tmp_path / "out", lines.append)
    player = ComputerPlayer(service, console.computer_moved, executor=workers)
    await console.line(f"alice: /challenge @{COMPUTER} three-musketeers side:musketeers level:2")
    assert "I play at level 2 of 5; the game is unrated." in lines[0]
    assert "@alice challenged me. The Musketeers: @alice, the enemy: @bot." in "\n".join(lines)
    rng = random.Random(5)
    alice = console.names.user_id("alice")
    for _ in range(40):
        await player.settle()
        moves = await service.play.legal_moves(Actor(1, 0, alice), 1)
        if not moves:
            break
        await console.line(f"#three-musketeers-1 alice: /move {rng.choice(moves)}")
    await player.settle()
    assert any("Game over." in line for line in lines), lines[-5:]
    assert any("@bot played" in line for line in lines)
    await console.line("alice: /stats")
    assert "against the computer (unrated): level 2" in "\n".join(lines[-3:])
    await console.line("alice: /challenge @bob checkers level:2")
    assert lines[-1].endswith("A level is for games against me: choose me as the opponent.")
    await player.close()


async def test_a_worker_killed_while_thinking_is_replaced_and_the_turn_played(
    service: MatchService, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("bot.agents.computer_player.RETRY_SECONDS", 0.1)
    shown: list[MoveResult] = []

    async def announce(result: MoveResult) -> None:
        shown.append(result)

    player = ComputerPlayer(service, announce)  # its own pool, as in the bot
    match = await service.computer.start(by(ALICE), BOT, "checkers", level=2, side="w")
    pool = player.executor()
    while not pool._processes:  # type: ignore[attr-defined]
        await asyncio.sleep(0.01)
    for pid in list(pool._processes):  # type: ignore[attr-defined]
        os.kill(pid, signal.SIGKILL)
    for _ in range(300):  # the turn fails, then is tried again on a fresh pool
        await player.settle()
        if shown:
            break
        await asyncio.sleep(0.05)
    assert len(shown) == 1 and (await service._shared.find.match(match.id)).ply == 1
    assert player.executor() is not pool
    await player.close()


async def test_a_person_may_have_three_games_against_the_computer_at_once(
    service: MatchService,
) -> None:
    games = [
        await service.computer.start(
            Actor(GUILD + n, CHANNEL, ALICE), BOT, "checkers", side="black"
        )
        for n in range(3)  # on three servers: the limit counts them all
    ]
    await refused(
        service,
        service.computer.start(Actor(GUILD, CHANNEL + 1, ALICE), BOT, "the-crown", level=1),
        "The computer already plays or reviews 3 games of yours at once: finish or resign "
        "one before starting another.",
    )
    await service.play.resign(Actor(GUILD + 2, CHANNEL, ALICE), games[2].id)
    again = await service.computer.start(
        Actor(GUILD, CHANNEL + 1, ALICE), BOT, "the-crown", level=1
    )
    assert again.active


class HeldThinking(Executor):
    """Worker processes that think only when the test says: each submitted think waits,
    and `finish` runs it (at level 1: quick) and hands back its move."""

    def __init__(self) -> None:
        self.submitted: list[tuple[Future[str], Callable[[], str]]] = []

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        future: Future[str] = Future()
        self.submitted.append((future, partial(fn, *args, **kwargs)))
        return future

    def finish(self, number: int) -> None:
        future, think = self.submitted[number]
        future.set_result(think())


async def test_one_persons_flood_delays_anothers_move_by_one_think_at_most(
    store: Store, clock: Clock
) -> None:
    """Alice starts 20 games against the computer (with a limit raised for her), Bob one:
    with two workers busy on Alice's turns, the first worker to free up thinks for Bob."""
    service = MatchService(store, clock=clock, rng=random.Random(1), computer_games=20)
    shown: list[MoveResult] = []

    async def announce(result: MoveResult) -> None:
        shown.append(result)

    held = HeldThinking()
    player = ComputerPlayer(service, announce, executor=held, slots=2)
    try:
        alices = [
            await service.computer.start(by(ALICE), BOT, "checkers", side="white")
            for _ in range(20)  # the computer has Black and moves first
        ]
        await _until(lambda: len(held.submitted) == 2 and player.share.waiting == 18)
        bobs = await service.computer.start(by(BOB), BOT, "checkers", side="white")
        await _until(lambda: player.share.waiting == 19)
        held.finish(0)  # one think of Alice's ends: the freed worker thinks for Bob
        await _until(lambda: len(held.submitted) == 3)
        assert dict(player.share.held) == {ALICE: 1, BOB: 1} and player.share.waiting == 18
        held.finish(2)
        await _until(lambda: len(shown) == 2)
        assert {r.match.id for r in shown} == {alices[0].id, bobs.id}
    finally:
        await player.close()


async def _until(condition: Callable[[], bool]) -> None:
    """Let the loop run until `condition` holds (bounded by turns of the loop, not time; a
    millisecond a turn, so the database's thread gets the core on a loaded machine)."""
    for _ in range(10_000):
        if condition():
            return
        await asyncio.sleep(0.001)
    raise AssertionError("the condition never held")
