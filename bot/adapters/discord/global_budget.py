"""Discord's global rate limit, kept by each process to its share: a bot may make 50 requests
a second with its token, however many processes share the token, and every 429 counts
towards Cloudflare's ban of an hour after 10,000 invalid requests in 10 minutes. discord.py
keeps each route's bucket from Discord's headers but not the global limit (it waits only
once refused), so each process keeps to its shards' part of the 50: one process all of it,
a process serving 2 shards of 8 a quarter. Interaction answers go through their own token,
outside the limit, and outside this budget."""

from __future__ import annotations

import asyncio
import time
from collections import deque
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar, cast

from bot.runtime.shards import Shards

Request = TypeVar("Request", bound=Callable[..., Awaitable[Any]])
#: Discord's global limit, requests a second, and the part of it the bot uses (latency
#: varies, so requests sent a second apart may arrive closer)
GLOBAL_PER_SECOND, MARGIN = 50, 0.9


def share(shards: Shards | None) -> int:
    """This process's requests a second: its shards' part of the global limit."""
    part = 1.0 if shards is None else len(shards.ids) / shards.count
    return max(1, int(GLOBAL_PER_SECOND * MARGIN * part))


class GlobalBudget:
    """At most `per_second` requests in any one second, taken in the order asked."""

    def __init__(self, per_second: int, clock: Callable[[], float] = time.monotonic) -> None:
        self.per_second = per_second
        self._clock = clock
        self._sent: deque[float] = deque()
        self._turn = asyncio.Lock()

    async def take(self) -> None:
        async with self._turn:
            while True:
                now = self._clock()
                while self._sent and now - self._sent[0] >= 1.0:
                    self._sent.popleft()
                if len(self._sent) < self.per_second:
                    self._sent.append(now)
                    return
                await asyncio.sleep(self._sent[0] + 1.0 - now)

    def keeping(self, request: Request) -> Request:
        """discord.py's HTTPClient.request, each call waiting its turn in the budget."""

        async def within_budget(*args: Any, **kwargs: Any) -> Any:
            await self.take()
            return await request(*args, **kwargs)

        return cast(Request, within_budget)
