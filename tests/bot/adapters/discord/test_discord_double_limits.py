"""The double's rate limits and network faults, as Discord and the network give them: buckets
told in headers, 429s with retry_after, the global limit, and faults at a chosen request,
some after Discord has done what was asked."""

from __future__ import annotations

import asyncio
import json

import aiohttp
import discord
import pytest
from discord.http import HTTPClient, Route

from tests.fakediscord import FakeDiscord, FakeSession
from tests.fakeratelimits import GLOBAL_LIMIT, RateLimits

API = "https://discord.com/api/v10"
TEXT = 10


def double(channels: int = 1) -> FakeDiscord:
    fake = FakeDiscord({"id": "1", "username": "bot", "bot": True})
    for n in range(channels):
        fake.channels[TEXT + n] = {"id": str(TEXT + n), "type": 0, "guild_id": "9"}
    return fake


def post(fake: FakeDiscord, channel: int = TEXT) -> tuple[int, dict[str, object], dict[str, str]]:
    response = fake.answer("POST", f"{API}/channels/{channel}/messages", '{"content": "x"}')
    return response.status, json.loads(response._text), dict(response.headers)


def test_a_busy_channel_takes_five_posts_per_five_seconds() -> None:
    fake = double(2)
    fake.limits = RateLimits.discord_like()
    remaining = [post(fake)[2]["X-RateLimit-Remaining"] for _ in range(5)]
    assert remaining == ["4", "3", "2", "1", "0"]
    status, said, headers = post(fake)
    assert status == 429 and said["global"] is False and headers["Via"]
    assert 4.0 < float(said["retry_after"]) <= 5.0  # type: ignore[arg-type]
    assert post(fake, TEXT + 1)[0] == 200  # another channel, another bucket
    assert fake.invalid_requests == 1


def test_the_global_limit_binds_every_route_but_interaction_answers() -> None:
    fake = double(GLOBAL_LIMIT + 1)
    assert all(post(fake, TEXT + n)[0] == 200 for n in range(GLOBAL_LIMIT))
    status, said, _ = post(fake, TEXT + GLOBAL_LIMIT)
    assert (status, said["global"]) == (429, True)
    interaction_id, token = fake.new_interaction(TEXT)
    answer = {"type": 4, "data": {"content": "hi"}}
    callback = f"{API}/interactions/{interaction_id}/{token}/callback"
    assert fake.answer("POST", callback, json.dumps(answer)).status == 200


def test_thread_creation_is_now_and_then_held_back_seeded() -> None:
    held = []
    for seed in (1, 2):
        fake = double(40)
        fake.limits = RateLimits.discord_like(seed=seed)
        for n in range(40):
            fake.messages[n] = {"id": str(n), "channel_id": str(TEXT + n)}
        path = f"{API}/channels/{{}}/messages/{{}}/threads"
        answers = [
            fake.answer("POST", path.format(TEXT + n, n), '{"name": "t"}') for n in range(40)
        ]
        held.append([n for n, a in enumerate(answers) if a.status == 429])
        waits = {json.loads(answers[n]._text)["retry_after"] for n in held[-1]}
        assert waits == {30.0}
    assert held[0] and held[0] != held[1]


@pytest.mark.processes  # waits on real time: Discord's buckets, at a twentieth of their time
async def test_discordpy_keeps_to_the_buckets_it_is_told() -> None:
    """With the headers right, discord.py waits before a bucket is spent: twelve posts in
    one channel at 5 per 0.25 s meet no 429."""
    fake = double()
    fake.limits = RateLimits.discord_like(scale=0.05)
    http = HTTPClient(asyncio.get_running_loop())
    http._HTTPClient__session = FakeSession(fake)  # type: ignore[attr-defined]
    http._global_over = asyncio.Event()
    http._global_over.set()
    http.token = "x"
    route = Route("POST", "/channels/{channel_id}/messages", channel_id=TEXT)
    for _ in range(12):
        await http.request(route, json={"content": "x"})
    assert fake.invalid_requests == 0
    assert len(fake.sent) == 12


@pytest.mark.parametrize(
    ("kind", "raised", "done"),
    [
        ("refused", aiohttp.ClientConnectorError, False),
        ("disconnected", aiohttp.ServerDisconnectedError, True),
        ("timeout", TimeoutError, True),
    ],
)
def test_a_network_fault_at_a_chosen_request(
    kind: str, raised: type[Exception], done: bool
) -> None:
    fake = double()
    fake.fail(kind, path="/messages", after=1)
    assert post(fake)[0] == 200
    with pytest.raises(raised):
        post(fake)
    assert len(fake.sent) == 1 + done  # Discord did it, and the answer was lost
    assert post(fake)[0] == 200
    assert not issubclass(raised, discord.HTTPException)
