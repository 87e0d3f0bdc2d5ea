"""What the service benchmarks share: a pair of players who play random legal games, one
after another, through the service, timing each move."""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from bot.runtime import workers
from bot.service import Actor
from bot.service.match_service import MatchService
from bot.service.views import MoveResult
from render import board_png
from rules import GAMES


@dataclass
class Load:
    """How much to play, and what was measured."""

    moves: int  # stop once this many moves are played in all
    render: bool = False  # draw each board, in the worker processes as the bot does
    think_seconds: float = 0.0  # each move waits up to this long first (0: saturated)
    latencies: list[float] = field(default_factory=list)
    #: told of every move the service acknowledged
    on_move: Callable[[MoveResult], None] = lambda result: None


async def pair(
    service: MatchService, load: Load, guild: int, channel: int, users: tuple[int, int], n: int
) -> None:
    """Two players in one channel: random games of the n-th game in turn until enough moves."""
    rng, games = random.Random(guild * 1000 + n), list(GAMES)
    while len(load.latencies) < load.moves:
        made = await service.challenges.challenge(
            Actor(guild, channel, users[0]), games[n % len(games)], opponent_id=users[1]
        )
        match = await service.challenges.accept(Actor(guild, channel, users[1]), made.id)
        game = GAMES[match.game_id]
        while match.active and len(load.latencies) < load.moves:
            if load.think_seconds:
                await asyncio.sleep(rng.random() * load.think_seconds)
            text = game.format_move(rng.choice(game.legal_moves(match.position)))
            start = time.perf_counter()
            result = await service.play.move(
                Actor(guild, channel, match.user_to_move or 0), text, match.id
            )
            if load.render:
                await workers.run(
                    board_png, match.game_id, result.match.position,
                    last_move=result.move, before=match.position,
                )  # fmt: skip
            load.latencies.append(time.perf_counter() - start)
            load.on_move(result)
            match = result.match
