"""`python -m tests.storm DB MATCHES`: play random games on many matches at once, forever,
printing `match ply move` after each move the service acknowledged (for the crash test)."""

from __future__ import annotations

import asyncio
import random
import sys

from bot.service import Actor
from bot.service.match_service import MatchService
from bot.store import Store
from rules import GAMES
from tests.servicekit import GUILD, start_match


async def storm(path: str, matches: int) -> None:
    store = await Store.open(path)
    service = MatchService(store)
    games = list(GAMES)

    async def player(index: int) -> None:
        rng = random.Random(index)
        channel = 1000 + index
        while True:
            match = await start_match(
                service,
                games[index % len(games)],
                channel=channel,
                challenger=2 * index + 1,
                opponent=2 * index + 2,
            )
            while match.active:
                user = match.user_to_move or 0
                moves = await service.play.legal_moves(Actor(GUILD, channel, user), match.id)
                result = await service.play.move(
                    Actor(GUILD, channel, user), rng.choice(moves), match.id
                )
                match = result.match
                print(f"{match.id} {match.ply} {result.move}", flush=True)

    await asyncio.gather(*(player(i) for i in range(matches)))


if __name__ == "__main__":
    asyncio.run(storm(sys.argv[1], int(sys.argv[2])))
