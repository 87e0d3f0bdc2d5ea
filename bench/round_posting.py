"""How long a tournament round takes to reach Discord: a Swiss of PLAYERS started on the
offline Discord double with Discord's limits as a busy channel meets them (5 posts per 5 s a
channel, 5 threads per 30 s, one thread creation in ten held back 30 s more), each request
0 to twice LATENCY ms late. Prints the seconds until the last board is posted, the
requests sent, the 429s met (each counts towards Cloudflare's ban) and how late the first
and last clocks started after the round was paired.

`python bench/round_posting.py [PLAYERS] [SCALE] [LATENCY]` (default 128 players, Discord's
own times (scale 1), 100 ms); SCALE 0.1 runs every window ten times as fast.
"""

from __future__ import annotations

import asyncio
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

PLAYERS = int(sys.argv[1]) if len(sys.argv) > 1 else 128
SCALE = float(sys.argv[2]) if len(sys.argv) > 2 else 1.0
os.environ["FAKE_DISCORD_LATENCY_MS"] = sys.argv[3] if len(sys.argv) > 3 else "100"

from bot.service import Actor  # noqa: E402
from tests.discordkit import CHANNEL_ID, GUILD_ID, MOD, DiscordHarness  # noqa: E402
from tests.fakeratelimits import RateLimits  # noqa: E402


async def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        bot = await DiscordHarness(Path(folder) / "bot.sqlite3").start()
        bot.fake.limits = RateLimits.discord_like(scale=SCALE)
        assert bot.bot.app is not None
        service = bot.bot.app.service
        events, boards = service.tournaments, service.tournaments.boards
        organiser = Actor(GUILD_ID, CHANNEL_ID, MOD[0])
        event = await events.create(organiser, "checkers", "swiss", 3, 86_400, allowed=True)
        for n in range(PLAYERS):
            await events.join(Actor(GUILD_ID, CHANNEL_ID, 700_000_000_000_000_000 + n), event.id)
        started = time.monotonic()
        paired_at = service.clock()
        await events.start(organiser, event.id, moderator=True)
        while (await events.view(event.id)).round == 0 or await boards.left(event.id):
            await asyncio.sleep(0.1)
        took = time.monotonic() - started
        games = [g for g in await events.rows.games(event.id) if g["match_id"]]
        starts = [(await service.match(g["match_id"])).deadline for g in games]
        late = sorted(d - 86_400 - paired_at for d in starts if d is not None)
        print(
            f"{PLAYERS} players, {len(games)} games, scale {SCALE}, latency "
            f"{os.environ['FAKE_DISCORD_LATENCY_MS']} ms: all boards posted in {took:.1f} s"
        )
        print(f"requests {len(bot.fake.requests)}, 429s {bot.fake.limits.too_many} "
              f"(global {bot.fake.limits.global_too_many}); clocks started "
              f"{late[0]:.1f} s to {late[-1]:.1f} s after pairing")  # fmt: skip
        await bot.stop()


if __name__ == "__main__":
    asyncio.run(main())
