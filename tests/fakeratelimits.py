"""Discord's rate limits, as the double answers them: per-route buckets (a route and its major
parameter: the channel, the server, the webhook) told in `X-RateLimit-*` headers, a 429 with
`retry_after` when one is spent, and the global limit of 50 requests a second across every
request made with the bot's token (interaction answers aside, which go through their own
token). discord.py reads the headers and waits before a bucket is spent; it does not count
the global limit, so a bot that sends more than 50 a second meets 429s, each counted
towards Cloudflare's ban after 10,000 invalid requests in 10 minutes.

By default every bucket is wide (only the global limit binds); `discord_like` gives the
limits Discord gives a bot in a busy channel: 5 messages per 5 s a channel, threads slower
still and, seeded, now and then a thread creation held back much longer."""

from __future__ import annotations

import hashlib
import random
import time
from dataclasses import dataclass, field

#: Discord's global limit: requests a second with the bot's token
GLOBAL_LIMIT = 50


@dataclass(frozen=True)
class Window:
    limit: int
    seconds: float


@dataclass
class _Spent:
    started: float
    count: int = 0


#: what a route's bucket is keyed by, besides the route: Discord's major parameters
_MAJOR = ("channel_id", "guild_id", "webhook_id", "interaction_id")
#: routes answered through an interaction's token: outside the global limit
_INTERACTION = ("/interactions/", "/webhooks/")
POST_MESSAGE = "POST /channels/{channel_id}/messages"
START_THREAD = "POST /channels/{channel_id}/messages/{message_id}/threads"
WIDE = Window(1000, 1.0)


@dataclass
class RateLimits:
    """The double's buckets. `scale` shortens every window (0.1: 5 per 0.5 s), so a test can
    live through Discord's limits in a tenth of the time with the same shape."""

    windows: dict[str, Window] = field(default_factory=dict)
    scale: float = 1.0
    #: the chance that a thread creation is held back for `held_back` seconds (seeded)
    hold_threads: float = 0.0
    held_back: float = 30.0
    seed: int = 1
    _spent: dict[str, _Spent] = field(default_factory=dict)
    _global: _Spent = field(default_factory=lambda: _Spent(0.0))
    _random: random.Random = field(init=False)
    #: 429s answered (each counts towards Cloudflare's 10,000 invalid requests)
    too_many: int = 0
    global_too_many: int = 0

    def __post_init__(self) -> None:
        self._random = random.Random(self.seed)

    @classmethod
    def discord_like(cls, *, scale: float = 1.0, seed: int = 1) -> RateLimits:
        """A busy channel's limits: 5 posts per 5 s a channel, 5 threads per 30 s, and one
        thread creation in ten held back 30 s more (all times times `scale`)."""
        windows = {POST_MESSAGE: Window(5, 5.0), START_THREAD: Window(5, 30.0)}
        return cls(windows, scale=scale, hold_threads=0.1, seed=seed)

    def admit(
        self, method: str, template: str, path: str, params: dict[str, str]
    ) -> tuple[dict[str, str], float | None, bool]:
        """(the headers of the answer, seconds to retry after if refused, whether the global
        limit refused it)."""
        now = time.monotonic()
        if not path.startswith(_INTERACTION):
            spent = self._global
            if now - spent.started >= 1.0 * self.scale:
                spent.started, spent.count = now, 0
            if spent.count >= GLOBAL_LIMIT:
                self.too_many += 1
                self.global_too_many += 1
                return {}, spent.started + self.scale - now, True
            spent.count += 1
        route = f"{method} {template}"
        window = self.windows.get(route, WIDE)
        seconds = window.seconds * self.scale
        major = ":".join(params.get(name, "") for name in _MAJOR)
        spent = self._spent.setdefault(f"{route}|{major}", _Spent(now))
        if now - spent.started >= seconds:
            spent.started, spent.count = now, 0
        reset_after = spent.started + seconds - now
        bucket = hashlib.sha1(route.encode()).hexdigest()[:16]
        held = route == START_THREAD and self._random.random() < self.hold_threads
        if spent.count >= window.limit or held:
            self.too_many += 1
            wait = self.held_back * self.scale if held else reset_after
            return {"X-RateLimit-Bucket": bucket, "X-RateLimit-Scope": "shared"}, wait, False
        spent.count += 1
        headers = {
            "X-RateLimit-Limit": str(window.limit),
            "X-RateLimit-Remaining": str(window.limit - spent.count),
            "X-RateLimit-Reset": f"{time.time() + reset_after:.3f}",
            "X-RateLimit-Reset-After": f"{reset_after:.3f}",
            "X-RateLimit-Bucket": bucket,
        }
        return headers, None, False
