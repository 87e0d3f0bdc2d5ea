"""Helpers for service tests: a settable clock, table snapshots, quick matches, random play."""

from __future__ import annotations

import random
import sqlite3
import time
from collections.abc import Awaitable
from pathlib import Path
from typing import Any

import pytest

from bot.errors import Refusal, join_parts
from bot.service import Actor, result_parts
from bot.service.match_service import MatchService
from bot.service.views import MatchView, SweepEvent
from bot.store import Store
from bot.store.legacy import MIGRATIONS

GUILD, CHANNEL = 1, 10
#: the service's keyword arguments for an action taken in the test channel
ALICE, BOB, CAROL = 101, 102, 103


def by(user: int) -> Actor:
    """`user` acting in the tests' usual server and channel."""
    return Actor(GUILD, CHANNEL, user)


TABLES = (
    "challenges", "matches", "moves", "undone_moves", "ratings", "users", "analyses",
    "analysis_readings", "rating_history", "puzzles", "puzzle_attempts", "tournaments",
    "tournament_players", "tournament_games",
)  # fmt: skip


class Clock:
    """A clock the test moves by hand."""

    def __init__(self, now: float = 1_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


async def swept(service: MatchService) -> list[SweepEvent]:
    """One sweep, its news posted (marked sent in the outbox)."""
    events, failed = await service.deadlines.sweep()
    assert failed == 0
    for event in events:
        await service.deadlines.delivered(event)
    return events


def result(match: MatchView) -> str:
    """A match's result in words, people as Discord mentions."""
    return join_parts(result_parts(match), lambda user_id: f"<@{user_id}>")


class RunningClock(Clock):
    """A clock that runs with real time, and that a test can also move forward by hand."""

    def __init__(self, now: float = 1_000_000.0) -> None:
        super().__init__(now)
        self.started = time.monotonic()

    def __call__(self) -> float:
        return self.now + time.monotonic() - self.started


def legacy_database(path: Path, upto: int) -> None:
    """An SQLite file as the bot made it before Alembic, at hand-written version `upto`."""
    with sqlite3.connect(path) as db:
        for step in MIGRATIONS[:upto]:
            for statement in step:
                db.execute(statement)
        db.execute(f"PRAGMA user_version={upto}")
    db.close()


async def snapshot(store: Store) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of every table: equal snapshots mean nothing was written."""
    return {
        t: [tuple(r) for r in await store.all(f"SELECT * FROM {t} ORDER BY 1, 2")] for t in TABLES
    }


async def refused(service: MatchService, action: Awaitable[Any], message: str) -> None:
    """The action is refused with a message containing `message`, and nothing is written."""
    before = await snapshot(service._shared.store)
    with pytest.raises(Refusal, match=message):
        await action
    assert await snapshot(service._shared.store) == before


async def start_match(
    service: MatchService,
    game_id: str = "checkers",
    *,
    challenger: int = ALICE,
    opponent: int = BOB,
    side: str | None = None,
    channel: int = CHANNEL,
    move_time: int | str | None = None,
) -> MatchView:
    challenge = await service.challenges.challenge(
        Actor(GUILD, channel, challenger),
        game_id,
        opponent_id=opponent,
        side=side,
        move_time=move_time,
    )
    return await service.challenges.accept(Actor(GUILD, channel, opponent), challenge.id)


async def play_random(service: MatchService, match: MatchView, rng: random.Random) -> MatchView:
    """Random legal moves, by whoever is to move, until the game ends."""
    while match.active:
        user = match.user_to_move
        assert user is not None
        moves = await service.play.legal_moves(Actor(GUILD, match.channel_id, user), match.id)
        result = await service.play.move(
            Actor(GUILD, match.channel_id, user), rng.choice(moves), match.id
        )
        match = result.match
    return match
